import { createContext, use } from "react";

/**
 * Where floating layers (menus, tooltips) are portalled. The site header provides itself, so its
 * menus stay inside the banner landmark for assistive technology; elsewhere it is document.body.
 */
export const PortalContainerContext = createContext<HTMLElement | null>(null);

export function usePortalContainer(): HTMLElement | undefined {
  return use(PortalContainerContext) ?? undefined;
}
