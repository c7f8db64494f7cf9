import { useLingui } from "@lingui/react";
import {
  CROSS_CHECK_CODES,
  PNP_ORIGINS,
  PNP_UNITS,
  type PlacementsDto,
  type PlacementsPreview,
} from "@ems/contracts/assemblies";
import { formatDate, formatNumber } from "@ems/i18n/format";
import { getFormProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";

import { FileUpload, type UploadedFile } from "~/components/file-upload";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField, IntentField } from "~/components/ui/form-field";
import { inputClassName } from "~/components/ui/input";
import { formErrorText } from "~/lib/form-errors";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";
import { useLocale } from "~/lib/use-locale";

import { FILE_REFUSAL_TEXTS, placementsImportForm } from "./assembly-form";

/** The file types a centroid export comes as: CSV or text, KiCad's .pos, or a workbook. */
const PNP_ACCEPT = ".csv,.txt,.pos,.xlsx,text/csv,text/plain";

type PlacementsView = Pick<
  PlacementsDto,
  | "source_name"
  | "unit"
  | "origin"
  | "panel_copies"
  | "counts"
  | "placements"
  | "problems"
  | "findings"
  | "outline"
>;

/** Per side, how many parts are surface-mount and how many through-hole. */
function SideCounts({ counts }: { counts: PlacementsDto["counts"] }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const n = (value: number) => formatNumber(value, locale);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {(
        [
          ["assembly.pnp_top", counts.top_smt, counts.top_tht],
          ["assembly.pnp_bottom", counts.bottom_smt, counts.bottom_tht],
        ] as const
      ).map(([label, smt, tht]) => (
        <div key={label}>
          <dt className="text-neutral-700 dark:text-neutral-300">{i18n._(label)}</dt>
          <dd className="font-semibold tabular-nums">
            {i18n._("assembly.pnp_side_counts", { smt: n(smt), tht: n(tht) })}
          </dd>
        </div>
      ))}
      <div>
        <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("assembly.pnp_total")}</dt>
        <dd className="font-semibold tabular-nums">{n(counts.total)}</dd>
      </div>
    </dl>
  );
}

/**
 * The parts as dots over the board outline, seen from the top: enough to see at a glance whether
 * the unit and the origin are right (a board in mils read as millimetres is 25 times too large).
 */
