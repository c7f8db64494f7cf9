import { useLingui } from "@lingui/react";
import type { BomLineDto } from "@ems/contracts/assemblies";
import { Check, RefreshCw, X } from "lucide-react";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { IntentField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { bomRematchForm, substitutionDecisionForm } from "./bom-form";

const partText = (manufacturer: string | null | undefined, mpn: string | null | undefined) =>
  [manufacturer, mpn].filter(Boolean).join(" ") || "—";

/** Accept or reject one proposal: two buttons of one form, the pressed one's value is the decision. */
function Decision({ line }: { line: BomLineDto }) {
  const { i18n } = useLingui();
  const { fetcher, form, formErrors } = useFetcherForm({
    schema: substitutionDecisionForm,
    id: `decide-${line.id}`,
  });
  const pending = fetcher.state !== "idle" ? fetcher.formData?.get("decision") : null;
  return (
    <fetcher.Form method="post" id={form.id} className="flex flex-wrap items-center gap-2">
      <IntentField intent="decide" />
      <input type="hidden" name="line_id" value={line.id} />
      <Button type="submit" name="decision" value="accepted" size="sm" loading={pending === "accepted"}>
        <Check aria-hidden="true" className="size-4" />
        {i18n._("bom.subst.accept")}
      </Button>
      <Button
        type="submit"
        name="decision"
        value="rejected"
        size="sm"
        variant="outline"
        loading={pending === "rejected"}
      >
        <X aria-hidden="true" className="size-4" />
        {i18n._("bom.subst.reject")}
      </Button>
      <FormProblem
        codes={formErrors}
        fallback="bom.subst.error"
        known={{ CONFLICT: "bom.subst.error_conflict" }}
        className="w-full"
      />
    </fetcher.Form>
  );
}

const TONES = { proposed: "warning", accepted: "success", rejected: "neutral" } as const;

/**
 * The substitutes our engineering proposed for lines of this BOM version: what is replaced by what
 * and why, and the customer's decision (buttons while it is open, on the latest version only).
 */
export function BomSubstitutions({
  lines,
  mayDecide,
}: {
  lines: readonly BomLineDto[];
  /** The latest version, and a role that may decide. */
  mayDecide: boolean;
}) {
  const { i18n } = useLingui();
  const proposals = lines.filter((line) => line.substitution !== null);
  if (proposals.length === 0) return null;
  const open = proposals.filter((line) => line.substitution?.status === "proposed").length;
  return (
    <section
      aria-labelledby="bom-substitutions-title"
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h2 id="bom-substitutions-title" className="text-lg font-semibold">
        {i18n._("bom.subst.title")}
      </h2>
      <p className="text-sm">{i18n._("bom.subst.intro", { count: open })}</p>
      <ul className="space-y-3">
        {proposals.map((line) => {
          const substitution = line.substitution!;
          return (
            <li
              key={line.id}
              className="space-y-2 rounded-lg border border-neutral-200 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold break-words">
                  {i18n._("bom.subst.line", {
                    position: line.position,
                    designators: line.designators.join(", "),
                  })}
                </p>
                <Badge tone={TONES[substitution.status]}>
                  {i18n._("bom.subst.status", { status: substitution.status })}
                </Badge>
              </div>
              <p className="text-sm break-words">
                {i18n._("bom.subst.change", {
                  original: partText(line.parts[0]?.manufacturer, line.parts[0]?.mpn),
                  replacement: partText(substitution.manufacturer, substitution.mpn),
                })}
              </p>
              <p className="text-sm break-words text-neutral-700 dark:text-neutral-300">
                {i18n._("bom.subst.reason", { reason: substitution.reason })}
              </p>
              {substitution.status === "proposed" && mayDecide ? <Decision line={line} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Matches the lines without a part against the company's parts again, after parts were created from
 * them: a new BOM version when a line now matches.
 */
export function RematchButton({ version }: { version: number }) {
  const { i18n } = useLingui();
  // The button leaves the page once every line matches, so the toast comes with the action's answer.
  const { fetcher, form, busy, formErrors } = useFetcherForm({
    schema: bomRematchForm,
    id: "rematch",
    success: i18n._("bom.rematch_done"),
  });
  return (
    <fetcher.Form method="post" id={form.id} className="flex flex-wrap items-center gap-2">
      <IntentField intent="rematch" />
      <input type="hidden" name="base_version" value={version} />
      <Button type="submit" variant="outline" loading={busy}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {i18n._("bom.rematch")}
      </Button>
      <FormProblem
        codes={formErrors}
        fallback="bom.subst.error"
        known={{ CONFLICT: "bom.subst.error_conflict" }}
      />
    </fetcher.Form>
  );
}
