import { siteConfig } from "@ems/config/site";
import type { MetaDescriptor } from "react-router";

import { claimValues } from "@ems/content/values";
import { getI18n } from "./i18n";
import { localeFromPath } from "./locale";
import { pageAlternates, pageHref, type CurrentPage } from "./route-map";

type Tag = MetaDescriptor;

/**
 * The public origin for canonical links: PUBLIC_URL on the server (apps/api's server.ts sets it with
 * the API's own default, so pages and e-mails agree), else the site configuration (prerendering at
 * build time without PUBLIC_URL). Never the request's Host, which the client chooses.
 */
export function siteOrigin(): string {
  const fromEnv = typeof process !== "undefined" ? process.env.PUBLIC_URL : undefined;
  return (fromEnv ?? siteConfig.url).replace(/\/+$/, "");
}

/**
 * SEO links of a page (issue 3): a self canonical (an alias points to its primary path) and
 * an hreflang alternate for every language the page exists in, plus x-default (English).
 */
export function seoLinks(page: CurrentPage, origin: string): Tag[] {
  const own = pageHref(page.key, page.locale, page.params);
  const tags: Tag[] = [];
  if (own) tags.push({ tagName: "link", rel: "canonical", href: `${origin}${own}` });
  const alternates = pageAlternates(page.key, page.params);
  for (const { locale, path } of alternates) {
    tags.push({ tagName: "link", rel: "alternate", hrefLang: locale, href: `${origin}${path}` });
  }
  const fallback = alternates.find((a) => a.locale === "en") ?? alternates[0];
  if (fallback)
    tags.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: `${origin}${fallback.path}`,
    });
  return tags;
}

interface MetaOptions {
  index?: boolean;
  page?: CurrentPage | null;
  origin?: string;
}

function metaTags(title: string, description: string | undefined, options: MetaOptions): Tag[] {
  const tags: Tag[] = [{ title }];
  if (description) tags.push({ name: "description", content: description });
  if (options.index === false) tags.push({ name: "robots", content: "noindex" });
  else if (options.page) tags.push(...seoLinks(options.page, options.origin ?? siteOrigin()));
  return tags;
}

/** Translated <title> and description for a page; the catalog is loaded before meta runs. */
export function pageMeta(
  pathname: string,
  keys: { title: string; description?: string },
  values: Record<string, unknown> = {},
  options: MetaOptions = {},
) {
  const locale = options.page?.locale ?? localeFromPath(pathname);
  const i18n = getI18n(locale);
  const all = { ...claimValues(locale), ...values };
  const description = keys.description ? i18n._(keys.description, all) : undefined;
  return metaTags(i18n._(keys.title, all), description, options);
}

/** Title and description of a route-map page from its texts page.<key>.title and .description. */
export function routePageMeta(page: CurrentPage, options: MetaOptions = {}) {
  const i18n = getI18n(page.locale);
  const values = claimValues(page.locale);
  const title = `${i18n._(`page.${page.key}.title`, values)} – ${siteConfig.brand.name}`;
  return metaTags(title, i18n._(`page.${page.key}.description`, values), { ...options, page });
}