export function PlacementsPlot({ view }: { view: PlacementsView }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const off = new Set(view.findings.filter((f) => f.finding === "off_board").map((f) => f.designator));
  const xs = view.placements.map((p) => p.x);
  const ys = view.placements.map((p) => p.y);
  const outline = view.outline;
  const minX = Math.min(...xs, outline?.min_x ?? Infinity);
  const maxX = Math.max(...xs, outline?.max_x ?? -Infinity);
  const minY = Math.min(...ys, outline?.min_y ?? Infinity);
  const maxY = Math.max(...ys, outline?.max_y ?? -Infinity);
  if (!Number.isFinite(minX) || !Number.isFinite(minY)) return null;
  const span = Math.max(maxX - minX, maxY - minY, 1);
  const margin = span * 0.04;
  const dot = span / 120;
  // SVG's Y grows downwards; the board's upwards.
  const box = `${minX - margin} ${-maxY - margin} ${maxX - minX + 2 * margin} ${maxY - minY + 2 * margin}`;
  const label = i18n._("assembly.pnp_plot_label", {
    top: formatNumber(view.counts.top, locale),
    bottom: formatNumber(view.counts.bottom, locale),
  });
  return (
    <figure className="space-y-1">
      <svg
        viewBox={box}
        role="img"
        aria-label={label}
        className="h-56 w-full rounded-md border border-neutral-200 bg-neutral-50 dark:border-neutral-700 dark:bg-neutral-900"
        data-testid="placements-plot"
      >
        {outline ? (
          <rect
            x={outline.min_x}
            y={-outline.max_y}
            width={outline.max_x - outline.min_x}
            height={outline.max_y - outline.min_y}
            className="fill-emerald-100 stroke-emerald-700 dark:fill-emerald-950 dark:stroke-emerald-400"
            strokeWidth={span / 300}
          />
        ) : null}
        {view.placements.map((p, index) => (
          <circle
            key={`${p.designator}-${index}`}
            cx={p.x}
            cy={-p.y}
            r={dot}
            className={
              off.has(p.designator)
                ? "fill-red-600"
                : p.side === "top"
                  ? "fill-sky-700 dark:fill-sky-300"
                  : "fill-amber-600 dark:fill-amber-300"
            }
          >
            <title>{p.designator}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-neutral-700 dark:text-neutral-300">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-sky-700 dark:bg-sky-300" />
          {i18n._("assembly.pnp_top")}
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-amber-600 dark:bg-amber-300" />
          {i18n._("assembly.pnp_bottom")}
        </span>
        {off.size > 0 ? (
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="size-2.5 rounded-full bg-red-600" />
            {i18n._("assembly.finding.off_board")}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** Unreadable rows and the cross-check against the BOM and the board. */
function PlacementsFindings({ view }: { view: PlacementsView }) {
  const { i18n } = useLingui();
  const groups = CROSS_CHECK_CODES.map((code) => ({
    code,
    designators: view.findings.filter((f) => f.finding === code).map((f) => f.designator),
  })).filter((group) => group.designators.length > 0);
  return (
    <>
      {view.problems.length > 0 ? (
        <div className="space-y-1">
          <h4 className="text-sm font-semibold">
            {i18n._("assembly.pnp_problems", { count: view.problems.length })}
          </h4>
          <ul className="space-y-1 text-sm">
            {view.problems.map((problem) => (
              <li key={`${problem.row}-${problem.reason}`}>
                {i18n._("assembly.pnp_problem_row", {
                  row: problem.row,
                  reason: i18n._(`assembly.pnp_problem.${problem.reason}`),
                })}
                {problem.detail ? (
                  <span className="text-neutral-700 dark:text-neutral-300"> ({problem.detail})</span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {groups.length > 0 ? (
        <div className="space-y-2">
          <h4 className="text-sm font-semibold">{i18n._("assembly.cross_check")}</h4>
          <ul className="space-y-2 text-sm">
            {groups.map(({ code, designators }) => (
              <li key={code} className="space-y-0.5">
                <span className="flex flex-wrap items-center gap-2">
                  <Badge tone={code === "missing_placement" || code === "off_board" ? "error" : "warning"}>
                    {i18n._("assembly.finding_count", { count: designators.length })}
                  </Badge>
                  <span className="font-semibold">{i18n._(`assembly.finding.${code}`)}</span>
                </span>
                <span className="block break-words text-neutral-700 dark:text-neutral-300">
                  {designators.join(", ")}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {i18n._("assembly.cross_check_clean")}
        </p>
      )}
    </>
  );
}

/** What was read from the pick-and-place file: counts per side, unreadable rows, the cross-check. */
function PlacementsSummary({ placements }: { placements: PlacementsDto }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <div className="space-y-3" data-testid="placements-summary">
      <p className="text-sm break-words text-neutral-700 dark:text-neutral-300">
        {i18n._("assembly.pnp_source", {
          name: placements.source_name,
          date: formatDate(placements.created_at, locale),
        })}
      </p>
      <SideCounts counts={placements.counts} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {(
          [
            ["assembly.pnp_unit", i18n._(`assembly.unit.${placements.unit}`)],
            ["assembly.pnp_origin", i18n._(`assembly.origin.${placements.origin}`)],
            ["assembly.pnp_panel_copies", formatNumber(placements.panel_copies, locale)],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-neutral-700 dark:text-neutral-300">{i18n._(label)}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <PlacementsFindings view={placements} />
    </div>
  );
}

/** What the customer may correct before saving; empty means "as read from the file". */
interface Confirmed {
  unit: string;
  side: string;
  origin: string;
}

/**
 * The file as an import would read it, nothing saved yet: the unit, side and origin the reader
 * found, each changeable (a change reads the file again), the parts over the board, and Save.
 */
function PlacementsPreviewCard({
  preview,
  confirmed,
  onChange,
  busy,
}: {
  preview: PlacementsPreview;
  confirmed: Confirmed;
  onChange: (next: Confirmed) => void;
  busy: boolean;
}) {
  const { i18n } = useLingui();
  const select = `${inputClassName} h-10 py-1 pr-8`;
  return (
    <div
      className="space-y-3 rounded-lg border border-primary-300 p-3 dark:border-primary-700"
      data-testid="placements-preview"
      aria-busy={busy || undefined}
    >
      <div className="space-y-1">
        <h4 className="text-sm font-semibold">{i18n._("assembly.pnp_preview_heading")}</h4>
        <p className="text-sm break-words text-neutral-700 dark:text-neutral-300">
          {i18n._("assembly.pnp_preview_intro", { name: preview.source_name })}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField
          label={i18n._("assembly.pnp_unit")}
          description={
            preview.unit_stated
              ? undefined
              : i18n._("assembly.pnp_unit_guessed", { unit: i18n._(`assembly.unit.${preview.unit}`) })
          }
        >
          {(f) => (
            <select
              {...f}
              className={select}
              value={confirmed.unit || preview.unit}
              onChange={(event) => onChange({ ...confirmed, unit: event.currentTarget.value })}
            >
              {PNP_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {i18n._(`assembly.unit.${unit}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {preview.side_stated ? null : (
          <FormField
            label={i18n._("assembly.pnp_side_label")}
            description={i18n._("assembly.pnp_side_guessed")}
          >
            {(f) => (
              <select
                {...f}
                className={select}
                value={confirmed.side || (preview.counts.bottom > 0 ? "bottom" : "top")}
                onChange={(event) => onChange({ ...confirmed, side: event.currentTarget.value })}
              >
                <option value="top">{i18n._("assembly.pnp_top")}</option>
                <option value="bottom">{i18n._("assembly.pnp_bottom")}</option>
              </select>
            )}
          </FormField>
        )}
        {preview.board ? (
          <FormField
            label={i18n._("assembly.pnp_origin")}
            description={
              preview.origin_detected
                ? i18n._("assembly.pnp_origin_detected", {
                    origin: i18n._(`assembly.origin.${preview.origin_detected}`),
                  })
                : undefined
            }
          >
            {(f) => (
              <select
                {...f}
                className={select}
                value={confirmed.origin || preview.origin}
                onChange={(event) => onChange({ ...confirmed, origin: event.currentTarget.value })}
              >
                {PNP_ORIGINS.map((origin) => (
                  <option key={origin} value={origin}>
                    {i18n._(`assembly.origin.${origin}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}
      </div>
      {preview.board ? null : (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">{i18n._("assembly.pnp_no_board")}</p>
      )}
      <SideCounts counts={preview.counts} />
      <PlacementsPlot view={preview} />
      <PlacementsFindings view={preview} />
    </div>
  );
}

/**
 * The pick-and-place panel: what the last file gave, and a new file uploaded resumably and read at
 * once into a preview (the route's "placementsPreview" intent), where the customer confirms or
 * corrects the unit, side and origin before saving it ("placements"); a file the API cannot read
 * says why.
 */
export function PlacementsPanel({
  assemblyId,
  placements,
  mayEdit,
  uploadMaxBytes,
}: {
  assemblyId: string;
  placements: PlacementsDto | null;
  mayEdit: boolean;
  uploadMaxBytes: number;
}) {
  const { i18n } = useLingui();
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [confirmed, setConfirmed] = useState<Confirmed>({ unit: "", side: "", origin: "" });
  // A new upload box after each import or discard, so the next file starts afresh.
  const [round, setRound] = useState(0);
  const previewRef = useRef<HTMLFormElement>(null);
  const reset = () => {
    setUploaded(null);
    setConfirmed({ unit: "", side: "", origin: "" });
    setRound((r) => r + 1);
  };
  const preview = useFetcherForm<typeof placementsImportForm, PlacementsPreview>({
    schema: placementsImportForm,
    id: `placements-preview-${assemblyId}`,
  });
  const save = useFetcherForm({
    schema: placementsImportForm,
    id: `placements-${assemblyId}`,
    onDone: () => {
      showToast({ title: i18n._("assembly.pnp_imported"), color: "success" });
      reset();
    },
  });
  // The file is read as soon as it has arrived, and again whenever the customer corrects a reading.
  useEffect(() => {
    if (uploaded) previewRef.current?.requestSubmit();
  }, [uploaded, confirmed]);
  const reply = preview.fetcher.data;
  const shown = uploaded && reply?.done && reply.data ? reply.data : null;
  const refusal = formErrorText(
    i18n,
    preview.fields.file_id.errors ?? preview.formErrors ?? save.fields.file_id.errors ?? save.formErrors,
    "assembly.pnp_import_failed",
    FILE_REFUSAL_TEXTS,
  );
  const hidden = (fields: typeof preview.fields) => (
    <>
      <input type="hidden" name={fields.id.name} value={assemblyId} />
      <input type="hidden" name={fields.file_id.name} value={uploaded?.id ?? ""} />
      <input type="hidden" name={fields.unit.name} value={confirmed.unit} />
      <input type="hidden" name={fields.side.name} value={confirmed.side} />
      <input type="hidden" name={fields.origin.name} value={confirmed.origin} />
    </>
  );

  return (
    <section aria-labelledby="assembly-pnp" className="space-y-3">
      <h3 id="assembly-pnp" className="text-base font-semibold">
        {i18n._("assembly.pnp_heading")}
      </h3>
      {placements ? (
        <>
          <PlacementsSummary placements={placements} />
          {placements.outline ? <PlacementsPlot view={placements} /> : null}
        </>
      ) : (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">{i18n._("assembly.pnp_none")}</p>
      )}
      {mayEdit ? (
        <div className="space-y-2">
          <preview.fetcher.Form method="post" {...getFormProps(preview.form)} ref={previewRef} hidden>
            <IntentField intent="placementsPreview" />
            {hidden(preview.fields)}
          </preview.fetcher.Form>
          <FileUpload
            key={round}
            purpose="pick_place"
            accept={PNP_ACCEPT}
            maxBytes={uploadMaxBytes}
            label={i18n._(placements ? "assembly.pnp_upload_again" : "assembly.pnp_upload")}
            hint={i18n._("assembly.pnp_upload_hint")}
            onUploaded={setUploaded}
            onRemoved={reset}
          />
          {preview.busy && !shown ? (
            <p role="status" className="text-sm text-neutral-700 dark:text-neutral-300">
              {i18n._("assembly.pnp_reading")}
            </p>
          ) : null}
          {refusal && !preview.busy && !save.busy ? (
            <Alert variant="error" title={i18n._("assembly.pnp_refused_title")}>
              {refusal}
            </Alert>
          ) : null}
          {shown ? (
            <>
              <PlacementsPreviewCard
                preview={shown}
                confirmed={confirmed}
                onChange={setConfirmed}
                busy={preview.busy}
              />
              <save.fetcher.Form method="post" {...getFormProps(save.form)} className="flex flex-wrap gap-2">
                <IntentField intent="placements" />
                {hidden(save.fields)}
                <Button type="submit" disabled={preview.busy || save.busy} aria-busy={save.busy || undefined}>
                  {i18n._("assembly.pnp_save")}
                </Button>
                <Button type="button" variant="outline" onClick={reset} disabled={save.busy}>
                  {i18n._("assembly.pnp_discard")}
                </Button>
              </save.fetcher.Form>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
