import { createContext, use, useEffect, useRef, useState, type ComponentProps } from "react";

/**
 * Where floating layers (menus, tooltips) are portalled. The site header provides itself, so its
 * menus stay inside the banner landmark for assistive technology; elsewhere it is document.body.
 */
export const PortalContainerContext = createContext<HTMLElement | null>(null);

export function usePortalContainer(): HTMLElement | undefined {
  return use(PortalContainerContext) ?? undefined;
}

/**
 * A <header> whose floating layers portal into it. The element reaches them from an effect after
 * the first render: a ref callback setting state would re-render the whole header synchronously
 * inside hydration's commit, the longest task of a public page's load (issue 20). Only the layers
 * read the context, and the header's content comes in as children, so only they render again.
 */
export function PortalContainerHeader({ children, ...props }: ComponentProps<"header">) {
  const ref = useRef<HTMLElement>(null);
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => setElement(ref.current), []);
  return (
    <header ref={ref} {...props}>
      <PortalContainerContext value={element}>{children}</PortalContainerContext>
    </header>
  );
}
