import { data } from "react-router";

import type { Route } from "./+types/content";

/**
 * The content routes of SPEC §2: /{section}/{slug} and the knowledge-base articles
 * (/knowledge-base/{slug...}). Content pages and articles are Markdown files that arrive with the
 * content issue; until a page exists for a path, nothing matches and the answer is a 404.
 */
export function loader({ request }: Route.LoaderArgs): never {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}

// A default export keeps this a page route, so the error boundary renders the 404 page.
export default function ContentPage() {
  return null;
}
