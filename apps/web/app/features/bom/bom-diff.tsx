import { useLingui } from "@lingui/react";
import type { BomDiff, BomLineDto } from "@ems/contracts/assemblies";

import { cn } from "~/lib/cn";

import { compactDesignators } from "./bom-helpers";

/** The fields the API compares, each worded by the page; anything else shows by its name. */
const DIFF_FIELDS = [
  "designators",
  "quantity",
  "value",
  "footprint",
  "description",
  "parts",
  "dnp",
  "consigned",
  "comment",
  "part",
] as const;

const muted = "text-neutral-700 dark:text-neutral-300";

/** A line in one sentence: its designators, value and first MPN. */
function LineSummary({ line }: { line: BomLineDto }) {
  const designators = compactDesignators(line.designators).join(", ") || "–";
  const parts = [line.value, line.footprint, line.parts[0]?.mpn].filter(Boolean).join(" · ");
  return (
    <span className="break-words">
      <span className="font-mono">{designators}</span>
      {parts ? <span className={cn("ml-2", muted)}>{parts}</span> : null}
    </span>
  );
}

/** One changed field: what it was and what it is now. */
function FieldChange({ field, before, after }: { field: string; before: BomLineDto; after: BomLineDto }) {
  const { i18n } = useLingui();
  const show = (line: BomLineDto): string => {
    switch (field) {
      case "designators":
        return compactDesignators(line.designators).join(", ") || "–";
      case "parts":
        return line.parts.map((p) => [p.manufacturer, p.mpn].filter(Boolean).join(" ")).join("; ") || "–";
      case "dnp":
        return i18n._(line.dnp ? "bom.diff.dnp_yes" : "bom.diff.dnp_no");
      case "consigned":
        return i18n._(line.consigned ? "bom.diff.consigned_yes" : "bom.diff.consigned_no");
      case "part":
        return line.part?.part_number ?? "–";
      case "quantity":
        return String(line.quantity);
      case "value":
      case "footprint":
      case "description":
      case "comment":
        return line[field] ?? "–";
      default:
        return "";
    }
  };
  const known = (DIFF_FIELDS as readonly string[]).includes(field);
  return (
    <li>
      <span className="font-semibold">{known ? i18n._(`bom.diff.field.${field}`) : field}:</span>{" "}
      <del className="text-red-800 dark:text-red-300">{show(before)}</del> <span aria-hidden="true">→</span>{" "}
      <ins className="text-emerald-800 no-underline dark:text-emerald-300">{show(after)}</ins>
    </li>
  );
}

/** What changed from the previous BOM version to this one: lines added, removed, and changed field by field. */
export function BomDiffView({ diff }: { diff: BomDiff }) {
  const { i18n } = useLingui();
  const empty = diff.added.length + diff.removed.length + diff.changed.length === 0;
  return (
    <section
      aria-labelledby="bom-diff-title"
      className="space-y-4 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h2 id="bom-diff-title" className="text-lg font-semibold">
        {i18n._("bom.diff.title", { from: diff.from, to: diff.to })}
      </h2>
      {empty ? <p className={muted}>{i18n._("bom.diff.none")}</p> : null}
      {diff.added.length ? (
        <div>
          <h3 className="font-semibold">{i18n._("bom.diff.added", { count: diff.added.length })}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {diff.added.map((line) => (
              <li key={line.id}>
                <LineSummary line={line} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {diff.removed.length ? (
        <div>
          <h3 className="font-semibold">{i18n._("bom.diff.removed", { count: diff.removed.length })}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {diff.removed.map((line) => (
              <li key={line.id}>
                <LineSummary line={line} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {diff.changed.length ? (
        <div>
          <h3 className="font-semibold">{i18n._("bom.diff.changed", { count: diff.changed.length })}</h3>
          <ul className="mt-1 space-y-3 text-sm">
            {diff.changed.map(({ before, after, fields }) => (
              <li key={after.id}>
                <LineSummary line={after} />
                <ul className="mt-1 list-disc space-y-0.5 pl-5">
                  {fields.map((field) => (
                    <FieldChange key={field} field={field} before={before} after={after} />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
