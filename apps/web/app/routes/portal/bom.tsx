import { assemblyEndpoints, type BomLineDto } from "@ems/contracts/assemblies";
import { mayCall } from "@ems/contracts/endpoints";
import { claimValues } from "@ems/content/values";
import { formatDate } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import { ArrowLeft, Download, GitCompare, Upload } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { data, Form, Link, useNavigate, useRouteLoaderData, useSubmit } from "react-router";

import { ProductionBomTable } from "~/components/production-bom-table";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/input";
import { BomBoard } from "~/features/bom/bom-board";
import { BomDiffView } from "~/features/bom/bom-diff";
import { bomLineForm, bomRematchForm, lineUpdateOf, substitutionDecisionForm } from "~/features/bom/bom-form";
import { bomRows, lineMatches, sideOf, type BomRow } from "~/features/bom/bom-helpers";
import { bottomPreviewUrl } from "~/lib/board-geometry";
import { BomProblems } from "~/features/bom/bom-import";
import { BomLineDialog } from "~/features/bom/bom-line-dialog";
import { assemblyHeader, loadAssembly, loadMarkedQueries, orNone } from "~/features/bom/bom-loaders.server";
import { BomQueriesNotice } from "~/features/bom/bom-queries-notice";
import { queriesByLine, queriesOnLines } from "~/features/bom/bom-queries";
import { BomSubstitutions, RematchButton } from "~/features/bom/bom-substitutions";
import { BomTable, BomToolbar, type BomView } from "~/features/bom/bom-table";
import { call, hrefOf } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { routePageMeta } from "~/lib/meta";
import { currentPage, href } from "~/lib/route-map";
import { showToast } from "~/lib/toast";
import { useLocale } from "~/lib/use-locale";

import type { loader as dashboardLoader } from "../layouts/dashboard";
import type { Route } from "./+types/bom";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

const VERSION_PARAM = "version";
const COMPARE_PARAM = "compare";

/** A positive whole number from the address, or null. */
function versionOf(raw: string | null): number | null {
  if (!raw || !/^\d{1,7}$/.test(raw)) return null;
  const version = Number(raw);
  return version >= 1 ? version : null;
}

/**
 * One assembly's bill of materials (issue 18): a BOM version (`?version=`, the latest without it)
 * with every line and its match, what changed from the version before (`?compare=1`), and the board
 * from the pick-and-place data beside it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const search = new URL(request.url).searchParams;
  const asked = versionOf(search.get(VERSION_PARAM));
  const id = params.assembly;
  const assembly = await loadAssembly(api, id, request);
  const [bom, placements, production, queries] = await Promise.all([
    orNone(call(api, assemblyEndpoints.bom, { params: { id }, query: asked ? { version: asked } : {} })),
    orNone(call(api, assemblyEndpoints.placements, { params: { id } })),
    orNone(call(api, assemblyEndpoints.productionBom, { params: { id } })),
    loadMarkedQueries(api, id),
  ]);
  if (!bom && asked) throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
  const compare = search.get(COMPARE_PARAM) === "1" && bom !== null && bom.version > 1;
  const diff = compare
    ? (
        await call(api, assemblyEndpoints.bomDiff, {
          params: { id },
          query: { from: bom.version - 1, to: bom.version },
        })
      ).data
    : null;
  return {
    assembly: assemblyHeader(assembly),
    bom,
    placements,
    diff,
    production,
    queries: queriesOnLines(queries, bom?.lines.map((line) => line.id) ?? []),
  };
}

/** A line's change, saved by the API as the next BOM version. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return submitIntent(request, context, {
    line: formIntent(bomLineForm, async (api, form) => {
      const { data } = await call(api, assemblyEndpoints.bomLine, {
        params: { id: params.assembly, lineId: form.line_id },
        body: lineUpdateOf(form),
      });
      return { version: data.version };
    }),
    rematch: formIntent(bomRematchForm, async (api, { base_version }) => {
      const { data } = await call(api, assemblyEndpoints.bomRematch, {
        params: { id: params.assembly },
        body: { base_version },
      });
      return { version: data.version };
    }),
    decide: formIntent(substitutionDecisionForm, (api, { line_id, decision }) =>
      call(api, assemblyEndpoints.decideSubstitution, {
        params: { id: params.assembly, lineId: line_id },
        body: { decision },
      }),
    ),
  });
}

/** The row shown in the table for a table element's id (the visible one: cards and table both exist). */
function visibleRow(id: string): HTMLElement | null {
  const all = document.querySelectorAll<HTMLElement>(`[data-row-id="${CSS.escape(id)}"]`);
  return [...all].find((element) => element.getClientRects().length > 0) ?? null;
}

