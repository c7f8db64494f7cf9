import { assemblyEndpoints, type BomColumnField, type BomPreview } from "@ems/contracts/assemblies";
import { mayCall } from "@ems/contracts/endpoints";
import { fileEndpoints } from "@ems/contracts/files";
import { claimValues } from "@ems/content/values";
import { formatFileSize } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import { ArrowLeft } from "lucide-react";
import { Link, useNavigate, useRouteLoaderData } from "react-router";
import { z } from "zod";

import { FileUpload } from "~/components/file-upload";
import { Alert } from "~/components/ui/alert";
import { bomImportForm, importBodyOf } from "~/features/bom/bom-form";
import { IGNORE, MAPPING_PARAM, mappingFromCols, mappingProblems } from "~/features/bom/bom-helpers";
import {
  BomDetected,
  BomImportButton,
  BomProblems,
  BomRefused,
  MappingTable,
  PreviewCounts,
  refusalOf,
  type BomRefusal,
} from "~/features/bom/bom-import";
import { assemblyHeader, loadAssembly } from "~/features/bom/bom-loaders.server";
import { ApiError, call, type ApiClient } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { routePageMeta } from "~/lib/meta";
import { currentPage, href } from "~/lib/route-map";
import { showToast } from "~/lib/toast";
import { useLocale } from "~/lib/use-locale";

import type { loader as dashboardLoader } from "../layouts/dashboard";
import type { Route } from "./+types/bom-new";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** What the files a BOM comes in are called and which media types they carry. */
const BOM_ACCEPT = [
  ".csv",
  ".tsv",
  ".txt",
  ".xlsx",
  ".xls",
  ".ods",
  "text/csv",
  "text/tab-separated-values",
  "text/plain",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-excel",
  "application/vnd.oasis.opendocument.spreadsheet",
].join(",");

interface PreviewState {
  preview: BomPreview | null;
  refused: BomRefusal | null;
  /** The API's words when it refused the chosen mapping; the preview is then the file's own. */
  mappingError: string | null;
}

/**
 * The preview of an uploaded file with the chosen mapping. A mapping the API refuses is shown with
 * the file read by its own mapping, so the table of columns stays to correct it.
 */
async function loadPreview(
  api: ApiClient,
  id: string,
  fileId: string,
  mapping: (BomColumnField | null)[] | null,
): Promise<PreviewState> {
  const read = async (given: typeof mapping) =>
    (
      await call(api, assemblyEndpoints.bomPreview, {
        params: { id },
        body: { file_id: fileId, ...(given ? { mapping: given } : {}) },
      })
    ).data;
  try {
    return { preview: await read(mapping), refused: null, mappingError: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 422)
      return {
        preview: null,
        refused: refusalOf(error.otherData?.reason ?? error.message),
        mappingError: null,
      };
    // The API names the mapping when it refuses one; any 400 with a mapping given is that mapping.
    if (error.status === 400 && mapping) {
      const own = await loadPreview(api, id, fileId, null);
      return { ...own, mappingError: error.message };
    }
    // Another company's file, a deleted one, or an id that names none.
    if (error.status === 404 || error.status === 400)
      return { preview: null, refused: "file_missing", mappingError: null };
    throw error;
  }
}

