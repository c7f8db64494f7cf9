import { Outlet } from "react-router";

import { SiteShell } from "~/components/site-shell";

/** Public pages: header, content, counter band and footer. */
export default function DefaultLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
