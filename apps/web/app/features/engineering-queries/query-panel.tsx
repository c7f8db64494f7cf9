import { useLingui } from "@lingui/react";
import { fileEndpoints } from "@ems/contracts/files";
import type { BoardSide, QueryDetail, QueryMessage } from "@ems/contracts/engineering-queries";
import { formatFileSize, formatNumber } from "@ems/i18n/format";
import { Crosshair, Download, MessageSquareWarning } from "lucide-react";
import { useEffect, useState } from "react";

import { QueryBoard } from "~/components/query-board";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { hrefOf } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { QUERY_STATUS_TONES } from "~/lib/status-tones";
import { useDateTime } from "~/lib/use-date-time";
import type { QueryBoardSource } from "~/lib/query-board";
import { useLocale } from "~/lib/use-locale";

import {
  initialQuery,
  isReplyable,
  pinnedDesignators,
  pinSide,
  type PinnedBomLine,
  type SheetQueries,
} from "./query-helpers";
import { QueryReplyForm } from "./query-reply-form";

const muted = "text-sm text-neutral-700 dark:text-neutral-300";

/** The element id of the board with the selected query's pins. */
const BOARD_ID = "query-board";

/** The element id of a query's article, which `?query=` scrolls to. */
export const queryAnchor = (id: string) => `query-${id}`;

/** One entry of the thread: who, when, the answer chosen, their words and files. */
function ThreadEntry({ message }: { message: QueryMessage }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const dateTime = useDateTime();
  return (
    <li
      className={cn(
        "space-y-1 rounded-lg border p-3",
        message.side === "customer"
          ? "border-primary-200 bg-primary-50/60 dark:border-primary-900 dark:bg-primary-950/40"
          : "border-neutral-200 dark:border-neutral-700",
      )}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold">{message.author_name}</span>
        <span className={muted}>{i18n._("eq.message_kind", { kind: message.kind, side: message.side })}</span>
        <time dateTime={message.created_at} className={muted}>
          {dateTime(message.created_at)}
        </time>
      </p>
      {message.option !== null ? (
        <p className="text-sm">
          <span className="font-semibold">{i18n._("eq.chosen_option")}</span> {message.option}
        </p>
      ) : null}
      {message.body ? <p className="text-sm break-words whitespace-pre-line">{message.body}</p> : null}
      {message.attachments.length > 0 ? (
        <ul aria-label={i18n._("eq.attachments")} className="flex flex-wrap gap-2 pt-1">
          {message.attachments.map((file) =>
            file.deleted ? (
              <li key={file.id} className={muted}>
                {i18n._("eq.attachment_deleted", { name: file.name })}
              </li>
            ) : (
              <li key={file.id}>
                <a
                  href={hrefOf(fileEndpoints.download, { params: { id: file.id } })}
                  download={file.name}
                  className="inline-flex items-center gap-1 rounded-md border border-neutral-300 px-2 py-1 text-sm font-medium text-primary-800 underline-offset-2 hover:underline dark:border-neutral-600 dark:text-primary-300"
                >
                  <Download aria-hidden="true" className="size-4" />
                  <span className="break-all">{file.name}</span>
                  <span className="text-neutral-700 dark:text-neutral-300">
                    ({formatFileSize(file.size, locale)})
                  </span>
                </a>
              </li>
            ),
          )}
        </ul>
      ) : null}
    </li>
  );
}

