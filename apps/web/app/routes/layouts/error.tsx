import { Outlet } from "react-router";

import { SiteShell } from "~/components/site-shell";

/**
 * The error layout (docs/behaviour/public-site.md#error-page): the same frame as public pages (header, counter band, footer) around a page
 * that renders the error body itself, used by the /my/{slug...} catch-all.
 */
export default function ErrorLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
