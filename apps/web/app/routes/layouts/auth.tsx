import { Outlet } from "react-router";

import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";

/** Sign-in and account pages: a narrow, centred column without distractions. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-neutral-50 dark:bg-neutral-950">
      <SiteHeader accountLinks={false} />
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 py-10 focus:outline-none md:py-16"
      >
        <div className="w-full max-w-xl rounded-xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-10 dark:border-neutral-800 dark:bg-neutral-900">
          <Outlet />
        </div>
      </main>
      <SiteFooter counter={false} />
    </div>
  );
}
