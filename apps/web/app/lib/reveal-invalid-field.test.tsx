import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState, type FormEvent } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { messages as en } from "~/locales/en/messages";

/** A form that marks its empty fields invalid on submit, as Conform and the contact form do. */
function Form() {
  const [invalid, setInvalid] = useState<string[]>([]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setInvalid(["name", "city"].filter((name) => !data.get(name)));
  };
  return (
    <form onSubmit={submit} noValidate>
      {["name", "city"].map((name) => (
        <FormField key={name} label={name} error={invalid.includes(name) ? "Required" : undefined}>
          {(f) => <Input {...f} name={name} />}
        </FormField>
      ))}
      <button type="submit">Send</button>
    </form>
  );
}

const scrolled = vi.fn<(this: Element) => void>();

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom lays nothing out: every element counts as visible here, and scrolling is recorded.
  vi.spyOn(Element.prototype, "getClientRects").mockReturnValue([{}] as unknown as DOMRectList);
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.call(this);
  };
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  scrolled.mockReset();
});

describe("submitting a form with invalid fields", () => {
  it("scrolls the first invalid field's label and control into view and focuses the control", () => {
    render(
      <I18nProvider i18n={setupI18n({ locale: "en", messages: { en } })}>
        <Form />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByLabelText("name"), { target: { value: "Ana" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    vi.runAllTimers();
    const city = screen.getByLabelText("city");
    expect(document.activeElement).toBe(city);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(city.closest("[data-form-field]"));
  });

  it("does nothing when the form is valid", () => {
    render(
      <I18nProvider i18n={setupI18n({ locale: "en", messages: { en } })}>
        <Form />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByLabelText("name"), { target: { value: "Ana" } });
    fireEvent.change(screen.getByLabelText("city"), { target: { value: "Sibiu" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    vi.runAllTimers();
    expect(scrolled).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });
});