/** Where a query applies, as text: designators (and which of them the board cannot show), BOM lines, points. */
function QueryLocationText({
  query,
  board,
  bomLines,
}: {
  query: QueryDetail;
  board: QueryBoardSource | null;
  bomLines: Readonly<Record<string, PinnedBomLine>>;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { designators, bom_line_ids, points } = query.location;
  if (designators.length + bom_line_ids.length + points.length === 0)
    return <p className={muted}>{i18n._("eq.location_whole")}</p>;
  const { unplaced } = pinnedDesignators(designators, board?.parts ?? []);
  const mm = (value: number) => formatNumber(Math.round(value * 100) / 100, locale);
  return (
    <div className="space-y-2 text-sm">
      {designators.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{i18n._("eq.pinned_parts")}</span>
          <ul aria-label={i18n._("eq.pinned_parts")} className="flex flex-wrap gap-1">
            {designators.map((designator) => (
              <li
                key={designator}
                className="rounded-md bg-amber-100 px-2 py-0.5 font-mono text-xs font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-50"
              >
                {designator}
              </li>
            ))}
          </ul>
          {board && unplaced.length > 0 ? (
            <span className={muted}>{i18n._("eq.unplaced", { list: unplaced.join(", ") })}</span>
          ) : null}
        </div>
      ) : null}
      {bom_line_ids.length > 0 ? (
        <div className="space-y-1">
          <span className="font-semibold">{i18n._("eq.pinned_lines")}</span>
          <ul aria-label={i18n._("eq.pinned_lines")} className="space-y-1">
            {bom_line_ids.map((id) => {
              const line = bomLines[id];
              return (
                <li
                  key={id}
                  data-bom-line={id}
                  className="rounded-md border-l-4 border-amber-400 bg-amber-50 px-2 py-1 dark:border-amber-500 dark:bg-amber-950"
                >
                  {line
                    ? i18n._("eq.bom_line", {
                        position: line.position,
                        designators: line.designators.join(", ") || "—",
                        value: line.value ?? "—",
                        mpn: line.mpn ?? "—",
                      })
                    : i18n._("eq.bom_line_unknown")}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {points.length > 0 ? (
        <div className="space-y-1">
          <span className="font-semibold">{i18n._("eq.pinned_points")}</span>
          <ol aria-label={i18n._("eq.pinned_points")} className="space-y-0.5">
            {points.map((point, index) => (
              <li key={index}>
                {i18n._("eq.point", {
                  number: index + 1,
                  side: point.side,
                  x: mm(point.x_mm),
                  y: mm(point.y_mm),
                })}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}

function QueryArticle({
  query,
  board,
  bomLines,
  selected,
  onSelect,
  mayReply,
  uploadMaxBytes,
}: {
  query: QueryDetail;
  board: QueryBoardSource | null;
  bomLines: Readonly<Record<string, PinnedBomLine>>;
  selected: boolean;
  onSelect: () => void;
  mayReply: boolean;
  uploadMaxBytes: number;
}) {
  const { i18n } = useLingui();
  const headingId = `${queryAnchor(query.id)}-title`;
  const [question, ...thread] = query.messages;
  const pinsOnBoard =
    board !== null &&
    (query.location.points.length > 0 ||
      pinnedDesignators(query.location.designators, board.parts).placed.length > 0);
  return (
    <article
      id={queryAnchor(query.id)}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-query={query.number}
      className={cn(
        "scroll-mt-4 space-y-3 rounded-xl border p-4 focus-visible:outline-2 focus-visible:outline-primary-600",
        selected
          ? "border-primary-600 dark:border-primary-400"
          : "border-neutral-200 dark:border-neutral-700",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={headingId} className="min-w-0 font-semibold break-words">
          {i18n._("eq.query_heading", { number: query.number, title: query.title })}
        </h4>
        <Badge tone={QUERY_STATUS_TONES[query.status]}>{i18n._("eq.status", { status: query.status })}</Badge>
      </div>
      <p className={muted}>
        {i18n._("eq.raised", { name: query.raised_by_name ?? "—", days: query.age_days })}
      </p>
      {question ? (
        <p className="text-sm break-words whitespace-pre-line">{question.body ?? query.description}</p>
      ) : null}
      <QueryLocationText query={query} board={board} bomLines={bomLines} />
      {pinsOnBoard ? (
        <Button
          type="button"
          size="sm"
          variant={selected ? "primary" : "outline"}
          aria-pressed={selected}
          onClick={onSelect}
        >
          <Crosshair aria-hidden="true" className="size-4" />
          {i18n._("eq.show_on_board")}
        </Button>
      ) : null}
      {query.status === "open" && query.orders.length > 0 ? (
        <p className="flex items-start gap-2 text-sm font-medium text-amber-900 dark:text-amber-200">
          <MessageSquareWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {i18n._("eq.holds_orders", {
            count: query.orders.length,
            orders: query.orders.map((order) => order.number).join(", "),
          })}
        </p>
      ) : null}
      {query.options.length > 0 && query.status === "open" ? (
        <div className="text-sm">
          <p className="font-semibold">{i18n._("eq.options_offered")}</p>
          <ul className="list-disc pl-5">
            {query.options.map((option, index) => (
              <li key={index} className="break-words">
                {option}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {thread.length > 0 ? (
        <ol aria-label={i18n._("eq.conversation")} className="space-y-2">
          {thread.map((message) => (
            <ThreadEntry key={message.id} message={message} />
          ))}
        </ol>
      ) : null}
      {mayReply ? (
        <QueryReplyForm query={query} uploadMaxBytes={uploadMaxBytes} />
      ) : isReplyable(query.status) ? (
        <p className={muted}>{i18n._("eq.readers_note")}</p>
      ) : null}
    </article>
  );
}

/**
 * The engineering queries of the version a sheet shows (issue 21): each with its status, question,
 * where it applies and its thread, the answer form for those who may answer, and the board with the
 * selected query's pins. The query the address names (`?query=`, the mails link there) is selected,
 * scrolled to and focused.
 */
export function QueryPanel({
  queries,
  board,
  focusId,
  mayReply,
  uploadMaxBytes,
}: {
  queries: SheetQueries;
  board: QueryBoardSource | null;
  focusId: string | null;
  mayReply: boolean;
  uploadMaxBytes: number;
}) {
  const { i18n } = useLingui();
  const { items } = queries;
  const [selectedId, setSelectedId] = useState(() => initialQuery(items, focusId));
  const selected = items.find((query) => query.id === selectedId) ?? null;
  const [side, setSide] = useState<BoardSide>(() =>
    selected ? pinSide(selected, board?.parts ?? []) : "top",
  );
  const waiting = items.filter((query) => query.status === "open").length;

  useEffect(() => {
    if (!focusId) return;
    // After the sheet's own focus on opening, which would take it back.
    const timer = window.setTimeout(() => {
      const element = document.getElementById(queryAnchor(focusId));
      element?.scrollIntoView({ block: "start" });
      element?.focus({ preventScroll: true });
    }, 50);
    return () => window.clearTimeout(timer);
  }, [focusId]);

  const select = (query: QueryDetail) => {
    setSelectedId(query.id);
    setSide(pinSide(query, board?.parts ?? []));
    // The board is above the list: bring it into view with the query's pins.
    window.requestAnimationFrame(() =>
      document.getElementById(BOARD_ID)?.scrollIntoView({ block: "nearest", behavior: "smooth" }),
    );
  };

  return (
    <section aria-labelledby="engineering-queries" className="space-y-3">
      <h3 id="engineering-queries" className="text-base font-semibold">
        {i18n._("eq.heading")}
      </h3>
      {items.length === 0 ? (
        <p className={muted}>{i18n._("eq.none")}</p>
      ) : (
        <>
          <p className={muted}>
            {i18n._("eq.summary", { count: items.length, waiting })}
            {queries.total > items.length
              ? ` ${i18n._("eq.more", { shown: items.length, total: queries.total })}`
              : null}
          </p>
          {board &&
          selected &&
          (selected.location.designators.length > 0 || selected.location.points.length > 0) ? (
            <div id={BOARD_ID} className="scroll-mt-4 space-y-1">
              <p className="text-sm font-semibold">
                {i18n._("eq.board_heading", { number: selected.number })}
              </p>
              <QueryBoard
                board={board}
                designators={selected.location.designators}
                points={selected.location.points}
                side={side}
                onSideChange={setSide}
              />
            </div>
          ) : null}
          <div className="space-y-4">
            {items.map((query) => (
              <QueryArticle
                key={query.id}
                query={query}
                board={board}
                bomLines={queries.bomLines}
                selected={query.id === selectedId}
                onSelect={() => select(query)}
                mayReply={mayReply}
                uploadMaxBytes={uploadMaxBytes}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
