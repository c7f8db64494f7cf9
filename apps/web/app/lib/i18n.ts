import { setupI18n, type I18n, type Messages } from "@lingui/core";
import type { Locale } from "@ems/i18n/locales";

/**
 * One Lingui instance per language, created once its compiled catalog is loaded. A per-language
 * instance (instead of one global instance switched with activate()) is safe under concurrent server
 * renders in different languages.
 *
 * The catalogs are lazy imports, so Vite emits one chunk per language and a page only downloads its
 * own. Files come from `npm run i18n:compile` (content/locales → app/locales, gitignored).
 */
const catalogs = import.meta.glob<{ messages: Messages }>("../locales/*/messages.ts");

const instances = new Map<Locale, I18n>();
const pending = new Map<Locale, Promise<I18n>>();
let latest: I18n | undefined;

export function loadI18n(locale: Locale): Promise<I18n> {
  const ready = instances.get(locale);
  if (ready) return Promise.resolve(ready);
  let loading = pending.get(locale);
  if (!loading) {
    const importer = catalogs[`../locales/${locale}/messages.ts`];
    if (!importer) throw new Error(`No compiled catalog for "${locale}"; run npm run i18n:compile`);
    loading = importer().then(({ messages }) => {
      const i18n = setupI18n({ locale, messages: { [locale]: messages } });
      instances.set(locale, i18n);
      latest = i18n;
      pending.delete(locale);
      return i18n;
    });
    pending.set(locale, loading);
  }
  return loading;
}

/** The loaded instance, or undefined while its catalog is still on its way. */
export function peekI18n(locale: Locale): I18n | undefined {
  return instances.get(locale);
}

/** The most recently loaded instance: what to show while another language's catalog arrives. */
export function latestI18n(): I18n | undefined {
  return latest;
}

/**
 * Synchronous access for render and meta functions. The entries (server and client) and the root
 * clientLoader load the page's catalog before anything renders, so a miss is a wiring bug.
 */
export function getI18n(locale: Locale): I18n {
  const i18n = instances.get(locale);
  if (!i18n) throw new Error(`Catalog for "${locale}" used before it was loaded`);
  return i18n;
}
