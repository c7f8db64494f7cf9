import type { PcbSpecReference } from "@ems/contracts/pcbs";
import { formatNumber } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { useLingui } from "@lingui/react";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

import { Badge, type BadgeTone } from "~/components/ui/badge";
import { pcbSheetLink } from "~/lib/pcb-links";

/** The top view the server rendered, small; a dashed box while there is none. */
export function BoardThumb({ src, alt }: { src: string | null; alt: string }) {
  return src ? (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      className="h-12 w-16 shrink-0 rounded border border-neutral-200 bg-neutral-100 object-contain dark:border-neutral-700 dark:bg-neutral-800"
    />
  ) : (
    <span
      aria-hidden="true"
      className="block h-12 w-16 shrink-0 rounded border border-dashed border-neutral-300 dark:border-neutral-700"
    />
  );
}

/** What the manufacturability check says about the referenced files, as one badge. */
function dfmBadge(spec: PcbSpecReference): { key: string; tone: BadgeTone; values?: Record<string, number> } {
  if (!spec.has_gerber) return { key: "pcb_ref.no_files", tone: "neutral" };
  if (spec.analysis_status === "failed") return { key: "pcb_ref.dfm_failed", tone: "error" };
  if (spec.dfm_errors === null || spec.dfm_warnings === null)
    return { key: "pcb_ref.dfm_pending", tone: "info" };
  if (spec.dfm_errors === 0 && spec.dfm_warnings === 0) return { key: "pcb_ref.dfm_clean", tone: "success" };
  return {
    key: "pcbs.dfm_summary",
    tone: spec.dfm_errors > 0 ? "error" : "warning",
    values: { errors: spec.dfm_errors, warnings: spec.dfm_warnings },
  };
}

/**
 * The PCB specification version a quote or order line refers to: the board's top image, number,
 * name, version and size, what the DFM check found, and a link to the specification's sheet (the
 * customer's or the back office's).
 */
export function PcbSpecReferenceCard({
  spec,
  audience,
  locale,
}: {
  spec: PcbSpecReference;
  audience: "customer" | "staff";
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const n = (value: number) => formatNumber(value, locale);
  const badge = dfmBadge(spec);
  const facts = [
    i18n._("pcbs.version_item", { version: spec.version }),
    spec.revision ? i18n._("pcb_ref.revision", { revision: spec.revision }) : null,
    i18n._("pcbs.layers_value", { count: spec.layers }),
    i18n._("pcbs.size_value", { width: n(spec.width_mm), height: n(spec.height_mm) }),
  ].filter((fact): fact is string => fact !== null);
  return (
    <div className="flex gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-3 dark:border-neutral-700 dark:bg-neutral-800/50">
      {/* Without files there is no image: the card's width goes to the words (375 px screens). */}
      {spec.preview_top_url ? (
        <BoardThumb src={spec.preview_top_url} alt={i18n._("pcbs.image_top", { name: spec.name })} />
      ) : null}
      <div className="min-w-0 space-y-1 text-sm">
        <p className="text-xs font-semibold tracking-wide text-neutral-700 uppercase dark:text-neutral-300">
          {i18n._("pcb_ref.heading")}
        </p>
        <p className="font-semibold break-words">
          {i18n._("pcbs.sheet_title", { number: spec.number, name: spec.name })}
        </p>
        <p className="text-neutral-700 dark:text-neutral-300">
          {/* Each fact stays on one line ("48.5 × 32 mm"); the line breaks between them. */}
          {facts.map((fact, i) => (
            <span key={fact}>
              {i > 0 ? " · " : null}
              <span className="whitespace-nowrap">{fact}</span>
            </span>
          ))}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Badge tone={badge.tone}>{i18n._(badge.key, badge.values)}</Badge>
          <Link
            to={pcbSheetLink(audience, locale, spec)}
            className="font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-300"
          >
            {i18n._("pcb_ref.open")}
            <ArrowRight aria-hidden="true" className="ml-1 inline size-3.5 align-[-0.125em]" />
          </Link>
        </div>
      </div>
    </div>
  );
}

/** The same reference in a table cell: the specification's number and version as a link. */
export function PcbSpecReferenceLink({
  spec,
  audience,
  locale,
}: {
  spec: PcbSpecReference;
  audience: "customer" | "staff";
  locale: Locale;
}) {
  const { i18n } = useLingui();
  return (
    <Link
      to={pcbSheetLink(audience, locale, spec)}
      className="block text-xs font-medium text-primary-700 underline underline-offset-2 dark:text-primary-300"
    >
      {i18n._("pcb_ref.link", { number: spec.number, version: spec.version, name: spec.name })}
    </Link>
  );
}
