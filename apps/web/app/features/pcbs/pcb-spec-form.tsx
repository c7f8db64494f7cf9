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
  BASE_MATERIALS,
  IPC_CLASSES,
  MASK_COLOURS,
  PANEL_SEPARATIONS,
  PCB_SPEC_DEFAULTS,
  PCB_SPEC_ERRORS,
  SILK_COLOURS,
  SURFACE_FINISHES,
  VIA_TREATMENTS,
  type PcbSpecFields,
} from "@ems/contracts/pcb-spec";
import type { BoardData } from "@ems/gerber/board-data";
import { useState, type ReactNode } from "react";

import { FileUpload, type UploadedFile } from "~/components/file-upload";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField, IntentField, type FieldControlProps } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";
import { useFetcherForm } from "~/lib/use-fetcher-form";
import { useLocale } from "~/lib/use-locale";

import { pcbSpecFormSchema } from "./pcb-form";
import { unitTexts } from "./pcb-text";

const fab = capabilities.bareBoards;

/** The refusals of the specification's rules, worded here; anything else reads "check this field". */
const SPEC_ERROR_TEXTS: Record<string, string> = Object.fromEntries(
  Object.values(PCB_SPEC_ERRORS).map((code) => [code, `pcbs.error.${code}`]),
);
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The Gerber zip a version refers to, as the form shows it before another is chosen. */
export interface CurrentGerberFile {
  id: string;
  name: string;
  size: number;
}

export interface PcbSpecFormProps {
  /** The route action's intent: "create" or "save". */
  intent: string;
  /** The specification a new version is saved to. */
  specId?: string;
  /** What the server read from the current files, offered to take over. */
  detected?: BoardData | null;
  /** The fields the form starts from: the defaults, a version to edit or one to duplicate. */
  initial: Partial<PcbSpecFields>;
  /** The version an edit started from (the API answers 409 when another was saved since). */
  baseVersion?: number;
  gerberFile?: CurrentGerberFile | null;
  /** The largest upload (FileUsage.upload_max_bytes). */
  uploadMaxBytes: number;
  submitLabel: string;
  onClose: () => void;
  onDone: (saved: unknown) => void;
}

/** A select whose options are the operator's values, each worded by `label`. */
function Choice<T extends string | number>({
  field,
  values,
  label,
  control,
}: {
  field: FieldMetadata<unknown>;
  values: readonly T[];
  label: (value: T) => string;
  control: FieldControlProps;
}) {
  return (
    <select {...getSelectProps(field)} {...control} className={inputClassName}>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </select>
  );
}

