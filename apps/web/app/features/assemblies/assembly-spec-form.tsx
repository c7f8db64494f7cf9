import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { capabilities } from "@ems/config/capabilities";
import {
  ASSEMBLY_LIMITS,
  ASSEMBLY_PACKAGING,
  ASSEMBLY_SPEC_DEFAULTS,
  CONFORMAL_COATINGS,
  ELECTRICAL_TESTS,
  PARTS_SOURCING,
  STENCILS,
  type AssemblySpecFields,
} from "@ems/contracts/assembly-spec";
import type { PcbSpecReference } from "@ems/contracts/pcbs";
import { Plus, X } from "lucide-react";
import type { ReactNode } from "react";
import { useRevalidator } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { assemblySpecFormSchema, SPEC_ERROR_TEXTS } from "./assembly-form";
import type { PcbVersionOption } from "./assembly-helpers";

const SIDES = ["top", "bottom"] as const;
const TECHNOLOGIES = ["smt", "tht"] as const;

export interface AssemblySpecFormProps {
  /** The route action's intent: "create" or "save". */
  intent: "create" | "save";
  /** The specification a new version is saved to. */
  specId?: string;
  /** The fields the form starts from: the defaults, or the version to edit. */
  initial: Partial<AssemblySpecFields>;
  /** The PCB version the edited version builds on. */
  pcb?: PcbSpecReference | null;
  pcbOptions: readonly PcbVersionOption[];
  /** The version an edit started from (the API answers 409 when another was saved since). */
  baseVersion?: number;
  submitLabel: string;
  onClose: () => void;
  onDone: (saved: unknown) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border border-neutral-300 p-4 dark:border-neutral-700">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function Tick({ field, label, hint }: { field: FieldMetadata<unknown>; label: string; hint?: string }) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input
        {...getInputProps(field, { type: "checkbox" })}
        className="mt-0.5 size-5 shrink-0 accent-primary-700"
      />
      <span>
        <span className="font-semibold">{label}</span>
        {hint ? <span className="block text-neutral-600 dark:text-neutral-400">{hint}</span> : null}
      </span>
    </label>
  );
}

function FieldError({ id, text }: { id?: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="text-sm font-medium text-red-700 dark:text-red-400">
      {text}
    </p>
  ) : null;
}

/**
 * The assembly specification (issue 18): what the board is built on, which sides and technologies
 * are placed, who buys the parts, the process and test steps, packaging and the quantities to price.
 * Rules between fields are checked as the user types and again by the API, both shown at the field.
 * Posts to the page's action, which saves a new specification or a new version.
 */
