import { siteConfig } from "@ems/config/site";
import type { Locale } from "@ems/i18n/locales";
import { formatMessage, hasMessage, messageCatalog } from "@ems/i18n/message-catalogs";

/**
 * E-mail texts live in content/locales/<locale>/emails.json as ICU messages, beside the web
 * catalogs, so translators find every text in one place. A template named `t` uses the keys
 * `t.subject`, `t.body` (paragraphs separated by blank lines) and, when the mail carries a link,
 * `t.action` (the button). `common.*` frames every mail.
 */
export type MailValues = Record<string, string | number>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function emailCatalog(locale: Locale): Readonly<Record<string, string>> {
  return messageCatalog("emails", locale);
}

/** The template names: every `<name>.subject` key of the English catalog. */
export function mailTemplateNames(): string[] {
  return Object.keys(emailCatalog("en"))
    .filter((key) => key.endsWith(".subject") && !key.startsWith("common."))
    .map((key) => key.slice(0, -".subject".length));
}

function format(locale: Locale, key: string, values: MailValues): string {
  return formatMessage("emails", locale, key, values);
}

function has(locale: Locale, key: string): boolean {
  return hasMessage("emails", locale, key);
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * Renders one mail in the recipient's language, as text and as HTML. Values are escaped for HTML
 * after formatting, so a name like `<script>` arrives as text. `url` adds a button (with the address
 * in plain text below it), `code` a large one-time code.
 */
export function renderMail(template: string, locale: Locale, values: MailValues): RenderedMail {
  const all: MailValues = { brand: siteConfig.brand.name, ...values };
  const subject = format(locale, `${template}.subject`, all);
  const paragraphs = format(locale, `${template}.body`, all)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const greeting = format(locale, "common.greeting", { name: String(values.name ?? "") });
  const signature = format(locale, "common.signature", all);
  const footer = format(locale, "common.footer", { ...all, email: siteConfig.contact.email });
  const url = typeof values.url === "string" ? values.url : undefined;
  const code = values.code === undefined ? undefined : String(values.code);
  const action =
    url && has(locale, `${template}.action`) ? format(locale, `${template}.action`, all) : undefined;
  const fallback = url ? format(locale, "common.link_fallback", {}) : undefined;

  const text = [
    greeting,
    ...paragraphs,
    ...(code ? [code] : []),
    ...(url ? [`${action ? `${action}: ` : ""}${url}`] : []),
    signature,
    "--",
    footer,
  ].join("\n\n");

  const p = (content: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(content).replace(/\n/g, "<br>")}</p>`;
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f4f6f4;font-family:Arial,Helvetica,sans-serif;color:#1c2620">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">`,
    `<p style="margin:0 0 24px;font-size:18px;font-weight:bold;color:#166534">${escapeHtml(siteConfig.brand.name)}</p>`,
    p(greeting),
    ...paragraphs.map(p),
    code
      ? `<p style="margin:24px 0;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:monospace">${escapeHtml(code)}</p>`
      : "",
    url && action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#166534;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p>`
      : "",
    url && fallback
      ? `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">${escapeHtml(fallback)}<br><a href="${escapeHtml(url)}" style="color:#166534;word-break:break-all">${escapeHtml(url)}</a></p>`
      : "",
    p(signature),
    `<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>`,
    `</div></body></html>`,
  ].join("");

  return { subject, text, html };
}
