import { getFormProps, getTextareaProps } from "@conform-to/react";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import {
  FINAL_QUERY_STATUSES,
  QUERY_LIMITS,
  QUERY_STATUSES,
  querySettleSchema,
  queryStaffReplySchema,
  type QueryDetail,
  type QueryMessage,
  type QueryStatus,
  type QuerySummary,
} from "@ems/contracts/engineering-queries";
import { staffFileEndpoints } from "@ems/contracts/files";
import { formatDate, formatFileSize, formatNumber } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper } from "@tanstack/react-table";
import { Paperclip } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { z } from "zod";

import { DataTable } from "~/components/list/data-table";
import { ListBody } from "~/components/list/list-body";
import { EmptyList } from "~/components/list/list-states";
import { StatusBadge } from "~/components/list/status-badge";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { hrefOf } from "~/lib/api-client";
import type { FormReply } from "~/lib/form-action.server";
import { formErrorText } from "~/lib/form-errors";
import { isFiltered, listHref, sortChange, sortHidden, type ListState } from "~/lib/list-query";
import { href } from "~/lib/route-map";
import { QUERY_STATUS_TONES } from "~/lib/status-tones";
import { useDateTime } from "~/lib/use-date-time";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { STAFF_ENGINEERING_QUERIES } from "./list-specs";
import type { CompanyOption } from "./quotes-list";
import {
  CompanyFilter,
  Detail,
  FilterForm,
  FilterSearch,
  FilterSelect,
  linkClass,
  mutedClass,
} from "./staff-ui";

/**
 * The back office's side of engineering queries (docs/behaviour/engineering.md#engineering-queries):
 * the queue across customers, and one query with its thread, where staff comment, close or withdraw.
 */

/** A comment of staff on a query's thread (POST /api/staff/engineering-queries/:id/replies). */
export const queryCommentForm = queryStaffReplySchema.extend({ id: z.uuid() });

/** Closing or withdrawing a query; the button pressed (`intent`) says which. */
export const querySettleForm = querySettleSchema.extend({ id: z.uuid() });

/** The fetcher keys of a query's forms: the dialog reads their answers to explain a 409. */
const commentKey = (id: string) => `query-comment-${id}`;
const settleKey = (id: string) => `query-settle-${id}`;

/** Whether the action's answer is the API's 409: the query changed (or was settled) meanwhile. */
export function isConflict(reply: FormReply | undefined): boolean {
  return reply?.done === false && (reply.result.error?.[""] ?? []).includes("CONFLICT");
}

/** What a thread entry is, as the back office names it: staff's replies are comments. */
export function entryKind(message: Pick<QueryMessage, "kind" | "side">): string {
  if (message.kind === "reply") return message.side === "staff" ? "comment" : "answer";
  return message.kind;
}

export function QueryStatusBadge({ status }: { status: QueryStatus }) {
  const { i18n } = useLingui();
  return <StatusBadge tone={QUERY_STATUS_TONES[status]} label={i18n._("staff_eq.status", { status })} />;
}

/** "ASM-2026-00003, version 2": the specification and version a query is about. */
function subjectText(i18n: I18n, query: QuerySummary): string {
  return i18n._("staff_eq.subject", {
    kind: query.subject.kind,
    number: query.subject.number,
    version: query.subject.version,
    name: query.subject.name,
  });
}

/** Where a query opens: its queue's dialog (`?query=`). */
export function queryHref(locale: Locale, id: string): string {
  return `${href("staff-engineering-queries", locale)}?${new URLSearchParams({ query: id }).toString()}`;
}

const queryColumn = createColumnHelper<QuerySummary>();