/** A required number within the operator's range: whole steps get the numeric keypad, the rest decimals. */
function NumberInput({
  field,
  control,
  min,
  max,
  step,
}: {
  field: FieldMetadata<unknown>;
  control: FieldControlProps;
  min: number;
  max?: number;
  step: string;
}) {
  return (
    <Input
      {...getInputProps(field, { type: "number" })}
      {...control}
      min={min}
      max={max}
      step={step}
      inputMode={step === "1" ? "numeric" : "decimal"}
      required
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-neutral-300 p-4 dark:border-neutral-700">
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

/**
 * The PCB specification (docs/behaviour/engineering.md#specification-fields): every field a fab
 * asks for, each choice limited to what the operator builds, the rules between fields checked as the
 * user types, and the Gerber zip uploaded resumably beside it. Posts to the page's action, which saves
 * a new specification or a new version.
 */
export function PcbSpecForm({
  intent,
  specId,
  detected = null,
  initial,
  baseVersion,
  gerberFile = null,
  uploadMaxBytes,
  submitLabel,
  onClose,
  onDone,
}: PcbSpecFormProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const [file, setFile] = useState<CurrentGerberFile | null>(gerberFile);
  const [replacing, setReplacing] = useState(gerberFile === null);
  const [uploading, setUploading] = useState(false);
  const start = { ...PCB_SPEC_DEFAULTS, ...initial };
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: pcbSpecFormSchema,
    id: `pcb-${intent}`,
    defaultValue: {
      ...start,
      // The form holds text; the schema reads the numbers back.
      panel: start.panel,
      ...(baseVersion ? { base_version: baseVersion } : {}),
    } as never,
    onDone,
  });
  const panel = fields.panel.getFieldset();
  const panelKind = panel.kind.value ?? start.panel.kind;
  const layers = Number(fields.layers.value ?? start.layers);
  const impedance = fields.impedance_control.value === "on";

  // The files' layer count, size, smallest track and drill replace what the form holds (rounded as
  // the fields take them); the user still saves.
  const takeDetected = () => {
    if (!detected) return;
    const values: [string, number | null][] = [
      [fields.layers.name, detected.layers],
      [fields.width_mm.name, detected.size.source === "none" ? null : round(detected.size.widthMm, 2)],
      [fields.height_mm.name, detected.size.source === "none" ? null : round(detected.size.heightMm, 2)],
      [
        fields.min_track_um.name,
        detected.minTrackMm === null ? null : Math.round(detected.minTrackMm * 1000),
      ],
      [fields.min_drill_mm.name, detected.minDrillMm === null ? null : round(detected.minDrillMm, 3)],
    ];
    for (const [name, value] of values) if (value !== null) form.update({ name, value: String(value) });
  };
  const error = (codes: string[] | undefined) =>
    formErrorText(i18n, codes, "pcbs.error_field", SPEC_ERROR_TEXTS);
  const problem = formErrorText(i18n, formErrors, "pcbs.save_failed", {
    CONFLICT: "pcbs.error.CONFLICT",
  });
  const { mm, um, copper } = unitTexts(i18n, locale);

  const field = (
    name: keyof typeof fields,
    children: (control: {
      id: string;
      "aria-invalid": true | undefined;
      "aria-describedby": string | undefined;
    }) => ReactNode,
    options: { hint?: string; wide?: boolean } = {},
  ) => (
    <FormField
      label={i18n._(`pcbs.field.${String(name)}`)}
      description={options.hint}
      error={error(fields[name].errors)}
      className={options.wide ? "sm:col-span-2" : undefined}
    >
      {children}
    </FormField>
  );

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-5">
      <IntentField intent={intent} />
      {specId ? <input type="hidden" name={fields.id.name} value={specId} /> : null}
      {baseVersion ? <input type="hidden" name={fields.base_version.name} value={baseVersion} /> : null}
      {/* The current zip until a new one has arrived; the upload's row stays to show it did. */}
      {file ? <input type="hidden" name={fields.gerber_file_id.name} value={file.id} /> : null}

      <Section title={i18n._("pcbs.section_general")}>
        {field(
          "name",
          (f) => (
            <Input
              {...getInputProps(fields.name, { type: "text" })}
              {...f}
              required
              maxLength={120}
              autoComplete="off"
            />
          ),
          { wide: true },
        )}
        {field("customer_part_number", (f) => (
          <Input
            {...getInputProps(fields.customer_part_number, { type: "text" })}
            {...f}
            maxLength={80}
            autoComplete="off"
          />
        ))}
        {field("revision", (f) => (
          <Input
            {...getInputProps(fields.revision, { type: "text" })}
            {...f}
            maxLength={20}
            autoComplete="off"
          />
        ))}
      </Section>

      <fieldset className="space-y-3 rounded-lg border border-neutral-300 p-4 dark:border-neutral-700">
        <legend className="px-1 text-sm font-semibold">{i18n._("pcbs.section_files")}</legend>
        {file && !replacing ? (
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <span>{i18n._("pcbs.current_file", { name: file.name })}</span>
            <div className="flex flex-wrap gap-2">
              {detected && file.id === gerberFile?.id ? (
                <Button type="button" variant="outline" size="sm" onClick={takeDetected}>
                  {i18n._("pcbs.use_detected")}
                </Button>
              ) : null}
              <Button type="button" variant="outline" size="sm" onClick={() => setReplacing(true)}>
                {i18n._("pcbs.replace_file")}
              </Button>
            </div>
          </div>
        ) : (
          <FileUpload
            purpose="gerber"
            accept=".zip,application/zip,application/x-zip-compressed"
            maxBytes={uploadMaxBytes}
            label={i18n._("pcbs.upload_label")}
            hint={i18n._("pcbs.upload_hint")}
            onUploaded={(uploaded: UploadedFile) => setFile(uploaded)}
            onRemoved={() => {
              setFile(gerberFile);
              setReplacing(gerberFile === null);
            }}
            onBusyChange={setUploading}
          />
        )}
      </fieldset>

      <Section title={i18n._("pcbs.section_board")}>
        {field("layers", (f) => (
          <Choice
            field={fields.layers}
            values={fab.layerCounts}
            label={(n) => i18n._("pcbs.layers_value", { count: n })}
            control={f}
          />
        ))}
        {field("thickness_mm", (f) => (
          <Choice field={fields.thickness_mm} values={fab.thicknessStepsMm} label={mm} control={f} />
        ))}
        {field("width_mm", (f) => (
          <NumberInput field={fields.width_mm} control={f} min={1} max={fab.maxPanelMm[0]} step="0.01" />
        ))}
        {field("height_mm", (f) => (
          <NumberInput field={fields.height_mm} control={f} min={1} max={fab.maxPanelMm[0]} step="0.01" />
        ))}
        {field("material", (f) => (
          <Choice
            field={fields.material}
            values={BASE_MATERIALS}
            label={(v) => i18n._(`pcbs.material.${v}`)}
            control={f}
          />
        ))}
        {field("tg", (f) => (
          <Choice
            field={fields.tg}
            values={fab.tgValues}
            label={(v) => i18n._("pcbs.tg_value", { value: v })}
            control={f}
          />
        ))}
      </Section>

      <Section title={i18n._("pcbs.section_copper")}>
        {field("outer_copper_um", (f) => (
          <Choice field={fields.outer_copper_um} values={fab.outerCopperUm} label={copper} control={f} />
        ))}
        {layers > 2
          ? field("inner_copper_um", (f) => (
              <Choice field={fields.inner_copper_um} values={fab.innerCopperUm} label={copper} control={f} />
            ))
          : null}
        {field(
          "min_track_um",
          (f) => (
            <NumberInput field={fields.min_track_um} control={f} min={fab.trackSpaceUm} step="1" />
          ),
          { hint: i18n._("pcbs.hint_min", { value: um(fab.trackSpaceUm) }) },
        )}
        {field(
          "min_gap_um",
          (f) => (
            <NumberInput field={fields.min_gap_um} control={f} min={fab.trackSpaceUm} step="1" />
          ),
          { hint: i18n._("pcbs.hint_min", { value: um(fab.trackSpaceUm) }) },
        )}
        {field(
          "min_drill_mm",
          (f) => (
            <NumberInput field={fields.min_drill_mm} control={f} min={fab.mechanicalDrillMm} step="0.01" />
          ),
          { hint: i18n._("pcbs.hint_min", { value: mm(fab.mechanicalDrillMm) }) },
        )}
      </Section>

      <Section title={i18n._("pcbs.section_finish")}>
        {field(
          "surface_finish",
          (f) => (
            <Choice
              field={fields.surface_finish}
              values={SURFACE_FINISHES}
              label={(v) => i18n._(`pcbs.finish.${v}`)}
              control={f}
            />
          ),
          { wide: true },
        )}
        {(["mask_top", "mask_bottom"] as const).map((name) =>
          field(name, (f) => (
            <Choice
              field={fields[name]}
              values={MASK_COLOURS}
              label={(v) => i18n._(`pcbs.mask.${v}`)}
              control={f}
            />
          )),
        )}
        {(["silk_top", "silk_bottom"] as const).map((name) =>
          field(name, (f) => (
            <Choice
              field={fields[name]}
              values={SILK_COLOURS}
              label={(v) => i18n._(`pcbs.silk.${v}`)}
              control={f}
            />
          )),
        )}
      </Section>

      <Section title={i18n._("pcbs.section_special")}>
        {field("via_treatment", (f) => (
          <Choice
            field={fields.via_treatment}
            values={VIA_TREATMENTS}
            label={(v) => i18n._(`pcbs.via.${v}`)}
            control={f}
          />
        ))}
        {field("ipc_class", (f) => (
          <Choice
            field={fields.ipc_class}
            values={IPC_CLASSES}
            label={(v) => i18n._(`pcbs.ipc.${v}`)}
            control={f}
          />
        ))}
        <div className="space-y-3 sm:col-span-2">
          <Tick field={fields.impedance_control} label={i18n._("pcbs.field.impedance_control")} />
          {error(fields.impedance_control.errors) ? (
            <p className="text-sm font-medium text-red-700 dark:text-red-400">
              {error(fields.impedance_control.errors)}
            </p>
          ) : null}
        </div>
        {impedance || fields.stackup_notes.errors
          ? field(
              "stackup_notes",
              (f) => (
                <Textarea {...getTextareaProps(fields.stackup_notes)} {...f} maxLength={2000} rows={3} />
              ),
              { wide: true, hint: i18n._("pcbs.hint_stackup") },
            )
          : null}
        <Tick field={fields.edge_plating} label={i18n._("pcbs.field.edge_plating")} />
        <Tick field={fields.castellated_holes} label={i18n._("pcbs.field.castellated_holes")} />
        <div className="space-y-1 sm:col-span-2">
          <Tick
            field={fields.edge_connector_bevel}
            label={i18n._("pcbs.field.edge_connector_bevel")}
            hint={i18n._("pcbs.hint_bevel")}
          />
          {error(fields.edge_connector_bevel.errors) ? (
            <p className="text-sm font-medium text-red-700 dark:text-red-400">
              {error(fields.edge_connector_bevel.errors)}
            </p>
          ) : null}
        </div>
        <Tick field={fields.ul_marking} label={i18n._("pcbs.field.ul_marking")} />
        <Tick field={fields.date_code} label={i18n._("pcbs.field.date_code")} />
        <Tick
          field={fields.electrical_test}
          label={i18n._("pcbs.field.electrical_test")}
          hint={i18n._("pcbs.hint_electrical_test")}
        />
      </Section>

      <Section title={i18n._("pcbs.section_panel")}>
        {field("panel", (f) => (
          <select {...getSelectProps(panel.kind)} {...f} className={inputClassName}>
            {(["single", "panel"] as const).map((kind) => (
              <option key={kind} value={kind}>
                {i18n._(`pcbs.panel_kind.${kind}`)}
              </option>
            ))}
          </select>
        ))}
        {panelKind === "panel" ? (
          <>
            {(["boards_x", "boards_y"] as const).map((name) => (
              <FormField
                key={name}
                label={i18n._(`pcbs.field.panel_${name}`)}
                error={error(panel[name].errors)}
              >
                {(f) => (
                  <NumberInput field={panel[name]} control={f} min={1} max={fab.panelBoardsMax} step="1" />
                )}
              </FormField>
            ))}
            <FormField label={i18n._("pcbs.field.panel_separation")} error={error(panel.separation.errors)}>
              {(f) => (
                <Choice
                  field={panel.separation}
                  values={PANEL_SEPARATIONS}
                  label={(v) => i18n._(`pcbs.separation.${v}`)}
                  control={f}
                />
              )}
            </FormField>
            <FormField
              label={i18n._("pcbs.field.panel_rails_mm")}
              error={error(panel.rails_mm.errors)}
              description={i18n._("pcbs.hint_rails", {
                min: mm(fab.panelRailsMm[0]),
                max: mm(fab.panelRailsMm[1]),
              })}
            >
              {(f) => (
                <NumberInput
                  field={panel.rails_mm}
                  control={f}
                  min={fab.panelRailsMm[0]}
                  max={fab.panelRailsMm[1]}
                  step="0.5"
                />
              )}
            </FormField>
            <Tick field={panel.fiducials} label={i18n._("pcbs.field.panel_fiducials")} />
          </>
        ) : null}
      </Section>

      {field(
        "notes",
        (f) => (
          <Textarea {...getTextareaProps(fields.notes)} {...f} maxLength={4000} rows={3} />
        ),
        { wide: true, hint: i18n._("pcbs.hint_notes") },
      )}

      {problem ? <Alert variant="error">{problem}</Alert> : null}

      <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-800">
        <Button type="button" variant="outline" onClick={onClose}>
          {i18n._("pcbs.cancel")}
        </Button>
        <Button type="submit" loading={busy} disabled={uploading}>
          {submitLabel}
        </Button>
      </div>
    </fetcher.Form>
  );
}
