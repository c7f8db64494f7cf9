import type { AssemblySpecReference } from "@ems/contracts/assemblies";
import type { Locale } from "@ems/i18n/locales";
import { useLingui } from "@lingui/react";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

import { assemblySheetHref } from "~/lib/assembly-links";
import { staffAssemblySheetLink } from "~/lib/pcb-links";

type Audience = "customer" | "staff";

/** The specification's sheet: the customer's, or the back office's (null while that page does not exist). */
function sheetLink(audience: Audience, locale: Locale, spec: AssemblySpecReference): string | null {
  return audience === "staff"
    ? staffAssemblySheetLink(locale, spec)
    : assemblySheetHref(locale, spec.spec_id, spec.version);
}

/**
 * The assembly specification version a quote or order line refers to: number, name and version,
 * revision, the BOM version it names with its line count, the PCB it builds on, and a link to the
 * specification's sheet.
 */
export function AssemblySpecReferenceCard({
  spec,
  audience,
  locale,
}: {
  spec: AssemblySpecReference;
  audience: Audience;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const link = sheetLink(audience, locale, spec);
  const facts = [
    i18n._("assembly_ref.version", { version: spec.version }),
    spec.revision ? i18n._("assembly_ref.revision", { revision: spec.revision }) : null,
    spec.bom_version === null
      ? i18n._("assembly_ref.no_bom")
      : i18n._("assembly_ref.bom", { version: spec.bom_version, lines: spec.bom_lines ?? 0 }),
    spec.pcb_number ? i18n._("assembly_ref.on_pcb", { number: spec.pcb_number }) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <div className="rounded-lg border border-neutral-200 bg-neutral-50 p-3 dark:border-neutral-700 dark:bg-neutral-800/50">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="text-xs font-semibold tracking-wide text-neutral-700 uppercase dark:text-neutral-300">
          {i18n._("assembly_ref.heading")}
        </p>
        <p className="font-semibold break-words">
          {i18n._("assembly_ref.title", { number: spec.number, name: spec.name })}
        </p>
        <p className="text-neutral-700 dark:text-neutral-300">
          {/* Each fact stays on one line ("BOM version 2 · 41 lines"); the line breaks between them. */}
          {facts.map((fact, i) => (
            <span key={fact}>
              {i > 0 ? " · " : null}
              <span className="whitespace-nowrap">{fact}</span>
            </span>
          ))}
        </p>
        {link ? (
          <Link
            to={link}
            className="inline-block font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-300"
          >
            {i18n._("assembly_ref.open")}
            <ArrowRight aria-hidden="true" className="ml-1 inline size-3.5 align-[-0.125em]" />
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** The same reference in a table cell: the specification's number and version, as a link where there is a page. */
export function AssemblySpecReferenceLink({
  spec,
  audience,
  locale,
}: {
  spec: AssemblySpecReference;
  audience: Audience;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const link = sheetLink(audience, locale, spec);
  const text = i18n._("assembly_ref.link", { number: spec.number, version: spec.version, name: spec.name });
  return link ? (
    <Link
      to={link}
      className="block text-xs font-medium text-primary-700 underline underline-offset-2 dark:text-primary-300"
    >
      {text}
    </Link>
  ) : (
    <span className="block text-xs text-neutral-700 dark:text-neutral-300">{text}</span>
  );
}
