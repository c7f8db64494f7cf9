import { useLingui } from "@lingui/react";
import { CROSS_CHECK_CODES, type PlacementsDto } from "@ems/contracts/assemblies";
import { formatDate, formatNumber } from "@ems/i18n/format";
import { getFormProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";

import { FileUpload, type UploadedFile } from "~/components/file-upload";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { IntentField } from "~/components/ui/form-field";
import { formErrorText } from "~/lib/form-errors";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";
import { useLocale } from "~/lib/use-locale";

import { FILE_REFUSAL_TEXTS, placementsImportForm } from "./assembly-form";

/** The file types a centroid export comes as: CSV or text, KiCad's .pos, or a workbook. */
const PNP_ACCEPT = ".csv,.txt,.pos,.xlsx,text/csv,text/plain";

/** What was read from the pick-and-place file: counts per side, unreadable rows, the cross-check. */
function PlacementsSummary({ placements }: { placements: PlacementsDto }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const n = (value: number) => formatNumber(value, locale);
  const groups = CROSS_CHECK_CODES.map((code) => ({
    code,
    designators: placements.findings.filter((f) => f.finding === code).map((f) => f.designator),
  })).filter((group) => group.designators.length > 0);
  return (
    <div className="space-y-3" data-testid="placements-summary">
      <p className="text-sm break-words text-neutral-700 dark:text-neutral-300">
        {i18n._("assembly.pnp_source", {
          name: placements.source_name,
          date: formatDate(placements.created_at, locale),
        })}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {(
          [
            ["assembly.pnp_top", n(placements.counts.top)],
            ["assembly.pnp_bottom", n(placements.counts.bottom)],
            ["assembly.pnp_total", n(placements.counts.total)],
            ["assembly.pnp_unit", i18n._(`assembly.unit.${placements.unit}`)],
            ["assembly.pnp_panel_copies", n(placements.panel_copies)],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-neutral-700 dark:text-neutral-300">{i18n._(label)}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      {placements.problems.length > 0 ? (
        <div className="space-y-1">
          <h4 className="text-sm font-semibold">
            {i18n._("assembly.pnp_problems", { count: placements.problems.length })}
          </h4>
          <ul className="space-y-1 text-sm">
            {placements.problems.map((problem) => (
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
    </div>
  );
}

/**
 * The pick-and-place panel: what the last file gave, and a new file uploaded resumably and read at
 * once (the route's "placements" intent); a file the API cannot read says why.
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
  // A new upload box after each import, so the next file starts afresh.
  const [round, setRound] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: placementsImportForm,
    id: `placements-${assemblyId}`,
    onDone: () => {
      showToast({ title: i18n._("assembly.pnp_imported"), color: "success" });
      setUploaded(null);
      setRound((r) => r + 1);
    },
  });
  // The file is read as soon as it has arrived, once per upload.
  useEffect(() => {
    if (uploaded) formRef.current?.requestSubmit();
  }, [uploaded]);
  const refusal = formErrorText(
    i18n,
    fields.file_id.errors ?? formErrors,
    "assembly.pnp_import_failed",
    FILE_REFUSAL_TEXTS,
  );

  return (
    <section aria-labelledby="assembly-pnp" className="space-y-3">
      <h3 id="assembly-pnp" className="text-base font-semibold">
        {i18n._("assembly.pnp_heading")}
      </h3>
      {placements ? (
        <PlacementsSummary placements={placements} />
      ) : (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">{i18n._("assembly.pnp_none")}</p>
      )}
      {mayEdit ? (
        <div className="space-y-2">
          <fetcher.Form method="post" {...getFormProps(form)} ref={formRef} hidden>
            <IntentField intent="placements" />
            <input type="hidden" name={fields.id.name} value={assemblyId} />
            <input type="hidden" name={fields.file_id.name} value={uploaded?.id ?? ""} />
          </fetcher.Form>
          <FileUpload
            key={round}
            purpose="pick_place"
            accept={PNP_ACCEPT}
            maxBytes={uploadMaxBytes}
            label={i18n._(placements ? "assembly.pnp_upload_again" : "assembly.pnp_upload")}
            hint={i18n._("assembly.pnp_upload_hint")}
            onUploaded={setUploaded}
            onRemoved={() => setUploaded(null)}
          />
          {busy ? (
            <p role="status" className="text-sm text-neutral-700 dark:text-neutral-300">
              {i18n._("assembly.pnp_reading")}
            </p>
          ) : null}
          {refusal && !busy ? (
            <Alert variant="error" title={i18n._("assembly.pnp_refused_title")}>
              {refusal}
            </Alert>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
