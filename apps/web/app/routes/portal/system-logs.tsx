import { useLingui } from "@lingui/react";
import { ACTIVITY_MAX_ROWS, activityActionsOf, activityEndpoints } from "@ems/contracts/activity";
import { Form, Link, useLocation } from "react-router";

import { listLinkClass } from "~/components/list/link-class";
import { ListBody } from "~/components/list/list-body";
import { EmptyList, ListProblem } from "~/components/list/list-states";
import { Button } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/input";
import { ActivityTable, useActionLabel } from "~/features/activity/activity-table";
import { apiFromRequest } from "~/lib/api.server";
import { loadList } from "~/lib/load-list";
import { pageMeta } from "~/lib/meta";

import type { Route } from "./+types/system-logs";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(location.pathname, { title: "system_logs.meta_title" }, {}, { index: false });

/** The URL query the page reads and hands to the API; everything else is ignored. */
const FILTERS = ["action", "actor_user_id", "q", "from", "to", "page"] as const;

type Kind = "system" | "user";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind: Kind = url.searchParams.get("log") === "user" ? "user" : "system";
  const params: Record<string, string> = {};
  for (const name of FILTERS) {
    const value = url.searchParams.get(name);
    if (value) params[name] = value;
  }
  const endpoint = kind === "user" ? activityEndpoints.userLog : activityEndpoints.systemLog;
  return { kind, params, ...(await loadList(apiFromRequest(request, context), endpoint, params)) };
}

export default function SystemLogs({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const actionLabel = useActionLabel();
  const { kind, params, page, forbidden, invalid } = loaderData;
  const actorName = params.actor_user_id
    ? page?.items.find((item) => item.actor?.id === params.actor_user_id)?.actor?.name
    : undefined;
  const link = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams({ ...(kind === "user" ? { log: "user" } : {}), ...params });
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const search = next.toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  const problemTexts = {
    forbiddenTitle: i18n._("system_logs.forbidden_title"),
    forbidden: i18n._("system_logs.forbidden"),
    invalid: i18n._("system_logs.invalid_filter"),
  };
  const tabClass = (active: boolean) =>
    `rounded-md px-4 py-2 text-sm font-semibold ${active ? "bg-primary-700 text-white dark:bg-primary-500 dark:text-neutral-950" : "text-neutral-800 hover:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-800"}`;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{i18n._("system_logs.title")}</h1>
      <p className="mt-2 max-w-3xl text-neutral-700 dark:text-neutral-300">{i18n._("system_logs.intro")}</p>

      {forbidden ? (
        <div className="mt-8">
          <ListProblem forbidden invalid={false} texts={problemTexts} />
        </div>
      ) : (
        <>
          <nav aria-label={i18n._("system_logs.logs_label")} className="mt-8 flex gap-2">
            <Link
              to={link({ log: null, action: null, page: null })}
              preventScrollReset
              aria-current={kind === "system" ? "page" : undefined}
              className={tabClass(kind === "system")}
            >
              {i18n._("system_logs.system_tab")}
            </Link>
            <Link
              to={link({ log: "user", action: null, page: null })}
              preventScrollReset
              aria-current={kind === "user" ? "page" : undefined}
              className={tabClass(kind === "user")}
            >
              {i18n._("system_logs.user_tab")}
            </Link>
          </nav>
          <p className="mt-3 text-sm text-neutral-700 dark:text-neutral-300">
            {i18n._(kind === "system" ? "system_logs.system_intro" : "system_logs.user_intro")}
          </p>

          <Form
            method="get"
            className="mt-6 grid gap-3 rounded-xl border border-neutral-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 dark:border-neutral-800 dark:bg-neutral-900"
          >
            {kind === "user" ? <input type="hidden" name="log" value="user" /> : null}
            {params.actor_user_id ? (
              <input type="hidden" name="actor_user_id" value={params.actor_user_id} />
            ) : null}
            <label className="space-y-1 text-sm font-semibold">
              <span>{i18n._("system_logs.filter_action")}</span>
              <select name="action" defaultValue={params.action ?? ""} className={inputClassName}>
                <option value="">{i18n._("system_logs.all_actions")}</option>
                {activityActionsOf(kind).map((action) => (
                  <option key={action} value={action}>
                    {actionLabel(action)}
                  </option>
                ))}
              </select>
            </label>
            <label className="space-y-1 text-sm font-semibold">
              <span>{i18n._("system_logs.filter_search")}</span>
              <input
                name="q"
                type="search"
                defaultValue={params.q ?? ""}
                maxLength={100}
                className={inputClassName}
              />
            </label>
            <label className="space-y-1 text-sm font-semibold">
              <span>{i18n._("system_logs.filter_from")}</span>
              <input name="from" type="date" defaultValue={params.from ?? ""} className={inputClassName} />
            </label>
            <label className="space-y-1 text-sm font-semibold">
              <span>{i18n._("system_logs.filter_to")}</span>
              <input name="to" type="date" defaultValue={params.to ?? ""} className={inputClassName} />
            </label>
            <div className="flex items-end">
              <Button type="submit" className="w-full">
                {i18n._("system_logs.filter_apply")}
              </Button>
            </div>
          </Form>

          {invalid ? (
            <div className="mt-6">
              <ListProblem
                forbidden={false}
                invalid
                texts={problemTexts}
                clearHref={link({
                  action: null,
                  actor_user_id: null,
                  q: null,
                  from: null,
                  to: null,
                  page: null,
                })}
              />
            </div>
          ) : null}

          {page ? (
            <div className="mt-6">
              <ListBody
                page={page}
                before={
                  params.actor_user_id ? (
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                      <span>
                        {actorName
                          ? i18n._("system_logs.actor_filtered", { name: actorName })
                          : i18n._("system_logs.actor_filtered_unnamed")}
                      </span>
                      <Link className={listLinkClass} to={link({ actor_user_id: null, page: null })}>
                        {i18n._("system_logs.clear_actor")}
                      </Link>
                    </p>
                  ) : null
                }
                count={
                  page.total >= ACTIVITY_MAX_ROWS
                    ? i18n._("system_logs.count_capped", { count: ACTIVITY_MAX_ROWS })
                    : i18n._("system_logs.count", { count: page.total })
                }
                empty={<EmptyList>{i18n._("system_logs.empty")}</EmptyList>}
                pageHref={(p) => link({ page: p > 1 ? String(p) : null })}
              >
                {(items) => (
                  <ActivityTable
                    items={items}
                    caption={i18n._(kind === "system" ? "system_logs.system_tab" : "system_logs.user_tab")}
                    actorHref={(id) => link({ actor_user_id: id, page: null })}
                  />
                )}
              </ListBody>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
