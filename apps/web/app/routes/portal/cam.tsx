import { useLingui } from "@lingui/react";
import { pcbEndpoints } from "@ems/contracts/pcbs";
import { ExternalLink } from "lucide-react";
import { useMemo } from "react";
import { useMatches, useSearchParams } from "react-router";

import { Button } from "~/components/ui/button";
import { PageHeader } from "~/features/billing/page-header";
import { GerberViewer } from "~/features/gerber/gerber-viewer";
import type { PinnedFinding } from "~/features/gerber/viewer-protocol";
import { versionAnalysis, versionParam } from "~/features/pcbs/pcb-helpers";
import { findingText } from "~/features/pcbs/pcb-text";
import { ApiError, call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { camFilesUrl, openStoredInViewer } from "~/lib/gerber-viewer";
import { routePageMeta } from "~/lib/meta";
import { currentPage, href } from "~/lib/route-map";
import { useLocale } from "~/lib/use-locale";

import type { Route } from "./+types/cam";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * The stored version (the latest, or `?version=`), for its name and its DFM findings; the files
 * themselves the viewer fetches. A specification this company does not have still opens the viewer,
 * which then says there are no files, and takes dropped ones.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const version = versionParam(new URL(request.url).searchParams.get("version"));
  try {
    const spec = (await call(api, pcbEndpoints.detail, { params: { id: params.pcb } })).data;
    const shown = (
      await call(api, pcbEndpoints.version, {
        params: { id: params.pcb, version: version ?? spec.latest_version },
      })
    ).data;
    return { number: spec.number, version: shown.version, analysis: versionAnalysis(shown) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403))
      return { number: null, version, analysis: null };
    throw error;
  }
}

/**
 * The CAM view of one PCB specification (/my/cam/{pcb}, docs/behaviour/engineering.md#gerber-viewer): the viewer loads the Gerber files
 * stored with the specification from the API, with the visitor's session, and pins the DFM report's
 * findings on the board (`?finding=<n>` zooms to one). Files from the computer can be dropped here as well.
 */
export default function CamPage({ params, loaderData }: Route.ComponentProps) {
  const page = currentPage(useMatches());
  const { i18n } = useLingui();
  const locale = useLocale();
  const [search] = useSearchParams();
  const { number, version, analysis } = loaderData;
  const url = camFilesUrl(params.pcb, version);
  const findings = useMemo<PinnedFinding[]>(
    () =>
      (analysis?.dfm.findings ?? []).flatMap((finding, index) =>
        finding.x === null || finding.y === null
          ? []
          : [
              {
                id: String(index),
                severity: finding.severity,
                x: finding.x,
                y: finding.y,
                text: findingText(i18n, locale, finding),
                layer: finding.layer,
              },
            ],
      ),
    [analysis, i18n, locale],
  );
  if (!page) return null;
  return (
    <section className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title={i18n._("viewer.cam_title", { pcb: number ?? params.pcb })}
        intro={i18n._(`page.${page.key}.intro`)}
        actions={
          <Button variant="outline" onClick={() => openStoredInViewer(url, href("gerber-viewer", locale))}>
            <ExternalLink aria-hidden="true" className="size-4" />
            {i18n._("viewer.open_window")}
          </Button>
        }
      />
      <GerberViewer
        sourceUrl={url}
        emptySourceMessage={i18n._("viewer.cam_no_files", { pcb: number ?? params.pcb })}
        findings={findings}
        findingsTitle={i18n._("pcbs.dfm")}
        focusFinding={search.get("finding")}
      />
    </section>
  );
}