export default function Bom({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const submit = useSubmit();
  const role = useRouteLoaderData<typeof dashboardLoader>("routes/layouts/dashboard")?.companyRole ?? null;
  const { assembly, bom, placements, diff, production, queries } = loaderData;
  const lineQueries = useMemo(() => queriesByLine(queries), [queries]);
  const values = claimValues(locale);
  const mayEdit = mayCall({ role: "customer", company_role: role }, assemblyEndpoints.bomLine);
  const assemblyHref = `${href("my-pcbas", locale)}?pcba=${assembly.id}`;
  const newBomHref = href("my-bom-new", locale, { assembly: assembly.id });

  const [view, setView] = useState<BomView>({ filter: "all", query: "", grouped: false });
  const [selected, setSelected] = useState<string | null>(null);
  const [scrollTo, setScrollTo] = useState<{ id: string } | null>(null);
  const [side, setSide] = useState<"top" | "bottom">("top");
  const [editing, setEditing] = useState<BomLineDto | null>(null);

  const allRows = useMemo(() => bomRows(bom?.lines ?? [], view.grouped), [bom, view.grouped]);
  const rows = useMemo(
    () => allRows.filter((row) => row.lines.some((line) => lineMatches(line, view.filter, view.query))),
    [allRows, view.filter, view.query],
  );
  const selectedRow = allRows.find((row) => row.id === selected) ?? null;
  const highlighted = useMemo(() => new Set(selectedRow?.designators ?? []), [selectedRow]);

  useEffect(() => {
    if (!scrollTo) return;
    const element = visibleRow(scrollTo.id);
    element?.scrollIntoView({ block: "center", behavior: "smooth" });
    element?.focus({ preventScroll: true });
  }, [scrollTo]);

  const selectRow = (row: BomRow) => {
    setSelected(row.id);
    const where = placements ? sideOf(row.designators, placements.placements) : null;
    if (where) setSide(where);
  };
  const pick = (designator: string) => {
    const row = allRows.find((candidate) => candidate.designators.includes(designator));
    if (!row) {
      showToast({ title: i18n._("bom.board_not_in_bom", { designator }), color: "info" });
      return;
    }
    // A part of a line the filter hides brings the whole list back, so its line can be shown.
    if (!rows.includes(row)) setView({ ...view, filter: "all", query: "" });
    setSelected(row.id);
    setScrollTo({ id: row.id });
  };

  const images = {
    top: assembly.pcb?.preview_top_url ?? null,
    bottom: bottomPreviewUrl(assembly.pcb?.preview_top_url),
  };
  const exportHref = (format: "csv" | "xlsx") =>
    bom
      ? hrefOf(assemblyEndpoints.bomExport, {
          params: { id: assembly.id },
          query: { format, version: bom.version },
        })
      : "";
  const latest = bom ? Math.max(...bom.versions.map((v) => v.version), bom.version) : 0;

  return (
    <div className="mx-auto max-w-[96rem] space-y-6 px-4 py-10 md:px-6">
      <div className="space-y-3">
        <Link
          to={assemblyHref}
          className="inline-flex items-center gap-1 text-sm font-semibold text-primary-800 underline-offset-2 hover:underline dark:text-primary-300"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {i18n._("bom.back_to_assembly")}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight break-words">
              {i18n._("page.my-bom.heading", values)}
            </h1>
            <p className="mt-1 text-lg font-semibold break-words">
              {i18n._("bom.assembly_title", { number: assembly.number, name: assembly.name })}
            </p>
          </div>
          {mayEdit ? (
            <Button asChild variant="outline">
              <Link to={newBomHref}>
                <Upload aria-hidden="true" className="size-4" />
                {i18n._("bom.upload_new")}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>

      {!bom ? (
        <Alert variant="info" title={i18n._("bom.none_title")}>
          <p>{i18n._(mayEdit ? "bom.none" : "bom.none_reader")}</p>
          {mayEdit ? (
            <Link to={newBomHref} className="mt-2 inline-block font-semibold underline underline-offset-2">
              {i18n._("bom.upload_first")}
            </Link>
          ) : null}
        </Alert>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-2">
              <label className="flex flex-col gap-1 text-sm font-semibold">
                {i18n._("bom.version")}
                <select
                  name={VERSION_PARAM}
                  className={`${inputClassName} max-w-full min-w-0 sm:min-w-64`}
                  defaultValue={bom.version}
                  key={bom.version}
                  onChange={(event) => void submit(event.currentTarget.form, { preventScrollReset: true })}
                >
                  {[...bom.versions]
                    .sort((a, b) => b.version - a.version)
                    .map((v) => (
                      <option key={v.version} value={v.version}>
                        {i18n._("bom.version_option", {
                          version: v.version,
                          date: formatDate(v.created_at, locale),
                          lines: v.lines,
                        })}
                      </option>
                    ))}
                </select>
              </label>
              <noscript>
                <Button type="submit" variant="outline" size="md">
                  {i18n._("bom.version_show")}
                </Button>
              </noscript>
            </Form>
            {bom.version > 1 ? (
              <Button asChild variant="outline">
                <Link
                  to={
                    diff
                      ? `?${VERSION_PARAM}=${bom.version}`
                      : `?${VERSION_PARAM}=${bom.version}&${COMPARE_PARAM}=1`
                  }
                  preventScrollReset
                >
                  <GitCompare aria-hidden="true" className="size-4" />
                  {i18n._(diff ? "bom.compare_hide" : "bom.compare")}
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="outline">
              <a href={exportHref("csv")} download>
                <Download aria-hidden="true" className="size-4" />
                {i18n._("bom.export_csv")}
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={exportHref("xlsx")} download>
                <Download aria-hidden="true" className="size-4" />
                {i18n._("bom.export_xlsx")}
              </a>
            </Button>
          </div>

          {bom.version !== latest ? (
            <Alert variant="info">
              {i18n._("bom.older_version", { version: bom.version, latest })}{" "}
              <Link to="?" className="font-semibold underline underline-offset-2">
                {i18n._("bom.show_latest")}
              </Link>
            </Alert>
          ) : null}

          <ul className="flex flex-wrap gap-2 text-sm" aria-label={i18n._("bom.counts")}>
            {(
              [
                ["bom.count.lines", bom.counts.lines],
                ["bom.count.placed", bom.counts.placed_parts],
                ["bom.count.dnp", bom.counts.dnp_lines],
                ["bom.count.matched", bom.counts.matched],
                ["bom.count.unmatched", bom.counts.unmatched + bom.counts.ambiguous],
              ] as const
            ).map(([key, count]) => (
              <li
                key={key}
                className="rounded-lg border border-neutral-200 px-3 py-2 dark:border-neutral-800"
              >
                {i18n._(key, { count })}
              </li>
            ))}
          </ul>
          {mayEdit && bom.version === latest && bom.counts.unmatched + bom.counts.ambiguous > 0 ? (
            <RematchButton version={bom.version} />
          ) : null}

          <BomSubstitutions
            lines={bom.lines}
            mayDecide={
              bom.version === latest &&
              mayCall({ role: "customer", company_role: role }, assemblyEndpoints.decideSubstitution)
            }
          />

          {diff ? <BomDiffView diff={diff} /> : null}

          <BomQueriesNotice queries={queries} />

          <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div className="min-w-0 space-y-4">
              <BomToolbar view={view} onChange={setView} />
              <p aria-live="polite" className="text-sm text-neutral-700 dark:text-neutral-300">
                {i18n._("bom.shown", { count: rows.length, total: allRows.length })}
              </p>
              {rows.length ? (
                <BomTable
                  rows={rows}
                  locale={locale}
                  selected={selected}
                  queries={lineQueries}
                  onSelect={selectRow}
                  onEdit={mayEdit && !view.grouped && bom.version === latest ? setEditing : null}
                />
              ) : (
                <p className="rounded-xl border border-dashed border-neutral-300 p-6 text-center dark:border-neutral-700">
                  {i18n._("bom.none_shown")}
                </p>
              )}
              <BomProblems problems={bom.problems} />
            </div>
            <div className="min-w-0 lg:sticky lg:top-24 lg:self-start">
              {placements ? (
                <BomBoard
                  placements={placements}
                  side={side}
                  onSideChange={setSide}
                  highlighted={highlighted}
                  images={images}
                  onPick={pick}
                />
              ) : (
                <Alert variant="info" title={i18n._("bom.board_none_title")}>
                  <p>{i18n._("bom.board_none")}</p>
                  <Link
                    to={assemblyHref}
                    className="mt-2 inline-block font-semibold underline underline-offset-2"
                  >
                    {i18n._("bom.board_upload")}
                  </Link>
                </Alert>
              )}
            </div>
          </div>

          {production ? (
            <ProductionBomTable
              production={production}
              locale={locale}
              pdfHref={hrefOf(assemblyEndpoints.productionBomPdf, { params: { id: assembly.id } })}
            />
          ) : null}

          {mayEdit ? (
            <BomLineDialog
              line={editing}
              version={bom.version}
              offerConsigned={assembly.partsSourcing === "partial"}
              onClose={() => setEditing(null)}
              onSaved={(saved) => {
                setEditing(null);
                if (!saved) return;
                showToast({ title: i18n._("bom.saved", { version: saved.version }), color: "success" });
                void navigate("?", { preventScrollReset: true });
              }}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