export function AssemblySpecForm({
  intent,
  specId,
  initial,
  pcb = null,
  pcbOptions,
  baseVersion,
  submitLabel,
  onClose,
  onDone,
}: AssemblySpecFormProps) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const start = { ...ASSEMBLY_SPEC_DEFAULTS, ...initial };
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: assemblySpecFormSchema,
    id: specId ? `assembly-${intent}-${specId}` : `assembly-${intent}`,
    defaultValue: {
      fields: start,
      pcb_spec_version_id: pcb?.version_id ?? "",
      ...(baseVersion ? { base_version: baseVersion } : {}),
    } as never,
    onDone,
  });
  const spec = fields.fields.getFieldset();
  const tiers = spec.quantity_tiers.getFieldList();
  const programming = spec.programming.value === "on";
  const error = (codes: string[] | undefined) =>
    formErrorText(i18n, codes, "assembly.error_field", SPEC_ERROR_TEXTS);
  const conflict = formErrors?.[0] === "CONFLICT";
  const problem = conflict
    ? undefined
    : formErrorText(i18n, formErrors, "assembly.save_failed", SPEC_ERROR_TEXTS);
  // The current board stays offered when it is no longer among the most recently changed.
  const options =
    pcb && !pcbOptions.some((option) => option.version_id === pcb.version_id)
      ? [
          { version_id: pcb.version_id, number: pcb.number, name: pcb.name, version: pcb.version },
          ...pcbOptions,
        ]
      : pcbOptions;
  const tierErrors = [spec.quantity_tiers.errors, ...tiers.map((tier) => tier.errors)]
    .map((codes) => error(codes))
    .filter((text): text is string => text !== undefined);

  const field = (
    name: keyof typeof spec,
    children: (control: {
      id: string;
      "aria-invalid": true | undefined;
      "aria-describedby": string | undefined;
    }) => ReactNode,
    options: { hint?: string; wide?: boolean } = {},
  ) => (
    <FormField
      label={i18n._(`assembly.field.${String(name)}`)}
      description={options.hint}
      error={error(spec[name].errors)}
      className={options.wide ? "sm:col-span-2" : undefined}
    >
      {children}
    </FormField>
  );
  const choice = <T extends string>(
    name: "stencil" | "conformal_coating" | "electrical_test" | "packaging",
    values: readonly T[],
  ) =>
    field(name, (f) => (
      <select {...getSelectProps(spec[name])} {...f} className={inputClassName}>
        {values.map((value) => (
          <option key={value} value={value}>
            {i18n._(`assembly.${String(name)}.${value}`)}
          </option>
        ))}
      </select>
    ));

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-5">
      <IntentField intent={intent} />
      {specId ? <input type="hidden" name={fields.id.name} value={specId} /> : null}
      {baseVersion ? <input type="hidden" name={fields.base_version.name} value={baseVersion} /> : null}

      <Section title={i18n._("assembly.section_general")}>
        {field(
          "name",
          (f) => (
            <Input
              {...getInputProps(spec.name, { type: "text" })}
              {...f}
              required
              maxLength={ASSEMBLY_LIMITS.name}
              autoComplete="off"
            />
          ),
          { wide: true },
        )}
        {field("customer_part_number", (f) => (
          <Input
            {...getInputProps(spec.customer_part_number, { type: "text" })}
            {...f}
            maxLength={ASSEMBLY_LIMITS.customerPartNumber}
            autoComplete="off"
          />
        ))}
        {field("revision", (f) => (
          <Input
            {...getInputProps(spec.revision, { type: "text" })}
            {...f}
            maxLength={ASSEMBLY_LIMITS.revision}
            autoComplete="off"
          />
        ))}
        <FormField
          label={i18n._("assembly.field.pcb")}
          description={i18n._(options.length > 0 ? "assembly.hint_pcb" : "assembly.hint_pcb_none")}
          error={formErrorText(i18n, fields.pcb_spec_version_id.errors, "assembly.error_pcb")}
          className="sm:col-span-2"
        >
          {(f) => (
            <select {...getSelectProps(fields.pcb_spec_version_id)} {...f} className={inputClassName}>
              <option value="">{i18n._("assembly.pcb_none")}</option>
              {options.map((option) => (
                <option key={option.version_id} value={option.version_id}>
                  {i18n._("assembly.pcb_option", {
                    number: option.number,
                    name: option.name,
                    version: option.version,
                  })}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </Section>

      <fieldset
        className="min-w-0 space-y-3 rounded-lg border border-neutral-300 p-4 dark:border-neutral-700"
        aria-describedby={spec.top_smt.errors ? spec.top_smt.errorId : undefined}
      >
        <legend className="px-1 text-sm font-semibold">{i18n._("assembly.section_placement")}</legend>
        <p className="text-sm text-neutral-700 dark:text-neutral-300">{i18n._("assembly.hint_placement")}</p>
        <div
          role="group"
          className="grid max-w-sm grid-cols-[auto_1fr_1fr] items-center gap-x-4 gap-y-2 text-sm"
        >
          <span />
          {TECHNOLOGIES.map((tech) => (
            <span key={tech} className="font-semibold">
              {i18n._(`assembly.tech.${tech}`)}
            </span>
          ))}
          {SIDES.map((side) => (
            <div key={side} className="contents">
              <span className="font-semibold">{i18n._(`assembly.side.${side}`)}</span>
              {TECHNOLOGIES.map((tech) => (
                <input
                  {...getInputProps(spec[`${side}_${tech}`], { type: "checkbox", ariaAttributes: false })}
                  key={tech}
                  aria-label={i18n._("assembly.side_tech", {
                    side: i18n._(`assembly.side.${side}`),
                    tech: i18n._(`assembly.tech.${tech}`),
                  })}
                  className="size-5 accent-primary-700"
                />
              ))}
            </div>
          ))}
        </div>
        <FieldError id={spec.top_smt.errorId} text={error(spec.top_smt.errors)} />
      </fieldset>

      <fieldset className="min-w-0 space-y-3 rounded-lg border border-neutral-300 p-4 dark:border-neutral-700">
        <legend className="px-1 text-sm font-semibold">{i18n._("assembly.field.parts_sourcing")}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {PARTS_SOURCING.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-neutral-300 p-3 text-sm has-[:checked]:border-primary-700 has-[:checked]:bg-primary-50 dark:border-neutral-700 dark:has-[:checked]:border-primary-400 dark:has-[:checked]:bg-primary-950"
            >
              <input
                type="radio"
                name={spec.parts_sourcing.name}
                value={value}
                defaultChecked={(spec.parts_sourcing.initialValue ?? start.parts_sourcing) === value}
                className="mt-0.5 size-4 shrink-0 accent-primary-700"
              />
              <span>
                <span className="block font-semibold">{i18n._(`assembly.parts_sourcing.${value}`)}</span>
                <span className="block text-neutral-700 dark:text-neutral-300">
                  {i18n._(`assembly.parts_sourcing_hint.${value}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldError text={error(spec.parts_sourcing.errors)} />
      </fieldset>

      <Section title={i18n._("assembly.section_process")}>
        {choice("stencil", STENCILS)}
        {choice("conformal_coating", CONFORMAL_COATINGS)}
        <Tick field={spec.aoi} label={i18n._("assembly.field.aoi")} hint={i18n._("assembly.hint_aoi")} />
        <Tick field={spec.xray} label={i18n._("assembly.field.xray")} hint={i18n._("assembly.hint_xray")} />
      </Section>

      <Section title={i18n._("assembly.section_test")}>
        {choice("electrical_test", ELECTRICAL_TESTS)}
        <Tick
          field={spec.functional_test}
          label={i18n._("assembly.field.functional_test")}
          hint={i18n._("assembly.hint_functional_test")}
        />
        <div className="sm:col-span-2">
          <Tick field={spec.programming} label={i18n._("assembly.field.programming")} />
        </div>
        {programming || spec.programming_notes.errors
          ? field(
              "programming_notes",
              (f) => (
                <Textarea
                  {...getTextareaProps(spec.programming_notes)}
                  {...f}
                  maxLength={ASSEMBLY_LIMITS.programmingNotes}
                  rows={3}
                />
              ),
              { wide: true, hint: i18n._("assembly.hint_programming_notes") },
            )
          : null}
      </Section>

      <Section title={i18n._("assembly.section_delivery")}>
        {choice("packaging", ASSEMBLY_PACKAGING)}
        <fieldset
          className="min-w-0 sm:col-span-2"
          aria-describedby={tierErrors.length > 0 ? spec.quantity_tiers.errorId : undefined}
        >
          <legend className="text-sm font-semibold">
            {i18n._("assembly.field.quantity_tiers", { max: ASSEMBLY_LIMITS.quantityTiers })}
          </legend>
          <p className="text-sm text-neutral-700 dark:text-neutral-300">{i18n._("assembly.hint_tiers")}</p>
          <div className="mt-1.5 flex flex-wrap items-center gap-2">
            {tiers.map((tier, index) => (
              <span key={tier.key} className="inline-flex items-center gap-1">
                <Input
                  {...getInputProps(tier, { type: "number", ariaAttributes: false })}
                  inputMode="numeric"
                  min={capabilities.quantities.min}
                  max={capabilities.quantities.maxPerOrder}
                  step={1}
                  required
                  aria-label={i18n._("assembly.tier_label", { n: index + 1 })}
                  aria-invalid={tier.errors ? true : undefined}
                  className="w-28"
                />
                {tiers.length > 1 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={i18n._("assembly.tier_remove", { n: index + 1 })}
                    onClick={() => form.remove({ name: spec.quantity_tiers.name, index })}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                ) : null}
              </span>
            ))}
            {tiers.length < ASSEMBLY_LIMITS.quantityTiers ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => form.insert({ name: spec.quantity_tiers.name, defaultValue: "" as never })}
              >
                <Plus aria-hidden="true" className="size-4" />
                {i18n._("assembly.tier_add")}
              </Button>
            ) : null}
          </div>
          <FieldError id={spec.quantity_tiers.errorId} text={tierErrors[0]} />
        </fieldset>
      </Section>

      {field(
        "notes",
        (f) => (
          <Textarea {...getTextareaProps(spec.notes)} {...f} maxLength={ASSEMBLY_LIMITS.notes} rows={3} />
        ),
        { wide: true, hint: i18n._("assembly.hint_notes") },
      )}

      {conflict ? (
        <Alert variant="error" title={i18n._("assembly.conflict_title")}>
          <span className="block">{i18n._("assembly.conflict")}</span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => {
              onClose();
              void revalidator.revalidate();
            }}
          >
            {i18n._("assembly.conflict_reload")}
          </Button>
        </Alert>
      ) : null}
      {problem ? <Alert variant="error">{problem}</Alert> : null}

      <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-800">
        <Button type="button" variant="outline" onClick={onClose}>
          {i18n._("assembly.cancel")}
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </fetcher.Form>
  );
}
