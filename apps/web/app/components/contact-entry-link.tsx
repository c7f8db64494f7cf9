import { useLingui } from "@lingui/react";
import { forwardRef, type ComponentProps } from "react";
import { Link } from "react-router";

import { openContact } from "~/lib/contact-entry";
import { href } from "~/lib/route-map";

import { isModifiedClick } from "./menu-link";
import { useLocale } from "~/lib/use-locale";

type Props = Omit<ComponentProps<"a">, "href"> & {
  /** Closes the mobile menu before anything else. */
  closeMenu?: () => void;
};

/**
 * The Contact entry: a real link to the contact page, so it works without JavaScript.
 * A click first offers the request to the support chat; only when the chat took it does the link's
 * own navigation get cancelled.
 */
export const ContactEntryLink = forwardRef<HTMLAnchorElement, Props>(function ContactEntryLink(
  { closeMenu, onClick, children, ...props },
  ref,
) {
  const { i18n } = useLingui();
  const locale = useLocale();

  return (
    <Link
      ref={ref}
      to={href("contact", locale)}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || isModifiedClick(event)) return;
        // The link itself goes to the contact page when the chat does not handle the request.
        const result = openContact({ navigate: () => undefined, closeMenu, locale });
        if (result === "chat") event.preventDefault();
      }}
      {...props}
    >
      {children ?? i18n._("page.contact.nav")}
    </Link>
  );
});
