import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { remembered } from "@ems/i18n/format-ledger";
import type { Locale } from "@ems/i18n/locales";

import { needsPortalCatalog } from "./catalog-parts";
import { localeFromPath } from "./locale";

/**
 * One Lingui instance per language, created once the public part of its compiled catalog is loaded;
 * pages that need the portal part (`needsPortalCatalog`) load it into the same instance
 * (i18n.load merges). A per-language instance (instead of one global instance switched with
 * activate()) is safe under concurrent server renders in different languages.
 *
 * The parts are lazy imports, so Vite emits two chunks per language and a marketing page downloads
 * only its language's public part (issue 20). Files come from `npm run i18n:compile` (content/locales
 * → app/locales, gitignored; apps/web/scripts/split-catalogs.ts splits them).
 */
const publicParts = import.meta.glob<{ messages: Messages }>("../locales/*/public.ts");
const portalParts = import.meta.glob<{ messages: Messages }>("../locales/*/portal.ts");

const instances = new Map<Locale, I18n>();
const pending = new Map<Locale, Promise<I18n>>();
const portalLoading = new Map<Locale, Promise<I18n>>();
let latest: I18n | undefined;

/** How reportMissingMessage's console line starts. */
export const MISSING_MESSAGE = "Missing message";

/**
 * A text the loaded parts lack shows its id; say so loudly (the console of the server, the browser
 * and the journeys that watch it) instead of Lingui's misleading "uncompiled message" warning. A
 * public page that reaches for a portal text is the usual cause.
 */
export function reportMissingMessage(locale: string, id: string): string {
  console.error(`${MISSING_MESSAGE} "${id}" in the "${locale}" catalog`);
  return id;
}

const INTL_TYPES = new Set(["plural", "selectordinal", "number", "date", "time"]);
const usesIntlByMessage = new WeakMap<object, boolean>();

/** Whether a compiled message formats a number or date (a plural's "#" is a number) through Intl. */
export function messageUsesIntl(message: unknown): boolean {
  if (!Array.isArray(message)) return false;
  const known = usesIntlByMessage.get(message);
  if (known !== undefined) return known;
  const uses = message.some((token: unknown) => {
    if (!Array.isArray(token)) return false;
    const [, type, format] = token as [unknown, unknown, unknown];
    if (typeof type === "string" && INTL_TYPES.has(type)) return true;
    // A select's branches may hold plurals of their own.
    return (
      type === "select" &&
      typeof format === "object" &&
      format !== null &&
      Object.values(format).some(messageUsesIntl)
    );
  });
  usesIntlByMessage.set(message, uses);
  return uses;
}

type Translate = I18n["_"];

/**
 * Texts with plurals, numbers or dates go through the format ledger (@ems/i18n/format-ledger, ADR
 * 0021) like the formatters do: Lingui writes a plural's "#" with Intl.NumberFormat, the first of
 * which costs the hydrating browser Intl's locale data. Only calls with an id and plain values
 * (strings, numbers, booleans) are remembered; the key holds all of them.
 */
function rememberFormattedMessages(i18n: I18n): I18n {
  const translate: Translate = i18n._.bind(i18n);
  const remember = ((id: unknown, values?: unknown, options?: unknown) => {
    const call = () => (translate as (...args: unknown[]) => string)(id, values, options);
    if (typeof id !== "string" || !values || typeof values !== "object" || options !== undefined)
      return call();
    // Most texts with values have no plural, number or date: they need no ledger key at all.
    if (!messageUsesIntl(i18n.messages[id])) return call();
    const entries = Object.entries(values);
    const plain = entries.every(([, value]) => ["string", "number", "boolean"].includes(typeof value));
    if (!plain) return call();
    return remembered(`message:${i18n.locale}:${id}|${JSON.stringify(entries)}`, call);
  }) as Translate;
  i18n._ = remember;
  i18n.t = remember;
  return i18n;
}

function importPart(parts: typeof publicParts, locale: Locale, part: string): Promise<Messages> {
  const importer = parts[`../locales/${locale}/${part}.ts`];
  if (!importer) throw new Error(`No compiled catalog for "${locale}"; run npm run i18n:compile`);
  return importer().then((module) => module.messages);
}

function loadPublic(locale: Locale): Promise<I18n> {
  const ready = instances.get(locale);
  if (ready) return Promise.resolve(ready);
  let loading = pending.get(locale);
  if (!loading) {
    loading = importPart(publicParts, locale, "public").then((messages) => {
      const i18n = rememberFormattedMessages(
        setupI18n({ locale, messages: { [locale]: messages }, missing: reportMissingMessage }),
      );
      instances.set(locale, i18n);
      latest = i18n;
      pending.delete(locale);
      return i18n;
    });
    pending.set(locale, loading);
  }
  return loading;
}

/**
 * The language's instance with the public part, and the portal part too when `portal` is set; the
 * two parts download in parallel. Once loaded, the portal part stays (a later public page has it).
 */
export function loadI18n(locale: Locale, { portal = false }: { portal?: boolean } = {}): Promise<I18n> {
  if (!portal) return loadPublic(locale);
  let loading = portalLoading.get(locale);
  if (!loading) {
    loading = Promise.all([loadPublic(locale), importPart(portalParts, locale, "portal")]).then(
      ([i18n, messages]) => {
        i18n.load(locale, messages);
        return i18n;
      },
    );
    // A failed download may be retried by the next navigation.
    loading.catch(() => portalLoading.delete(locale));
    portalLoading.set(locale, loading);
  }
  return loading;
}

/** The catalog parts the page at `pathname` renders with, in its language. */
export function loadPageI18n(pathname: string): Promise<I18n> {
  return loadI18n(localeFromPath(pathname), { portal: needsPortalCatalog(pathname) });
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
