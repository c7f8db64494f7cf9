import { data } from "react-router";

import { ErrorPage } from "~/components/error-page";
import { isValidMySlug } from "~/lib/my-slug";
import { errorPageMeta } from "~/lib/error-page";
import { localeFromPath } from "~/lib/locale";

import type { Route } from "./+types/my-catch-all";

/**
 * /my/{slug...}. A first segment outside the known sections fails validation: a fatal
 * 404 handled by the root error boundary. A known section without a page here is the non-fatal
 * "nothing matches" 404, rendered inside the error layout.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (!isValidMySlug(params["*"])) throw data(`Page Not Found: ${pathname}`, { status: 404 });
  return data({ message: `Page not found: ${pathname}` }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ location }) =>
  errorPageMeta(localeFromPath(location.pathname), 404);

export default function MyCatchAll() {
  return <ErrorPage status={404} />;
}
