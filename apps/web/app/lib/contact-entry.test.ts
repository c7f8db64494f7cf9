import { afterEach, describe, expect, it, vi } from "vitest";

// The route map is generated from the translators' path files; the contact logic only needs href.
vi.mock("./route-map", () => ({
  href: (key: string, locale: string) => (locale === "en" ? `/${key}` : `/${locale}/${key}`),
}));

const { openContact, registerChatHandler, tryOpenChat } = await import("./contact-entry");

let unregister: (() => void) | undefined;

afterEach(() => {
  unregister?.();
  unregister = undefined;
  vi.restoreAllMocks();
});

describe("openContact", () => {
  it("falls back to the contact page in the page's language when no chat is registered", () => {
    const navigate = vi.fn();
    expect(openContact({ navigate, locale: "de" })).toBe("page");
    expect(navigate).toHaveBeenCalledWith("/de/contact");
  });

  it("takes the language from the current URL when none is given", () => {
    window.history.replaceState(null, "", "/fr/quelque-part");
    const navigate = vi.fn();
    openContact({ navigate });
    expect(navigate).toHaveBeenCalledWith("/fr/contact");
    window.history.replaceState(null, "", "/");
  });

  it("closes the menu before anything else", () => {
    const calls: string[] = [];
    openContact({
      navigate: () => calls.push("navigate"),
      closeMenu: () => calls.push("close"),
      locale: "en",
    });
    expect(calls).toEqual(["close", "navigate"]);
  });

  it("lets a registered chat handle the request without navigating", () => {
    const chat = vi.fn(() => true);
    unregister = registerChatHandler(chat);
    const navigate = vi.fn();
    const closeMenu = vi.fn();
    expect(openContact({ navigate, closeMenu, locale: "en" })).toBe("chat");
    expect(chat).toHaveBeenCalledOnce();
    expect(closeMenu).toHaveBeenCalledOnce();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("goes to the contact page when the chat declines", () => {
    unregister = registerChatHandler(() => false);
    const navigate = vi.fn();
    expect(openContact({ navigate, locale: "en" })).toBe("page");
    expect(navigate).toHaveBeenCalledWith("/contact");
  });

  it("only logs a failing chat and falls back", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    unregister = registerChatHandler(() => {
      throw new Error("chat script blocked");
    });
    const navigate = vi.fn();
    expect(openContact({ navigate, locale: "en" })).toBe("page");
    expect(navigate).toHaveBeenCalledWith("/contact");
    expect(log).toHaveBeenCalled();
  });

  it("never throws when navigation fails", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() =>
      openContact({ navigate: () => Promise.reject(new Error("no")), locale: "en" }),
    ).not.toThrow();
    expect(() =>
      openContact({
        navigate: () => {
          throw new Error("no");
        },
        locale: "en",
      }),
    ).not.toThrow();
    await Promise.resolve();
    expect(log).toHaveBeenCalledTimes(2);
  });

  it("unregistering removes the chat", () => {
    const remove = registerChatHandler(() => true);
    expect(tryOpenChat()).toBe(true);
    remove();
    expect(tryOpenChat()).toBe(false);
  });
});
