import { useLingui } from "@lingui/react";
import { ExternalLink } from "lucide-react";
import { useMatches } from "react-router";

import { Button } from "~/components/ui/button";
import { PageHeader } from "~/features/billing/page-header";
import { GerberViewer } from "~/features/gerber/gerber-viewer";
import { camFilesUrl, openStoredInViewer } from "~/lib/gerber-viewer";
import { routePageMeta } from "~/lib/meta";
import { currentPage, href } from "~/lib/route-map";

import type { Route } from "./+types/cam";
import { useLocale } from "~/lib/use-locale";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * The CAM view of one PCB specification (/my/cam/{pcb}, docs/behaviour/engineering.md#gerber-viewer): the viewer loads the Gerber files
 * stored with the specification from the API, with the visitor's session. Files from the computer can
 * be dropped here as well.
 */
export default function CamPage({ params }: Route.ComponentProps) {
  const page = currentPage(useMatches());
  const { i18n } = useLingui();
  const locale = useLocale();
  const url = camFilesUrl(params.pcb);
  if (!page) return null;
  return (
    <section className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title={i18n._("viewer.cam_title", { pcb: params.pcb })}
        intro={i18n._(`page.${page.key}.intro`)}
        actions={
          <Button variant="outline" onClick={() => openStoredInViewer(url, href("gerber-viewer", locale))}>
            <ExternalLink aria-hidden="true" className="size-4" />
            {i18n._("viewer.open_window")}
          </Button>
        }
      />
      <GerberViewer sourceUrl={url} emptySourceMessage={i18n._("viewer.cam_no_files", { pcb: params.pcb })} />
    </section>
  );
}
