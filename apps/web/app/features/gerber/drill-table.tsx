import { useLingui } from "@lingui/react";
import { formatDecimal } from "@ems/i18n/format";

import type { LayerSummary } from "./viewer-protocol";

/** Every drill tool of every drill file: size, holes, slots, plated or not. */
export function DrillTable({ layers }: { layers: LayerSummary[] }) {
  const { i18n } = useLingui();
  const drills = layers.filter((layer) => layer.type === "drill" && layer.tools && layer.tools.length > 0);
  if (drills.length === 0) return null;
  const nf = (value: number, digits: number) => formatDecimal(value, digits, i18n.locale);
  const plated = (value: boolean | null) =>
    i18n._(
      value === null
        ? "viewer.drill.plated_unknown"
        : value
          ? "viewer.drill.plated_yes"
          : "viewer.drill.plated_no",
    );
  const tools = drills.flatMap((layer) => layer.tools ?? []);
  const holes = tools.reduce((sum, tool) => sum + tool.holes, 0);
  const slots = tools.reduce((sum, tool) => sum + tool.slots, 0);
  return (
    <section aria-labelledby="viewer-drills">
      <h2 id="viewer-drills" className="text-base font-semibold">
        {i18n._("viewer.drill.title")}
      </h2>
      {drills.map((layer) => (
        <table key={layer.id} className="mt-2 w-full text-sm">
          <caption className="truncate pb-1 text-left font-mono text-xs text-neutral-600 dark:text-neutral-400">
            {layer.fileName}
          </caption>
          <thead>
            <tr className="border-b border-neutral-200 text-left text-xs text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
              <th scope="col" className="py-1 font-medium">
                {i18n._("viewer.drill.tool")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {i18n._("viewer.drill.diameter")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {i18n._("viewer.drill.holes")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {i18n._("viewer.drill.slots")}
              </th>
              <th scope="col" className="py-1 pl-2 font-medium">
                {i18n._("viewer.drill.plated")}
              </th>
            </tr>
          </thead>
          <tbody>
            {layer.tools!.map((tool) => (
              <tr key={tool.code} className="border-b border-neutral-100 dark:border-neutral-900">
                <td className="py-1 font-mono">T{tool.code}</td>
                <td className="py-1 text-right tabular-nums">
                  {i18n._("viewer.drill.mm", { value: nf(tool.diameter, 3) })}
                </td>
                <td className="py-1 text-right tabular-nums">{tool.holes}</td>
                <td className="py-1 text-right tabular-nums">{tool.slots}</td>
                <td className="py-1 pl-2">{plated(tool.plated)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
        {i18n._("viewer.drill.total", { holes, slots })}
      </p>
    </section>
  );
}
