import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";

import { messages as de } from "~/locales/de/messages";
import { messages as en } from "~/locales/en/messages";

import { FormField } from "./form-field";
import { Input } from "./input";
import { Textarea } from "./textarea";

function withI18n(locale: "en" | "de", children: ReactNode) {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === "de" ? de : en } });
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

const count = () => screen.getByTestId("character-count");

afterEach(cleanup);

describe("long text fields", () => {
  it("count the characters of a text area live and describe the field with the count", () => {
    render(
      withI18n(
        "en",
        <FormField label="Reason">{(f) => <Textarea {...f} name="reason" maxLength={500} />}</FormField>,
      ),
    );
    const field = screen.getByLabelText("Reason");
    expect(count().textContent).toContain("0 / 500");
    fireEvent.change(field, { target: { value: "x".repeat(123) } });
    expect(count().textContent).toContain("123 / 500");
    expect(field.getAttribute("aria-invalid")).toBeNull();
    expect(field.hasAttribute("maxlength")).toBe(false);
    const describedBy = field.getAttribute("aria-describedby")!.split(" ");
    expect(describedBy).toContain(count().id);
    expect(document.getElementById(count().id)?.textContent).toContain("123 of 500 characters");
  });

  it("let pasted text over the limit in and say by how much it is too long", () => {
    render(
      withI18n(
        "en",
        <FormField label="Reason">{(f) => <Textarea {...f} name="reason" maxLength={500} />}</FormField>,
      ),
    );
    const field = screen.getByLabelText("Reason") as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: "y".repeat(600) } });
    expect(field.value).toHaveLength(600);
    expect(count().textContent).toContain("600 / 500");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    const message = screen.getByText(/100 characters too long/);
    expect(message.textContent).toContain("at most 500");
    expect(field.getAttribute("aria-describedby")).toContain(message.id);

    fireEvent.change(field, { target: { value: "y".repeat(500) } });
    expect(field.getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText(/too long/)).toBeNull();
  });

  it("count one-line text fields from 200 characters on, in the page's number format, and keep the others as they were", () => {
    render(
      withI18n(
        "de",
        <>
          <FormField label="Straße">
            {(f) => <Input {...f} name="street" defaultValue="Hafenstraße 12" maxLength={2000} />}
          </FormField>
          <FormField label="PLZ">{(f) => <Input {...f} name="postal_code" maxLength={20} />}</FormField>
          <FormField label="Passwort">
            {(f) => <Input {...f} name="password" type="password" maxLength={1024} />}
          </FormField>
          <FormField label="E-Mail">
            {(f) => <Input {...f} name="email" type="email" maxLength={254} />}
          </FormField>
        </>,
      ),
    );
    expect(screen.getAllByTestId("character-count")).toHaveLength(1);
    expect(count().textContent).toContain("14 / 2.000");
    expect(count().textContent).toContain("14 von 2.000 Zeichen");
    const street = screen.getByLabelText("Straße");
    expect(street.hasAttribute("maxlength")).toBe(false);
    fireEvent.change(street, { target: { value: "s".repeat(2001) } });
    expect(screen.getByText(/1 Zeichen zu lang/)).toBeTruthy();
    expect(screen.getByLabelText("PLZ").getAttribute("maxlength")).toBe("20");
    expect(screen.getByLabelText("Passwort").getAttribute("maxlength")).toBe("1024");
    expect(screen.getByLabelText("E-Mail").getAttribute("maxlength")).toBe("254");
  });

  it("follow a controlled value and still call the form's own change handler", () => {
    function Controlled() {
      const [value, setValue] = useState("abc");
      return (
        <FormField label="Message">
          {(f) => (
            <Textarea {...f} value={value} onChange={(e) => setValue(e.target.value)} maxLength={300} />
          )}
        </FormField>
      );
    }
    render(withI18n("en", <Controlled />));
    expect(count().textContent).toContain("3 / 300");
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "z".repeat(301) } });
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toHaveLength(301);
    expect(screen.getByText(/1 character too long/)).toBeTruthy();
  });
});
