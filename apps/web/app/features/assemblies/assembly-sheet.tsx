import { useLingui } from "@lingui/react";
import type { AssemblyVersion, BomDto } from "@ems/contracts/assemblies";
import { assemblyEndpoints } from "@ems/contracts/assemblies";
import { pathOf } from "@ems/contracts/endpoints";
import { formatDate, formatNumber } from "@ems/i18n/format";
import { FileDown, ListTree, Pencil, ReceiptText, Upload } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";

import { PcbSpecReferenceCard } from "~/components/pcb-spec-reference";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Sheet } from "~/components/ui/sheet";
import { assemblyQuoteRequestLink } from "~/lib/pcb-links";
import { assemblySheetSearch, bomHref, newBomHref } from "~/lib/assembly-links";
import { showToast } from "~/lib/toast";
import { useLocale } from "~/lib/use-locale";

import type { AssemblySheetData, PcbVersionOption } from "./assembly-helpers";
import { AssemblySpecForm } from "./assembly-spec-form";
import { PlacementsPanel } from "./placements-panel";

/** One version's fields as label and value pairs. */
function AssemblyFieldsView({ version }: { version: AssemblyVersion }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const f = version.fields;
  const yes = (value: boolean) => i18n._(value ? "assembly.yes" : "assembly.no");
  const counts = version.placements;
  const sides = (["top", "bottom"] as const).map((side) => {
    const techs = (["smt", "tht"] as const)
      .filter((tech) => f[`${side}_${tech}`])
      .map((tech) => i18n._(`assembly.tech.${tech}`));
    const chosen = techs.length > 0 ? techs.join(" + ") : i18n._("assembly.side_empty");
    if (!counts) return [`assembly.side.${side}`, chosen] as const;
    // The counts come from the pick-and-place data; a technology it places but the specification
    // leaves out of this side is named, so the customer notices before quoting.
    const placed = i18n._("assembly.side_with_counts", {
      chosen,
      smt: formatNumber(counts[`${side}_smt`], locale),
      tht: formatNumber(counts[`${side}_tht`], locale),
    });
    const missing = (["smt", "tht"] as const)
      .filter((tech) => counts[`${side}_${tech}`] > 0 && !f[`${side}_${tech}`])
      .map((tech) => i18n._("assembly.tech_not_selected", { tech: i18n._(`assembly.tech.${tech}`) }));
    return [`assembly.side.${side}`, [placed, ...missing].join(" · ")] as const;
  });
  const rows: (readonly [string, string])[] = [
    ["assembly.field.customer_part_number", f.customer_part_number || "—"],
    ["assembly.field.revision", f.revision || "—"],
    ...sides,
    ["assembly.field.parts_sourcing", i18n._(`assembly.parts_sourcing.${f.parts_sourcing}`)],
    ["assembly.field.stencil", i18n._(`assembly.stencil.${f.stencil}`)],
    ["assembly.field.conformal_coating", i18n._(`assembly.conformal_coating.${f.conformal_coating}`)],
    ["assembly.field.aoi", yes(f.aoi)],
    ["assembly.field.xray", yes(f.xray)],
    ["assembly.field.electrical_test", i18n._(`assembly.electrical_test.${f.electrical_test}`)],
    ["assembly.field.functional_test", yes(f.functional_test)],
    ["assembly.field.programming", yes(f.programming)],
    ...(f.programming && f.programming_notes
      ? [["assembly.field.programming_notes", f.programming_notes] as const]
      : []),
    ["assembly.field.packaging", i18n._(`assembly.packaging.${f.packaging}`)],
    ["assembly.field.tiers_short", f.quantity_tiers.map((tier) => formatNumber(tier, locale)).join(" · ")],
    ...(f.notes ? [["assembly.field.notes", f.notes] as const] : []),
  ];
  return (
    <section aria-labelledby="assembly-fields" className="space-y-2">
      <h3 id="assembly-fields" className="text-base font-semibold">
        {i18n._("assembly.fields_heading")}
      </h3>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(0,14rem)_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-neutral-700 dark:text-neutral-300">
              {i18n._(label, { max: f.quantity_tiers.length })}
            </dt>
            <dd className="font-medium break-words whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The bill of materials: its counts and the way to it, or the call to upload the first. */
function BomPanel({
  assemblyId,
  bom,
  mayEdit,
}: {
  assemblyId: string;
  bom: BomDto | null;
  mayEdit: boolean;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const n = (value: number) => formatNumber(value, locale);
  return (
    <section aria-labelledby="assembly-bom" className="space-y-3">
      <h3 id="assembly-bom" className="text-base font-semibold">
        {i18n._("assembly.bom_heading")}
      </h3>
      {bom ? (
        <>
          <p className="text-sm break-words text-neutral-700 dark:text-neutral-300">
            {i18n._("assembly.bom_version", {
              version: bom.version,
              name: bom.source_name ?? "—",
              date: formatDate(bom.created_at, locale),
            })}
          </p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
            {(
              [
                ["assembly.bom_count_lines", n(bom.counts.lines)],
                ["assembly.bom_count_placed", n(bom.counts.placed_parts)],
                ["assembly.bom_count_dnp", n(bom.counts.dnp_lines)],
                ["assembly.bom_count_matched", n(bom.counts.matched)],
                ["assembly.bom_count_unmatched", n(bom.counts.unmatched + bom.counts.ambiguous)],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-neutral-700 dark:text-neutral-300">{i18n._(label)}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {bom.counts.unmatched + bom.counts.ambiguous > 0 ? (
            <Alert variant="warning">
              {i18n._("assembly.bom_unmatched_hint", { count: bom.counts.unmatched + bom.counts.ambiguous })}
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm" variant="outline">
              <Link to={bomHref(locale, assemblyId)}>
                <ListTree aria-hidden="true" className="size-4" />
                {i18n._("assembly.bom_open")}
              </Link>
            </Button>
            {mayEdit ? (
              <Button asChild size="sm" variant="outline">
                <Link to={newBomHref(locale, assemblyId)}>
                  <Upload aria-hidden="true" className="size-4" />
                  {i18n._("assembly.bom_upload_new")}
                </Link>
              </Button>
            ) : null}
          </div>
        </>
      ) : (
        <div className="space-y-2 rounded-lg border border-dashed border-neutral-300 p-4 dark:border-neutral-700">
          <p className="text-sm">{i18n._("assembly.bom_none")}</p>
          {mayEdit ? (
            <Button asChild size="sm">
              <Link to={newBomHref(locale, assemblyId)}>
                <Upload aria-hidden="true" className="size-4" />
                {i18n._("assembly.bom_upload")}
              </Link>
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
}

/**
 * One assembly specification over the list: the version's fields, the PCB it is built on, its bill
 * of materials and pick-and-place data, its versions, and the actions: edit as a new version, PDF.
 */
export function AssemblySheet({
  data,
  search,
  mayEdit,
  uploadMaxBytes,
  pcbOptions,
  queries,
}: {
  data: AssemblySheetData;
  /** The page's query string, to build the sheet's own links on. */
  search: string;
  mayEdit: boolean;
  uploadMaxBytes: number;
  pcbOptions: readonly PcbVersionOption[];
  /** The version's engineering queries (the route composes them). */
  queries?: ReactNode;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const { spec, version, bom, placements } = data;
  const latest = spec.latest_version;
  const isLatest = version.version === latest;
  const archived = spec.archived_at !== null;
  const close = () => void navigate(assemblySheetSearch(search, null), { preventScrollReset: true });

  return (
    <Sheet
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={i18n._("assembly.sheet_title", { number: spec.number, name: version.fields.name })}
      description={i18n._("assembly.version_of", { version: version.version, count: latest })}
      closeLabel={i18n._("assembly.close")}
      actions={
        <>
          {mayEdit && !archived ? (
            <Button size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" />
              {i18n._("assembly.edit")}
            </Button>
          ) : null}
          {mayEdit && !archived ? (
            <Button asChild variant="outline" size="sm">
              <Link to={assemblyQuoteRequestLink(locale, spec.id, version.version)}>
                <ReceiptText aria-hidden="true" className="size-4" />
                {i18n._("assembly.request_quote")}
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="outline" size="sm">
            <a href={pathOf(assemblyEndpoints.pdf, { id: spec.id, version: version.version })} download>
              <FileDown aria-hidden="true" className="size-4" />
              {i18n._("assembly.download_pdf")}
            </a>
          </Button>
        </>
      }
    >
      {archived ? <Alert variant="info">{i18n._("assembly.archived_notice")}</Alert> : null}
      {!isLatest ? (
        <Alert variant="info">
          {i18n._("assembly.older_version", { version: version.version, latest })}{" "}
          <Link to={assemblySheetSearch(search, spec.id)} className="font-medium underline">
            {i18n._("assembly.show_latest")}
          </Link>
        </Alert>
      ) : null}
      {version.frozen_reason !== null ? (
        <Alert variant="info">{i18n._(`assembly.frozen_hint.${version.frozen_reason}`)}</Alert>
      ) : null}

      {queries}

      {version.pcb ? (
        <PcbSpecReferenceCard spec={version.pcb} audience="customer" locale={locale} />
      ) : (
        <Alert variant="warning">{i18n._("assembly.no_pcb_hint")}</Alert>
      )}

      <AssemblyFieldsView version={version} />

      <BomPanel assemblyId={spec.id} bom={bom} mayEdit={mayEdit && !archived} />

      <PlacementsPanel
        assemblyId={spec.id}
        placements={placements}
        mayEdit={mayEdit && !archived && uploadMaxBytes > 0}
        uploadMaxBytes={uploadMaxBytes}
      />

      <section aria-labelledby="assembly-versions" className="space-y-2">
        <h3 id="assembly-versions" className="text-base font-semibold">
          {i18n._("assembly.versions")}
        </h3>
        <ol className="space-y-1 text-sm">
          {[...spec.versions].reverse().map((v) => (
            <li key={v.version} className="flex flex-wrap items-baseline gap-x-2">
              {v.version === version.version ? (
                <span aria-current="true" className="font-semibold">
                  {i18n._("assembly.version_item", { version: v.version })}
                </span>
              ) : (
                <Link
                  to={assemblySheetSearch(search, spec.id, v.version)}
                  preventScrollReset
                  className="font-medium text-primary-800 underline dark:text-primary-300"
                >
                  {i18n._("assembly.version_item", { version: v.version })}
                </Link>
              )}
              <span className="text-neutral-700 dark:text-neutral-300">
                {i18n._("assembly.version_meta", {
                  date: formatDate(v.created_at, locale),
                  name: v.created_by_name ?? "—",
                })}
              </span>
              {v.frozen ? (
                <Badge tone="info">{i18n._(`assembly.frozen.${v.frozen_reason ?? "quote"}`)}</Badge>
              ) : null}
            </li>
          ))}
        </ol>
      </section>

      {mayEdit ? (
        <Dialog
          open={editing}
          onOpenChange={setEditing}
          title={i18n._("assembly.edit_title", { number: spec.number })}
          closeLabel={i18n._("assembly.close")}
          size="lg"
        >
          <AssemblySpecForm
            intent="save"
            specId={spec.id}
            initial={version.fields}
            pcb={version.pcb}
            pcbOptions={pcbOptions}
            baseVersion={latest}
            submitLabel={i18n._("assembly.save_submit", { version: latest + 1 })}
            onClose={() => setEditing(false)}
            onDone={(saved) => {
              setEditing(false);
              const answer = saved as { version: number } | undefined;
              if (!answer) return;
              showToast({
                title: i18n._("assembly.saved", { version: answer.version, number: spec.number }),
                color: "success",
              });
              void navigate(assemblySheetSearch(search, spec.id), { preventScrollReset: true });
            }}
          />
        </Dialog>
      ) : null}
    </Sheet>
  );
}
