import { useLingui } from "@lingui/react";
import type { BoardData } from "@ems/gerber/board-data";
import type { DfmReport } from "@ems/gerber/dfm";
import { formatNumber } from "@ems/i18n/format";
import { Link } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/cn";
import { useLocale } from "~/lib/use-locale";

import { findingText, unitTexts } from "./pcb-text";

const SEVERITY_DOT = {
  error: "bg-red-600",
  warning: "bg-amber-500",
  info: "bg-sky-600",
} as const;

/** What the server read from the Gerber zip: layers, size, smallest track and drill, holes. */
export function DetectedData({
  board,
  onUse,
}: {
  board: BoardData;
  /** Takes the detected values over into the form; absent where the version cannot be edited. */
  onUse?: () => void;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const n = (value: number) => formatNumber(value, locale);
  const units = unitTexts(i18n, locale);
  const mm = (value: number | null) => (value === null ? i18n._("pcbs.not_given") : units.mm(value));
  return (
    <section aria-labelledby="pcb-detected" className="space-y-2">
      <h3 id="pcb-detected" className="text-base font-semibold">
        {i18n._("pcbs.detected")}
      </h3>
      <p className="text-sm text-neutral-700 dark:text-neutral-300">{i18n._("pcbs.detected_hint")}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" data-testid="detected-data">
        <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("pcbs.detected_layers")}</dt>
        <dd className="font-medium">{n(board.layers)}</dd>
        <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("pcbs.detected_size")}</dt>
        <dd className="font-medium">
          {board.size.source === "none"
            ? i18n._("pcbs.not_given")
            : i18n._("pcbs.size_value", { width: n(board.size.widthMm), height: n(board.size.heightMm) })}
          {board.size.source === "copper" ? (
            <span className="block text-xs font-normal text-amber-800 dark:text-amber-300">
              {i18n._("pcbs.detected_no_outline")}
            </span>
          ) : null}
        </dd>
        <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("pcbs.detected_min_track")}</dt>
        <dd className="font-medium">{mm(board.minTrackMm)}</dd>
        <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("pcbs.detected_min_drill")}</dt>
        <dd className="font-medium">{mm(board.minDrillMm)}</dd>
        <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("pcbs.detected_drills")}</dt>
        <dd className="font-medium">
          {i18n._("pcbs.detected_drills_value", { holes: board.drills.holes, slots: board.drills.slots })}
        </dd>
      </dl>
      {onUse ? (
        <Button type="button" variant="outline" size="sm" onClick={onUse}>
          {i18n._("pcbs.use_detected")}
        </Button>
      ) : null}
    </section>
  );
}

/** The manufacturability report: a count by severity, then every finding with a link onto the board. */
export function DfmReportView({
  report,
  findingHref,
}: {
  report: DfmReport;
  /** Where a finding opens: the CAM view zoomed to it; null for findings without a place. */
  findingHref: (index: number) => string | null;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const errors = report.findings.filter((f) => f.severity === "error").length;
  const warnings = report.findings.filter((f) => f.severity === "warning").length;
  return (
    <section aria-labelledby="pcb-dfm" className="space-y-2">
      <h3 id="pcb-dfm" className="text-base font-semibold">
        {i18n._("pcbs.dfm")}
      </h3>
      {report.findings.length === 0 ? (
        <Alert variant="success">{i18n._("pcbs.dfm_clean")}</Alert>
      ) : (
        <>
          {errors + warnings === 0 ? (
            // Only notes (a silkscreen line close to a pad, say): nothing stands in the way of building it.
            <Alert variant="success">{i18n._("pcbs.dfm_only_notes")}</Alert>
          ) : (
            <p className="text-sm font-medium">{i18n._("pcbs.dfm_summary", { errors, warnings })}</p>
          )}
          <ul className="space-y-1.5 text-sm" data-testid="dfm-findings">
            {report.findings.map((finding, index) => {
              const target = findingHref(index);
              return (
                <li key={index} className="flex items-start gap-2">
                  <span
                    aria-hidden="true"
                    className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", SEVERITY_DOT[finding.severity])}
                  />
                  <span className="min-w-0 flex-1 break-words">
                    <span className="sr-only">{i18n._(`viewer.severity.${finding.severity}`)}: </span>
                    {findingText(i18n, locale, finding)}
                    {target ? (
                      <>
                        {" "}
                        <Link
                          to={target}
                          className="font-medium text-primary-800 underline dark:text-primary-300"
                        >
                          {i18n._("pcbs.dfm_show")}
                        </Link>
                      </>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {report.skipped.length > 0 ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {i18n._("pcbs.dfm_skipped", {
            rules: report.skipped.map((s) => i18n._(`pcbs.dfm.rule.${s.rule}`)).join(", "),
          })}
        </p>
      ) : null}
    </section>
  );
}

/** Where the server's reading of the files stands. */
export function AnalysisState({
  status,
  reason,
}: {
  status: "none" | "pending" | "failed";
  reason?: string | null;
}) {
  const { i18n } = useLingui();
  if (status === "pending")
    return (
      <p role="status" className="flex items-center gap-2 text-sm">
        <Spinner className="size-4" />
        {i18n._("pcbs.analysis_pending")}
      </p>
    );
  if (status === "failed")
    return (
      <Alert variant="warning">
        {i18n._("pcbs.analysis_failed", {
          reason: i18n._(`pcbs.analysis_reason.${reason && REASONS.has(reason) ? reason : "failed"}`),
        })}
      </Alert>
    );
  return <p className="text-sm text-neutral-700 dark:text-neutral-300">{i18n._("pcbs.analysis_none")}</p>;
}

const REASONS = new Set([
  "not-a-zip",
  "archive-too-large",
  "zip-bomb",
  "too-many-entries",
  "no-gerber-files",
  "timeout",
  "failed",
]);
