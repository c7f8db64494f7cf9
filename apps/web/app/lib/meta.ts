import { siteConfig } from "@ems/config/site";

import { getI18n } from "./i18n";
import { localeFromPath } from "./locale";

/** Translated <title> and description for a page; the catalog is loaded before meta runs. */
export function pageMeta(
  pathname: string,
  keys: { title: string; description?: string },
  values: Record<string, unknown> = {},
  options: { index?: boolean } = {},
) {
  const i18n = getI18n(localeFromPath(pathname));
  const all = { brand: siteConfig.brand.name, ...values };
  const tags: ({ title: string } | { name: string; content: string })[] = [
    { title: i18n._(keys.title, all) },
  ];
  if (keys.description) tags.push({ name: "description", content: i18n._(keys.description, all) });
  if (options.index === false) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** Title of an error page: the SPEC §8 title for the status, never indexed. */
export function errorMeta(pathname: string, status: number) {
  const i18n = getI18n(localeFromPath(pathname));
  const title = i18n._(status === 404 ? "error.not_found_title" : "error.default_title");
  return [{ title: `${title} | ${siteConfig.brand.name}` }, { name: "robots", content: "noindex" }];
}
