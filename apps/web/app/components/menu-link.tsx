import { useLingui } from "@lingui/react";
import { ExternalLink } from "lucide-react";
import { forwardRef, type ComponentProps, type MouseEvent } from "react";
import { Link } from "react-router";

import { openGerberViewer } from "~/lib/gerber-viewer";
import type { MenuLink as MenuLinkData } from "~/lib/nav";

/** A click the browser should handle itself: new tab or window, download, another button. */
export function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

type Props = Omit<ComponentProps<"a">, "href"> & {
  link: MenuLinkData;
  /** Called after the link was chosen (closes the menu that holds it). */
  onChosen?: () => void;
};

/**
 * One menu entry. Most are router links; the Gerber viewer opens in a new window after its stored
 * file address is cleared. Without JavaScript that link still opens a new window.
 */
export const MenuLink = forwardRef<HTMLAnchorElement, Props>(function MenuLink(
  { link, onChosen, onClick, children, ...props },
  ref,
) {
  const { i18n } = useLingui();
  const label = children ?? i18n._(link.labelKey);

  if (link.newWindow) {
    return (
      <a
        ref={ref}
        href={link.href}
        target="_blank"
        rel="noopener"
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented || isModifiedClick(event)) return;
          event.preventDefault();
          openGerberViewer(link.href);
          onChosen?.();
        }}
        {...props}
      >
        {label}
        <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 opacity-70" />
        <span className="sr-only"> {i18n._("nav.new_window")}</span>
      </a>
    );
  }

  return (
    <Link
      ref={ref}
      to={link.href}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !isModifiedClick(event)) onChosen?.();
      }}
      {...props}
    >
      {label}
    </Link>
  );
});
