import { getFormProps, getTextareaProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { pathOf } from "@ems/contracts/endpoints";
import { fileEndpoints, staffFileEndpoints } from "@ems/contracts/files";
import {
  PCB_STAFF_NOTE_MAX,
  pcbEndpoints,
  staffPcbEndpoints,
  type PcbSpecDetail,
  type PcbSpecVersion,
} from "@ems/contracts/pcbs";
import { formatDate } from "@ems/i18n/format";
import { Archive, ArchiveRestore, Copy, Cpu, Download, FileDown, Pencil, ReceiptText } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { Sheet } from "~/components/ui/sheet";
import { quoteRequestLink } from "~/lib/pcb-links";
import { href } from "~/lib/route-map";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";
import { useLocale } from "~/lib/use-locale";

import { AnalysisState, DetectedData, DfmReportView } from "./pcb-analysis-view";
import { PcbFieldsView } from "./pcb-fields-view";
import { pcbIdForm, pcbNoteForm } from "./pcb-form";
import { sheetHref, versionAnalysis } from "./pcb-helpers";
import { PcbSpecForm } from "./pcb-spec-form";

export interface SheetData {
  spec: PcbSpecDetail;
  version: PcbSpecVersion;
  compare: PcbSpecVersion | null;
}

/** A button that posts one intent about the open specification (duplicate, archive, restore). */
function IntentButton({
  intent,
  id,
  label,
  icon,
  done,
}: {
  intent: string;
  id: string;
  label: string;
  icon: React.ReactNode;
  done: (data: unknown) => void;
}) {
  const { fetcher, form, busy } = useFetcherForm({ schema: pcbIdForm, id: `${intent}-${id}`, onDone: done });
  return (
    <fetcher.Form method="post" id={form.id}>
      <IntentField intent={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="outline" size="sm" loading={busy}>
        {icon}
        {label}
      </Button>
    </fetcher.Form>
  );
}

/** The note the customer sees on the sheet, written in the back office; empty clears it. */
function StaffNoteForm({ id, note }: { id: string; note: string }) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy } = useFetcherForm({
    schema: pcbNoteForm,
    id: `note-${id}`,
    defaultValue: { id, note },
    success: i18n._("pcbs.note_saved"),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-2">
      <IntentField intent="note" />
      <input type="hidden" name={fields.id.name} value={id} />
      <FormField label={i18n._("pcbs.staff_note_label")} description={i18n._("pcbs.staff_note_hint")}>
        {(f) => (
          <Textarea {...getTextareaProps(fields.note)} {...f} rows={3} maxLength={PCB_STAFF_NOTE_MAX} />
        )}
      </FormField>
      <Button type="submit" size="sm" variant="outline" loading={busy}>
        {i18n._("pcbs.note_save")}
      </Button>
    </fetcher.Form>
  );
}

/**
 * One specification over the list (ADR 0014): its images, what was read from the files, the DFM
 * report, the fields (compared with another version on demand), the versions, the staff's note, and
 * the actions: edit as a new version, duplicate, archive or restore, PDF, the CAM viewer.
 */
export function PcbSheet({
  data,
  search,
  mayEdit,
  uploadMaxBytes,
  staff = false,
  queries,
}: {
  data: SheetData;
  /** The page's query string, to build the sheet's own links on. */
  search: string;
  mayEdit: boolean;
  uploadMaxBytes: number;
  /** The back office's sheet: the customer's name, the staff note form, no CAM view of the customer's. */
  staff?: boolean;
  /** The version's engineering queries (the route composes them). */
  queries?: ReactNode;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const { spec, version, compare } = data;
  const latest = spec.latest_version;
  const isLatest = version.version === latest;
  const archived = spec.archived_at !== null;
  const analysis = versionAnalysis(version);
  const camHref = `${href("my-cam", locale, { pcb: spec.id })}?version=${version.version}`;
  const close = () => void navigate(sheetHref(search, null), { preventScrollReset: true });

  return (
    <Sheet
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={i18n._("pcbs.sheet_title", { number: spec.number, name: version.fields.name })}
      description={
        staff
          ? `${spec.company_name} · ${i18n._("pcbs.version_of", { version: version.version, count: latest })}`
          : i18n._("pcbs.version_of", { version: version.version, count: latest })
      }
      closeLabel={i18n._("pcbs.close")}
      actions={
        <>
          {mayEdit && !archived ? (
            <Button size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" />
              {i18n._("pcbs.edit")}
            </Button>
          ) : null}
          {mayEdit && !archived && !staff ? (
            <Button asChild variant="outline" size="sm">
              <Link to={quoteRequestLink(locale, spec.id, version.version)}>
                <ReceiptText aria-hidden="true" className="size-4" />
                {i18n._("pcbs.request_quote")}
              </Link>
            </Button>
          ) : null}
          {mayEdit ? (
            <IntentButton
              intent="duplicate"
              id={spec.id}
              label={i18n._("pcbs.duplicate")}
              icon={<Copy aria-hidden="true" className="size-4" />}
              done={(copy) => {
                const created = copy as { id: string; number: string } | undefined;
                if (!created) return;
                showToast({ title: i18n._("pcbs.duplicated", { number: created.number }), color: "success" });
                void navigate(sheetHref(search, created.id));
              }}
            />
          ) : null}
          {mayEdit ? (
            <IntentButton
              intent={archived ? "restore" : "archive"}
              id={spec.id}
              label={i18n._(archived ? "pcbs.restore" : "pcbs.archive")}
              icon={
                archived ? (
                  <ArchiveRestore aria-hidden="true" className="size-4" />
                ) : (
                  <Archive aria-hidden="true" className="size-4" />
                )
              }
              done={() =>
                showToast({
                  title: i18n._(archived ? "pcbs.restored" : "pcbs.archived", { number: spec.number }),
                  color: "success",
                })
              }
            />
          ) : null}
          <Button asChild variant="outline" size="sm">
            <a
              href={pathOf(staff ? staffPcbEndpoints.pdf : pcbEndpoints.pdf, {
                id: spec.id,
                version: version.version,
              })}
              download
            >
              <FileDown aria-hidden="true" className="size-4" />
              {i18n._("pcbs.download_pdf")}
            </a>
          </Button>
          {version.gerber_file ? (
            <>
              {staff ? null : (
                <Button asChild variant="outline" size="sm">
                  <Link to={camHref}>
                    <Cpu aria-hidden="true" className="size-4" />
                    {i18n._("pcbs.open_cam")}
                  </Link>
                </Button>
              )}
              <Button asChild variant="outline" size="sm">
                <a
                  href={pathOf(staff ? staffFileEndpoints.download : fileEndpoints.download, {
                    id: version.gerber_file.id,
                  })}
                  download
                >
                  <Download aria-hidden="true" className="size-4" />
                  {i18n._("pcbs.download_files")}
                </a>
              </Button>
            </>
          ) : null}
        </>
      }
    >
      {archived ? <Alert variant="info">{i18n._("pcbs.archived_notice")}</Alert> : null}
      {!isLatest ? (
        <Alert variant="info">
          {i18n._("pcbs.older_version", { version: version.version, latest })}{" "}
          <Link to={sheetHref(search, spec.id)} className="font-medium underline">
            {i18n._("pcbs.show_latest")}
          </Link>
        </Alert>
      ) : null}
      {version.frozen_at !== null ? <Alert variant="info">{i18n._("pcbs.frozen_hint")}</Alert> : null}
      {staff ? (
        <StaffNoteForm id={spec.id} note={spec.staff_note ?? ""} />
      ) : spec.staff_note ? (
        <Alert variant="info" title={i18n._("pcbs.staff_note")}>
          <span className="whitespace-pre-line">{spec.staff_note}</span>
        </Alert>
      ) : null}

      {queries}

      {version.preview_top_url || version.preview_bottom_url ? (
        <section aria-labelledby="pcb-images" className="space-y-2">
          <h3 id="pcb-images" className="text-base font-semibold">
            {i18n._("pcbs.images")}
          </h3>
          <div className="grid gap-3 sm:grid-cols-2">
            {(
              [
                ["top", version.preview_top_url],
                ["bottom", version.preview_bottom_url],
              ] as const
            ).map(([side, src]) =>
              src ? (
                <img
                  key={side}
                  src={src}
                  alt={i18n._(`pcbs.image_${side}`, { name: version.fields.name })}
                  className="w-full rounded-lg border border-neutral-200 bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-800"
                />
              ) : null,
            )}
          </div>
        </section>
      ) : null}

      {version.gerber_file === null ? (
        <AnalysisState status="none" />
      ) : version.analysis_status === "done" && analysis ? (
        <>
          <DetectedData board={analysis.board} />
          <DfmReportView
            report={analysis.dfm}
            findingHref={(index) => {
              const finding = analysis.dfm.findings[index];
              return finding && finding.x !== null && finding.y !== null
                ? `${camHref}&finding=${index}`
                : null;
            }}
          />
        </>
      ) : (
        <AnalysisState
          status={version.analysis_status === "failed" ? "failed" : "pending"}
          reason={version.analysis_error}
        />
      )}

      <PcbFieldsView
        fields={version.fields}
        version={version.version}
        versionNumbers={spec.versions.map((v) => v.version)}
        other={compare ? { version: compare.version, fields: compare.fields } : null}
        onCompare={(other) =>
          void navigate(sheetHref(search, spec.id, version.version, other), { preventScrollReset: true })
        }
      />

      <section aria-labelledby="pcb-versions" className="space-y-2">
        <h3 id="pcb-versions" className="text-base font-semibold">
          {i18n._("pcbs.versions")}
        </h3>
        <ol className="space-y-1 text-sm">
          {[...spec.versions].reverse().map((v) => (
            <li key={v.version} className="flex flex-wrap items-baseline gap-x-2">
              {v.version === version.version ? (
                <span aria-current="true" className="font-semibold">
                  {i18n._("pcbs.version_item", { version: v.version })}
                </span>
              ) : (
                <Link
                  to={sheetHref(search, spec.id, v.version)}
                  preventScrollReset
                  className="font-medium text-primary-800 underline dark:text-primary-300"
                >
                  {i18n._("pcbs.version_item", { version: v.version })}
                </Link>
              )}
              <span className="text-neutral-700 dark:text-neutral-300">
                {i18n._("pcbs.version_meta", {
                  date: formatDate(v.created_at, locale),
                  name: v.created_by_name ?? "—",
                })}
              </span>
              {v.frozen ? (
                <span className="rounded bg-neutral-100 px-1.5 text-xs font-medium dark:bg-neutral-800">
                  {i18n._("pcbs.version_frozen")}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>

      {spec.used_in.length > 0 ? (
        <section aria-labelledby="pcb-used-in" className="space-y-2">
          <h3 id="pcb-used-in" className="text-base font-semibold">
            {i18n._("pcbs.used_in")}
          </h3>
          <ul className="space-y-1 text-sm">
            {spec.used_in.map((use) => (
              <li
                key={`${use.kind}-${use.id}-${use.version}`}
                className="flex flex-wrap items-baseline gap-x-2"
              >
                <Link
                  to={
                    use.kind === "quote"
                      ? href(staff ? "staff-quote" : "my-quote", locale, { quote: use.id })
                      : href(staff ? "staff-order" : "my-order", locale, { order: use.id })
                  }
                  className="font-medium text-primary-800 underline dark:text-primary-300"
                >
                  {i18n._(use.kind === "quote" ? "pcbs.used_in_quote" : "pcbs.used_in_order", {
                    number: use.number,
                  })}
                </Link>
                <span className="text-neutral-700 dark:text-neutral-300">
                  {i18n._("pcbs.version_item", { version: use.version })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {mayEdit ? (
        <Dialog
          open={editing}
          onOpenChange={setEditing}
          title={i18n._("pcbs.edit_title", { number: spec.number })}
          closeLabel={i18n._("pcbs.close")}
          size="lg"
        >
          <PcbSpecForm
            intent="save"
            specId={spec.id}
            initial={version.fields}
            detected={analysis?.board ?? null}
            baseVersion={latest}
            gerberFile={version.gerber_file}
            uploadMaxBytes={uploadMaxBytes}
            submitLabel={i18n._("pcbs.save_submit", { version: latest + 1 })}
            onClose={() => setEditing(false)}
            onDone={(saved) => {
              setEditing(false);
              const answer = saved as { version: number } | undefined;
              if (!answer) return;
              showToast({
                title: i18n._("pcbs.saved", { version: answer.version, number: spec.number }),
                color: "success",
              });
              void navigate(sheetHref(search, spec.id), { preventScrollReset: true });
            }}
          />
        </Dialog>
      ) : null}
    </Sheet>
  );
}
