import type { Locale } from "@ems/i18n/locales";

import { localeFromPath } from "./locale";
import { href } from "./route-map";

/**
 * The contact entry (docs/behaviour/public-site.md#contact-entry-and-support-chat): first the support chat, else the contact page. The chat is an
 * optional integration that registers itself here once loaded; its handler answers true when it
 * took the request (opened the chat window). Synchronous on purpose: a link's click handler must
 * know at once whether to cancel its own navigation. No chat is registered until that integration
 * exists, so today every contact goes to the contact page.
 */
export type ChatHandler = () => boolean;

let chatHandler: ChatHandler | null = null;

/** Registers the support chat; returns a function that removes it again. */
export function registerChatHandler(handler: ChatHandler): () => void {
  chatHandler = handler;
  return () => {
    if (chatHandler === handler) chatHandler = null;
  };
}

/** Asks the registered chat to open. Any failure counts as not handled and is only logged. */
export function tryOpenChat(): boolean {
  const handler = chatHandler;
  if (!handler) return false;
  try {
    return handler() === true;
  } catch (error) {
    console.error("The support chat could not handle the contact request", error);
    return false;
  }
}

export interface OpenContactOptions {
  /** Goes to the contact page; a link that navigates by itself passes a no-op. */
  navigate: (to: string) => unknown;
  /** Closes the mobile menu first. */
  closeMenu?: () => void;
  locale?: Locale;
}

/**
 * Opens the support chat or, when it is missing, fails or declines, goes to the contact page.
 * Returns "chat" or "page". Never throws: errors are only logged.
 */
export function openContact({ navigate, closeMenu, locale }: OpenContactOptions): "chat" | "page" {
  try {
    closeMenu?.();
  } catch (error) {
    console.error("Closing the menu before contact failed", error);
  }
  if (tryOpenChat()) return "chat";
  try {
    const target = href("contact", locale ?? localeFromPath(window.location.pathname));
    const result = navigate(target);
    if (result instanceof Promise) {
      result.catch((error: unknown) => console.error("Navigating to the contact page failed", error));
    }
  } catch (error) {
    console.error("Navigating to the contact page failed", error);
  }
  return "page";
}
