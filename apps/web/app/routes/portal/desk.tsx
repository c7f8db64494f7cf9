import { useLingui } from "@lingui/react";

import { pageMeta } from "~/lib/meta";

import type { Route } from "./+types/desk";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(location.pathname, { title: "desk.meta_title" }, {}, { index: false });

/** The customer desk; only reachable through the dashboard layout's session check. */
export default function Desk() {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="desk-title" className="mx-auto max-w-7xl px-4 py-12 md:px-6">
      <h1 id="desk-title" className="text-3xl font-bold tracking-tight">
        {i18n._("desk.title")}
      </h1>
      <p className="mt-4 max-w-2xl text-neutral-700 dark:text-neutral-300">{i18n._("desk.intro")}</p>
    </section>
  );
}
