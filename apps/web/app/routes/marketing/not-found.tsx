import { data } from "react-router";

import type { Route } from "./+types/not-found";

/** The root catch-all: nothing matched, a 404 rendered by the root error boundary. */
export function loader({ request }: Route.LoaderArgs) {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}

// A default export keeps this a page route (a module without one would be a resource route and
// answer the bare error instead of the error page). The loader always throws, so it never renders.
export default function NotFound() {
  return null;
}
