import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { LOCALES, type Locale } from "@ems/i18n/locales";
import { messageCatalog } from "@ems/i18n/message-catalogs";
import { emailCatalog, escapeHtml, mailTemplateNames, renderMail } from "./mail-templates.ts";

/** An ICU argument: its name and a sample value of the kind the message expects. */
interface Argument {
  name: string;
  sample: string | number;
}

/** The arguments a message uses (parsing throws on a message that is not valid ICU). */
function argumentsOf(message: string, locale: string): Argument[] {
  const ast = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst();
  const found = new Map<string, string | number>();
  const walk = (nodes: unknown[]) => {
    for (const node of nodes as {
      type: number;
      value?: string;
      options?: Record<string, { value: unknown[] }>;
    }[]) {
      // 0 literal, 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural, 7 #, 8 tag.
      if (node.type === 0 || node.type === 7 || typeof node.value !== "string") continue;
      const numeric = node.type === 2 || node.type === 6;
      const option = node.type === 5 ? Object.keys(node.options ?? {}).find((k) => k !== "other") : undefined;
      if (!found.has(node.value)) found.set(node.value, numeric ? 3 : (option ?? `«${node.value}»`));
      for (const branch of Object.values(node.options ?? {})) walk(branch.value);
    }
  };
  walk(ast);
  return [...found].map(([name, sample]) => ({ name, sample }));
}

function read(locale: Locale): Readonly<Record<string, string>> {
  return messageCatalog("emails", locale);
}

const english = read("en");

describe("e-mail catalogs", () => {
  it.each(LOCALES)("%s has exactly the English keys", (locale) => {
    expect(Object.keys(read(locale)).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(LOCALES)("%s: every message is valid ICU and uses only English's placeholders", (locale) => {
    const catalog = read(locale);
    for (const [key, text] of Object.entries(english)) {
      const known = argumentsOf(text, "en").map((a) => a.name);
      const translated = catalog[key];
      if (translated === undefined) continue; // reported by the key test
      let used: string[] = [];
      expect(() => {
        used = argumentsOf(translated, locale).map((a) => a.name);
      }, `${locale} ${key} parses`).not.toThrow();
      // A translation may leave a value out (the brand where the sentence does not need it), never invent one.
      for (const name of used) expect(known, `${locale} ${key}: {${name}}`).toContain(name);
    }
  });

  it("every template renders in every language, with its code and button", () => {
    expect(mailTemplateNames().length).toBeGreaterThan(5);
    for (const template of mailTemplateNames()) {
      const values: Record<string, string | number> = {};
      for (const key of [`${template}.subject`, `${template}.body`, `${template}.action`])
        for (const { name, sample } of english[key] ? argumentsOf(english[key], "en") : [])
          values[name] = sample;
      values.name = "Ana";
      values.url = "https://portal.example.test/x?token=abc";
      values.code ??= "123456";
      for (const locale of LOCALES) {
        const mail = renderMail(template, locale, values);
        const where = `${locale} ${template}`;
        expect(mail.subject.length, where).toBeGreaterThan(5);
        expect(mail.subject, where).not.toMatch(/[{}]/);
        expect(mail.text, where).not.toMatch(/[{}]/);
        expect(mail.html, where).toContain(`lang="${locale}"`);
        expect(mail.html, where).toContain(String(values.code));
        expect(mail.html, where).toContain('href="https://portal.example.test/x?token=abc"');
        if (english[`${template}.action`] !== undefined)
          expect(mail.html, where).toContain(
            `>${escapeHtml(emailCatalog(locale)[`${template}.action`]!)}</a>`,
          );
      }
    }
  });
});
