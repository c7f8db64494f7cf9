import { useLingui } from "@lingui/react";
import { Outlet } from "react-router";

import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ClaimList } from "~/features/marketing/claim-list";
import { useClaimValues } from "~/features/marketing/use-claims";

/** Registration: the page beside a panel that says who the company registers with. */
export default function RegisterLayout() {
  const { i18n } = useLingui();
  const values = useClaimValues();
  return (
    <div className="flex min-h-dvh flex-col bg-neutral-50 dark:bg-neutral-950">
      <SiteHeader accountLinks={false} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 md:px-6 md:py-16 lg:grid-cols-[3fr_2fr]">
          <div className="rounded-xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-10 dark:border-neutral-800 dark:bg-neutral-900">
            <Outlet />
          </div>
          <aside aria-labelledby="register-aside-title" className="lg:pt-4">
            <h2 id="register-aside-title" className="mb-6 text-lg font-semibold">
              {i18n._("home.facts_heading", values)}
            </h2>
            <ClaimList columns={1} />
          </aside>
        </div>
      </main>
      <SiteFooter counter={false} />
    </div>
  );
}
