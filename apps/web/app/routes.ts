import { LOCALES, type Locale } from "@ems/i18n/locales";
import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

import { localizePath } from "./lib/locale";

/**
 * Registers one page in all 12 languages: English unprefixed, the others under /<code> (SPEC §2).
 * The route ids carry the language so one module can serve every variant. This is the single place
 * that turns page paths into URLs; it will read the typed, translated route map of packages/i18n.
 */
function localized(path: string, file: string): RouteConfigEntry[] {
  const id = file.replace(/^routes\//, "").replace(/\.tsx$/, "");
  return LOCALES.map((locale: Locale) => {
    const url = localizePath(path, locale).slice(1);
    const options = { id: `${id}.${locale}` };
    return url === "" ? index(file, options) : route(url, file, options);
  });
}

export default [
  layout("routes/layouts/default.tsx", [...localized("/", "routes/marketing/home.tsx")]),
  layout("routes/layouts/auth.tsx", [...localized("/login", "routes/auth/login.tsx")]),
  layout("routes/layouts/register.tsx", [...localized("/register", "routes/auth/register.tsx")]),
  layout("routes/layouts/dashboard.tsx", [...localized("/my/desk", "routes/portal/desk.tsx")]),
  layout("routes/layouts/error.tsx", [...localized("/my/*", "routes/portal/my-catch-all.tsx")]),
  // Anything else, including /xx with an unknown language code, is a 404 (SPEC §8).
  route("*", "routes/marketing/not-found.tsx"),
] satisfies RouteConfig;
