import { I18nProvider } from "@lingui/react";
import { COLOR_MODE_COOKIE } from "@ems/config/constants";
import { useEffect, useState, type ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  redirect,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";

import type { Route } from "./+types/root";
import colorModeScript from "./color-mode-script.js?raw";
import { AppToaster } from "./components/app-toaster";
import { ColorModeProvider } from "./components/color-mode-provider";
import { ErrorPage } from "./components/error-page";
import { SiteShell } from "./components/site-shell";
import { forcedColorMode, parseColorMode, usableForcedMode } from "./lib/color-mode";
import { FetcherToasts } from "./lib/fetcher-toasts";
import { readCookie } from "./lib/cookies";
import { useCspNonce } from "./lib/csp-nonce";
import { loadPageI18n } from "./lib/i18n";
import { findRedirectRule, loadRedirectRules } from "./lib/redirect-rules";
import { localeFromPath } from "./lib/locale";
import { errorPageMeta } from "./lib/error-page";
import { usePageI18n } from "./lib/use-page-i18n";
import { useLocale } from "~/lib/use-locale";

// In production the server puts the stylesheet inline into <head> (entry.server.tsx, ADR 0008);
// in development Vite's own style tag keeps it updating as classes change.
if (import.meta.env.DEV && !import.meta.env.SSR) void import("./app.css");

/**
 * The pages' policy allows no eval (ADR 0010), so zod validates without compiling in the browser
 * anyway. Saying so before the first schema is built spares its `new Function` probe, which the
 * browser reports as a policy violation on every page: zod reads its settings from this global
 * (z.config writes the same object), and the route modules build schemas before any app code runs.
 */
const ZOD_SCRIPT = "globalThis.__zod_globalConfig={jitless:true};";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { colorMode: parseColorMode(readCookie(request.headers.get("cookie"), COLOR_MODE_COOKIE)) };
}

/**
 * Client navigations: load the target page's catalog parts (its language; the portal part on the
 * way into the portal or an account page) before the new page renders, and read the
 * colour mode from the cookie here instead of asking the server.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { pathname } = new URL(request.url);
  const [, rules] = await Promise.all([loadPageI18n(pathname), loadRedirectRules()]);
  const rule = findRedirectRule(rules, pathname);
  // An external target makes React Router load the page in full.
  if (rule) throw redirect(rule.target, rule.statusCode);
  return { colorMode: parseColorMode(readCookie(document.cookie, COLOR_MODE_COOKIE)) };
}

export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // The client loader is cheap (cached catalog and redirect rules) and must see every new path to
  // apply the redirect rules; it never calls the server loader.
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

/** Only used when an error reaches the root boundary; pages set their own titles. */
export const meta: Route.MetaFunction = ({ error, location }) =>
  error
    ? errorPageMeta(localeFromPath(location.pathname), isRouteErrorResponse(error) ? error.status : 500)
    : [];

export function Layout({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const i18n = usePageI18n(locale);
  const colorMode = useRouteLoaderData<typeof loader>("root")?.colorMode ?? "system";
  // The <html> attributes are rendered once from the cookie; afterwards color-mode-script.js and the
  // toggle own them. Re-rendering them from props would undo "system" following the OS.
  const [initialMode] = useState(colorMode);
  // Marks the moment the page became interactive (error pages included); browser journeys wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // A route may force light or dark (`handle.colorMode`, docs/behaviour/public-site.md#colour-mode); the provider applies changes on
  // client navigations, the attribute below lets color-mode-script.js apply it before first paint.
  const requestedMode = forcedColorMode(useMatches());
  const [initialForced] = useState(() => usableForcedMode(requestedMode));
  const dark = (initialForced ?? initialMode) === "dark";
  const nonce = useCspNonce();

  return (
    <html
      lang={locale}
      dir="ltr"
      className={dark ? "dark" : undefined}
      data-color-mode={initialForced ?? initialMode}
      data-forced-color-mode={initialForced}
      style={{ colorScheme: dark ? "dark" : "light" }}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Inline and blocking on purpose: it sets the colour mode before the first paint without
            waiting for a request. The nonce is only known on the server (the browser hides it). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: colorModeScript }}
        />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ZOD_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider i18n={i18n}>
          <ColorModeProvider initial={initialMode} forced={requestedMode}>
            {children}
            <AppToaster />
          </ColorModeProvider>
        </I18nProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      {/* Beside the routes, so a post's success toast comes even when its form went with its row. */}
      <FetcherToasts />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // React Router already logs server-side errors; the page shows only the generic text.
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <SiteShell>
      <ErrorPage status={status} />
    </SiteShell>
  );
}