function useQueryColumns(pathname: string, state: ListState, locale: Locale) {
  const { i18n } = useLingui();
  return useMemo(
    () => [
      queryColumn.accessor("number", {
        header: () => i18n._("staff.col_number"),
        cell: ({ row: { original: q } }) => (
          <Link
            to={listHref(pathname, state, STAFF_ENGINEERING_QUERIES, {
              filters: { query: q.id },
              page: state.page,
            })}
            preventScrollReset
            className={`${linkClass} whitespace-nowrap`}
          >
            {q.number}
          </Link>
        ),
      }),
      queryColumn.accessor("company_name", {
        id: "company",
        header: () => i18n._("staff_eq.col_customer"),
        cell: ({ row: { original: q } }) => q.company_name,
      }),
      queryColumn.accessor((q) => q.subject.number, {
        id: "subject",
        header: () => i18n._("staff_eq.col_subject"),
        cell: ({ row: { original: q } }) => (
          <>
            <span className="block">
              {i18n._("staff_eq.spec_version", { number: q.subject.number, version: q.subject.version })}
            </span>
            <span className={`block ${mutedClass}`}>{q.subject.name}</span>
          </>
        ),
      }),
      queryColumn.accessor("title", {
        header: () => i18n._("staff.col_title"),
        cell: ({ row: { original: q } }) => (
          <span className="block min-w-[12rem] break-words">{q.title}</span>
        ),
      }),
      queryColumn.accessor("status", {
        header: () => i18n._("staff.col_status"),
        cell: ({ row: { original: q } }) => <QueryStatusBadge status={q.status} />,
      }),
      // The API sorts by when it was raised; the age is its other face.
      queryColumn.accessor("age_days", {
        id: "created_at",
        header: () => i18n._("staff_eq.col_age"),
        cell: ({ row: { original: q } }) => (
          <span className="whitespace-nowrap tabular-nums">
            {i18n._("staff_eq.age", { days: q.age_days })}
          </span>
        ),
      }),
      queryColumn.accessor((q) => q.orders.length, {
        id: "orders",
        header: () => i18n._("staff_eq.col_orders"),
        cell: ({ row: { original: q } }) =>
          q.orders.length === 0 ? (
            <span className={mutedClass}>{i18n._("staff_eq.no_orders")}</span>
          ) : (
            <ul className="space-y-0.5">
              {q.orders.map((order) => (
                <li key={order.order_id} className="whitespace-nowrap">
                  <Link to={href("staff-order", locale, { order: order.order_id })} className={linkClass}>
                    {order.number}
                  </Link>
                  {q.status === "open" ? (
                    <span className="ml-1.5">
                      <Badge tone="warning">{i18n._("staff_eq.held")}</Badge>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ),
      }),
    ],
    [i18n, locale, pathname, state],
  );
}

/** The queue: every customer's queries, oldest first, with their filters. */
export function QueriesList({
  items,
  total,
  page,
  pageSize,
  companies,
  pathname,
  state,
  locale,
}: {
  items: QuerySummary[];
  total: number;
  page: number;
  pageSize: number;
  companies: CompanyOption[];
  pathname: string;
  state: ListState;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const columns = useQueryColumns(pathname, state, locale);
  const filtered = isFiltered(state, STAFF_ENGINEERING_QUERIES);
  return (
    <div className="space-y-4">
      <FilterForm
        label={i18n._("staff_eq.filter")}
        hidden={{ ...sortHidden(state, STAFF_ENGINEERING_QUERIES) }}
      >
        <FilterSelect
          name="status"
          label={i18n._("staff.col_status")}
          value={state.filters.status}
          allLabel={i18n._("staff.all_statuses")}
          options={QUERY_STATUSES.map((status) => ({
            value: status,
            label: i18n._("staff_eq.status", { status }),
          }))}
        />
        <CompanyFilter
          companies={companies}
          state={state}
          name="company"
          label={i18n._("staff_eq.col_customer")}
        />
        <FilterSearch label={i18n._("staff_eq.search")} value={state.q} />
      </FilterForm>
      <ListBody
        page={{ items, total, page, page_size: pageSize }}
        count={i18n._("staff_eq.count", { count: total })}
        empty={
          <EmptyList
            clearHref={filtered ? pathname : undefined}
            clearLabel={i18n._("staff_eq.clear_filters")}
          >
            {i18n._(filtered ? "staff_eq.empty_filtered" : "staff_eq.empty")}
          </EmptyList>
        }
        pageHref={(p) => listHref(pathname, state, STAFF_ENGINEERING_QUERIES, { page: p })}
        paginationLabel={i18n._("staff_eq.pagination")}
      >
        {(rows) => (
          <DataTable
            data={rows}
            columns={columns}
            caption={i18n._("staff_eq.table")}
            sortable={["number", "created_at"]}
            sort={state}
            sortHref={(key) =>
              listHref(
                pathname,
                state,
                STAFF_ENGINEERING_QUERIES,
                sortChange(state, STAFF_ENGINEERING_QUERIES, key),
              )
            }
            rowId={(q) => q.id}
            minWidth="min-w-[860px]"
            cards={false}
            rowHeader
          />
        )}
      </ListBody>
    </div>
  );
}

/** Where on the board a query applies, as text: designators, BOM lines, points, or the whole board. */
function QueryLocation({ query, locale }: { query: QueryDetail; locale: Locale }) {
  const { i18n } = useLingui();
  const { designators, bom_line_ids: lines, points } = query.location;
  if (designators.length === 0 && lines.length === 0 && points.length === 0)
    return <p>{i18n._("staff_eq.whole_board")}</p>;
  return (
    <div className="space-y-2">
      {designators.length > 0 ? (
        <ul aria-label={i18n._("staff_eq.designators")} className="flex flex-wrap gap-1.5">
          {designators.map((designator) => (
            <li key={designator}>
              <Badge tone="info">{designator}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {lines.length > 0 ? <p>{i18n._("staff_eq.bom_lines_count", { count: lines.length })}</p> : null}
      {points.length > 0 ? (
        <ul className="space-y-0.5">
          {points.map((point, index) => (
            <li key={index}>
              {i18n._("staff_eq.point", {
                side: point.side,
                x: formatNumber(point.x_mm, locale),
                y: formatNumber(point.y_mm, locale),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One entry of the thread: who, when, what kind, the option chosen, the words and the files. */
function ThreadEntry({
  message,
  options,
  locale,
}: {
  message: QueryMessage;
  options: string[];
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  return (
    <li className="rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
      <p className="text-sm font-semibold">
        {i18n._("staff_eq.entry", {
          kind: entryKind(message),
          name: message.author_name,
          date: dateTime(message.created_at),
        })}
      </p>
      {message.option !== null ? (
        <p className="mt-1 text-sm">
          {i18n._("staff_eq.chosen", {
            option: message.option ?? options[message.option_index ?? -1] ?? "",
          })}
        </p>
      ) : null}
      {message.body ? <p className="mt-1 text-sm break-words whitespace-pre-line">{message.body}</p> : null}
      {message.attachments.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label={i18n._("staff_eq.attachments")}>
          {message.attachments.map((file) => (
            <li key={file.id} className="flex items-center gap-1.5">
              <Paperclip aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
              {file.deleted ? (
                <span className={mutedClass}>
                  {i18n._("staff_eq.attachment_deleted", { name: file.name })}
                </span>
              ) : (
                <a
                  href={hrefOf(staffFileEndpoints.download, { params: { id: file.id } })}
                  className={`${linkClass} break-all`}
                >
                  {file.name}
                </a>
              )}
              <span className={`${mutedClass} whitespace-nowrap`}>({formatFileSize(file.size, locale)})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

const FORM_ERRORS = { CONFLICT: "staff_eq.conflict", NOT_FOUND: "staff_eq.missing" };

/** Staff's comment on the thread; the status stays. */
function CommentForm({ query }: { query: QueryDetail }) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: queryCommentForm,
    id: commentKey(query.id),
    success: i18n._("staff_eq.commented", { number: query.number }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-3">
      <IntentField intent="query_comment" />
      <input type="hidden" name={fields.id.name} value={query.id} />
      <input type="hidden" name={fields.expected_version.name} value={query.version} />
      {formErrors && !formErrors.includes("CONFLICT") ? (
        <Alert variant="error">
          {formErrorText(i18n, formErrors, "staff_eq.action_failed", FORM_ERRORS)}
        </Alert>
      ) : null}
      <FormField
        label={i18n._("staff_eq.comment")}
        description={i18n._("staff_eq.comment_hint")}
        error={formErrorText(i18n, fields.body.errors, "staff_eq.error_comment")}
      >
        {(f) => (
          <Textarea {...getTextareaProps(fields.body)} {...f} rows={3} maxLength={QUERY_LIMITS.replyMax} />
        )}
      </FormField>
      <Button type="submit" variant="outline" loading={busy}>
        {i18n._("staff_eq.comment_submit")}
      </Button>
    </fetcher.Form>
  );
}

/** Closing or withdrawing, with a note the customer reads. */
function SettleForm({ query }: { query: QueryDetail }) {
  const { i18n } = useLingui();
  // The toast comes as soon as the action answers; by the time the page has loaded the settled
  // query again this form is gone, so it says which button was pressed up front.
  const [pressed, setPressed] = useState<"query_close" | "query_withdraw">("query_close");
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: querySettleForm,
    id: settleKey(query.id),
    success: i18n._(pressed === "query_close" ? "staff_eq.closed_toast" : "staff_eq.withdrawn_toast", {
      number: query.number,
    }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name={fields.id.name} value={query.id} />
      <input type="hidden" name={fields.expected_version.name} value={query.version} />
      {formErrors && !formErrors.includes("CONFLICT") ? (
        <Alert variant="error">
          {formErrorText(i18n, formErrors, "staff_eq.action_failed", FORM_ERRORS)}
        </Alert>
      ) : null}
      <FormField
        label={i18n._("staff_eq.note")}
        description={i18n._("staff_eq.note_hint")}
        error={formErrorText(i18n, fields.note.errors, "staff_eq.error_note")}
      >
        {(f) => (
          <Textarea {...getTextareaProps(fields.note)} {...f} rows={2} maxLength={QUERY_LIMITS.replyMax} />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          name="intent"
          value="query_close"
          onClick={() => setPressed("query_close")}
          loading={busy && fetcher.formData?.get("intent") === "query_close"}
        >
          {i18n._("staff_eq.close")}
        </Button>
        <Button
          type="submit"
          name="intent"
          value="query_withdraw"
          onClick={() => setPressed("query_withdraw")}
          variant="outline"
          loading={busy && fetcher.formData?.get("intent") === "query_withdraw"}
        >
          {i18n._("staff_eq.withdraw")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * One query in a dialog (`?query=` opens it; closing goes to `closeTo`): what and where it asks, the
 * offered answers, the orders it holds, the thread, and while it is open or answered the comment,
 * close and withdraw forms. A 409 (someone else answered, commented or settled it meanwhile) says so;
 * the router has already loaded the query again.
 */
export function QueryDialog({
  query,
  missing,
  closeTo,
  locale,
}: {
  query: QueryDetail | null;
  missing: boolean;
  closeTo: string;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const dateTime = useDateTime();
  const comment = useFetcher<FormReply>({ key: commentKey(query?.id ?? "none") });
  const settle = useFetcher<FormReply>({ key: settleKey(query?.id ?? "none") });
  if (!query && !missing) return null;
  const close = () => void navigate(closeTo, { preventScrollReset: true });
  if (!query)
    return (
      <Dialog
        open
        onOpenChange={(next) => !next && close()}
        title={i18n._("staff_eq.missing_title")}
        closeLabel={i18n._("staff.close")}
      >
        <p className={mutedClass}>{i18n._("staff_eq.missing")}</p>
      </Dialog>
    );
  const final = FINAL_QUERY_STATUSES.includes(query.status);
  const conflict =
    (comment.state === "idle" && isConflict(comment.data)) ||
    (settle.state === "idle" && isConflict(settle.data));
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && close()}
      title={`${query.number} · ${query.title}`}
      description={i18n._("staff_eq.dialog_description", {
        company: query.company_name,
        subject: subjectText(i18n, query),
        name: query.raised_by_name ?? i18n._("staff_eq.someone"),
        date: formatDate(query.created_at, locale),
      })}
      closeLabel={i18n._("staff.close")}
      size="lg"
    >
      <div className="space-y-6">
        {conflict ? (
          <Alert variant="warning" title={i18n._("staff_eq.conflict_title")}>
            {i18n._("staff_eq.conflict")}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <QueryStatusBadge status={query.status} />
          <span className={mutedClass}>{i18n._("staff_eq.age", { days: query.age_days })}</span>
          <Link
            to={
              query.subject.kind === "assembly"
                ? `${href("staff-pcbas", locale)}?${new URLSearchParams({ pcba: query.subject.spec_id, query: query.id }).toString()}`
                : `${href("staff-pcbs", locale)}?${new URLSearchParams({ pcb: query.subject.spec_id }).toString()}`
            }
            className={`${linkClass} text-sm`}
          >
            {i18n._("staff_eq.open_subject", { kind: query.subject.kind, number: query.subject.number })}
          </Link>
        </div>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Detail term={i18n._("staff_eq.where")}>
            <QueryLocation query={query} locale={locale} />
          </Detail>
          <Detail term={i18n._("staff_eq.options")}>
            {query.options.length === 0 ? (
              <span className={mutedClass}>{i18n._("staff_eq.no_options")}</span>
            ) : (
              <ol className="list-decimal space-y-0.5 pl-5">
                {query.options.map((option, index) => (
                  <li key={index} className="break-words">
                    {option}
                  </li>
                ))}
              </ol>
            )}
          </Detail>
          <Detail term={i18n._("staff_eq.col_orders")}>
            {query.orders.length === 0 ? (
              <span className={mutedClass}>{i18n._("staff_eq.no_orders")}</span>
            ) : (
              <ul className="space-y-0.5">
                {query.orders.map((order) => (
                  <li key={order.order_id}>
                    <Link to={href("staff-order", locale, { order: order.order_id })} className={linkClass}>
                      {order.number}
                    </Link>{" "}
                    <span className={mutedClass}>
                      {i18n._("staff_eq.order_lines", { lines: order.line_positions.join(", ") })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Detail>
          {query.answered_at || query.closed_at ? (
            <Detail term={i18n._("staff_eq.last_change")}>{dateTime(query.updated_at)}</Detail>
          ) : null}
        </dl>

        <section aria-labelledby={`thread-${query.id}`}>
          <h3 id={`thread-${query.id}`} className="font-semibold">
            {i18n._("staff_eq.thread")}
          </h3>
          <ol className="mt-2 space-y-3">
            {query.messages.map((message) => (
              <ThreadEntry key={message.id} message={message} options={query.options} locale={locale} />
            ))}
          </ol>
        </section>

        {final ? (
          <p className={mutedClass}>{i18n._("staff_eq.final", { status: query.status })}</p>
        ) : (
          <div className="grid gap-6 border-t border-neutral-200 pt-5 md:grid-cols-2 dark:border-neutral-800">
            <section aria-labelledby={`comment-${query.id}`} className="space-y-2">
              <h3 id={`comment-${query.id}`} className="font-semibold">
                {i18n._("staff_eq.comment_title")}
              </h3>
              {/* Keyed by version: after a change elsewhere the form starts from the current state. */}
              <CommentForm key={query.version} query={query} />
            </section>
            <section aria-labelledby={`settle-${query.id}`} className="space-y-2">
              <h3 id={`settle-${query.id}`} className="font-semibold">
                {i18n._("staff_eq.settle_title")}
              </h3>
              <p className={mutedClass}>{i18n._("staff_eq.settle_intro")}</p>
              <SettleForm key={query.version} query={query} />
            </section>
          </div>
        )}
      </div>
    </Dialog>
  );
}

/** The page's address with `?query=` set to one query, or removed (null); everything else stays. */
export function withQuery(pathname: string, search: string, id: string | null): string {
  const params = new URLSearchParams(search);
  if (id) params.set("query", id);
  else params.delete("query");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The engineering queries on the version a back-office view shows, newest first, each opening in
 * the query dialog (`?query=`), with the button that raises a new one.
 */
export function VersionQueries({
  version,
  items,
  total,
  raise,
  pathname,
  search,
}: {
  version: number;
  items: QuerySummary[];
  total: number;
  raise: ReactNode;
  pathname: string;
  search: string;
}) {
  const { i18n } = useLingui();
  return (
    <section
      aria-labelledby="version-queries-title"
      className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id="version-queries-title" className="text-lg font-semibold">
          {i18n._("staff_eq.version_title", { version })}
        </h3>
        {raise}
      </div>
      {items.length === 0 ? (
        <p className={`mt-2 ${mutedClass}`}>{i18n._("staff_eq.version_none")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-neutral-200 dark:divide-neutral-800">
          {items.map((query) => (
            <li key={query.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <Link
                to={withQuery(pathname, search, query.id)}
                preventScrollReset
                className={`${linkClass} break-words`}
              >
                {query.number} · {query.title}
              </Link>
              <QueryStatusBadge status={query.status} />
              <span className={mutedClass}>{i18n._("staff_eq.age", { days: query.age_days })}</span>
            </li>
          ))}
        </ul>
      )}
      {total > items.length ? (
        <p className={`mt-2 ${mutedClass}`}>
          {i18n._("staff_eq.version_more", { shown: items.length, total })}
        </p>
      ) : null}
    </section>
  );
}