/**
 * Importing a bill of materials (issue 18): the file uploaded resumably, then read by the API and
 * shown as it would be imported (`?file=` keeps the step over a reload, `?col=` the mapping), then
 * imported as the assembly's next BOM version.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const search = new URL(request.url).searchParams;
  const [assembly, usage] = await Promise.all([
    loadAssembly(api, params.assembly, request),
    call(api, fileEndpoints.usage)
      .then((answer) => answer.data)
      .catch(() => null),
  ]);
  const file = search.get("file");
  const fileId = file && z.uuid().safeParse(file).success ? file : null;
  const chosen = mappingFromCols(search.getAll(MAPPING_PARAM));
  const state: PreviewState = fileId
    ? await loadPreview(api, assembly.id, fileId, chosen)
    : { preview: null, refused: file ? "file_missing" : null, mappingError: null };
  return {
    assembly: assemblyHeader(assembly),
    uploadMaxBytes: usage?.upload_max_bytes ?? null,
    fileId,
    chosen,
    ...state,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return submitIntent(request, context, {
    import: formIntent(bomImportForm, async (api, form) => {
      const { data } = await call(api, assemblyEndpoints.bomImport, {
        params: { id: params.assembly },
        body: importBodyOf(form),
      });
      return { version: data.version };
    }),
  });
}

export default function BomNew({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const role = useRouteLoaderData<typeof dashboardLoader>("routes/layouts/dashboard")?.companyRole ?? null;
  const { assembly, uploadMaxBytes, fileId, chosen, preview, refused, mappingError } = loaderData;
  const values = claimValues(locale);
  const mayImport = mayCall({ role: "customer", company_role: role }, assemblyEndpoints.bomImport);
  const bomHref = href("my-bom", locale, { assembly: assembly.id });
  const mapping = chosen && preview && chosen.length === preview.headers.length ? chosen : preview?.mapping;
  const blocked = mapping
    ? (() => {
        const problems = mappingProblems(mapping);
        return problems.twice.length > 0 || problems.noDesignators;
      })()
    : true;

  const showFile = (id: string) => void navigate(`?file=${id}`, { preventScrollReset: true });
  const remap = (next: (BomColumnField | null)[]) => {
    const params = new URLSearchParams({ file: fileId ?? "" });
    for (const field of next) params.append(MAPPING_PARAM, field ?? IGNORE);
    void navigate(`?${params.toString()}`, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10 md:px-6">
      <div className="space-y-3">
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Link
            to={`${href("my-pcbas", locale)}?pcba=${assembly.id}`}
            className="inline-flex items-center gap-1 text-sm font-semibold text-primary-800 underline-offset-2 hover:underline dark:text-primary-300"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {i18n._("bom.back_to_assembly")}
          </Link>
          <Link
            to={bomHref}
            className="text-sm font-semibold text-primary-800 underline-offset-2 hover:underline dark:text-primary-300"
          >
            {i18n._("bom.to_bom")}
          </Link>
        </div>
        <h1 className="text-3xl font-bold tracking-tight break-words">
          {i18n._("page.my-bom-new.heading", values)}
        </h1>
        <p className="text-lg font-semibold break-words">
          {i18n._("bom.assembly_title", { number: assembly.number, name: assembly.name })}
        </p>
        <p className="max-w-3xl text-neutral-700 dark:text-neutral-300">
          {i18n._("page.my-bom-new.intro", values)}
        </p>
      </div>

      {!mayImport || uploadMaxBytes === null ? (
        <Alert variant="info">{i18n._(mayImport ? "bom.upload_unavailable" : "bom.import_forbidden")}</Alert>
      ) : (
        <>
          <section aria-labelledby="bom-step-file" className="space-y-3">
            <h2 id="bom-step-file" className="text-xl font-semibold">
              {i18n._("bom.step_file")}
            </h2>
            <FileUpload
              purpose="bom"
              accept={BOM_ACCEPT}
              maxBytes={uploadMaxBytes}
              label={i18n._("bom.upload_label")}
              hint={i18n._("bom.upload_hint", { size: formatFileSize(uploadMaxBytes, locale) })}
              onUploaded={(file) => showFile(file.id)}
            />
            {refused ? <BomRefused reason={refused} /> : null}
          </section>

          {preview && fileId && mapping ? (
            <>
              <section aria-labelledby="bom-step-mapping" className="space-y-4">
                <h2 id="bom-step-mapping" className="text-xl font-semibold">
                  {i18n._("bom.step_mapping")}
                </h2>
                <BomDetected preview={preview} />
                <MappingTable
                  preview={preview}
                  mapping={mapping}
                  fileId={fileId}
                  mappingError={mappingError}
                  onChange={remap}
                />
                <PreviewCounts preview={preview} />
                <BomProblems problems={preview.problems} />
              </section>
              <section aria-labelledby="bom-step-import" className="space-y-3">
                <h2 id="bom-step-import" className="text-xl font-semibold">
                  {i18n._("bom.step_import")}
                </h2>
                <p className="text-sm text-neutral-700 dark:text-neutral-300">{i18n._("bom.import_hint")}</p>
                <BomImportButton
                  fileId={fileId}
                  mapping={mapping}
                  disabled={blocked || mappingError !== null}
                  onDone={(bom) => {
                    if (!bom) return;
                    showToast({ title: i18n._("bom.imported", { version: bom.version }), color: "success" });
                    void navigate(bomHref);
                  }}
                />
              </section>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
