import { useLingui } from "@lingui/react";
import { siteConfig } from "@ems/config/site";
import {
  contractEndpoints,
  CONTRACT_KINDS,
  CONTRACT_TERMS_MAX,
  contractCreateSchema,
  type ContractKind,
} from "@ems/contracts/contracts";
import { CURRENCIES } from "@ems/contracts/money";
import { useState, type FormEvent } from "react";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { browserApi } from "~/lib/browser-api";
import { cn } from "~/lib/cn";

import { toMinor } from "./amount";
import { useBillingAction } from "./use-billing-action";
import { call } from "~/lib/api-client";

const FIELDS = ["kind", "title", "starts_on", "ends_on", "annual_volume_minor", "currency", "terms"] as const;
type Field = (typeof FIELDS)[number];

const empty = (today: string) => ({
  kind: "framework" as ContractKind,
  title: "",
  starts_on: today,
  ends_on: "",
  volume: "",
  currency: siteConfig.legal.defaultCurrency as string,
  terms: "",
});

/** A customer asks for an agreement; staff make it active later. */
export function ContractDialog({
  open,
  onOpenChange,
  today,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Today (UTC, YYYY-MM-DD), the default start. */
  today: string;
}) {
  const { i18n } = useLingui();
  const [form, setForm] = useState(() => empty(today));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { run, pending, problem } = useBillingAction();
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const framework = form.kind === "framework";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const volume = framework && form.volume.trim() ? toMinor(form.volume, form.currency) : undefined;
    if (volume === null) {
      setErrors({ annual_volume_minor: i18n._("billing.contracts.error_annual_volume_minor") });
      return;
    }
    const body = {
      kind: form.kind,
      title: form.title,
      starts_on: form.starts_on,
      ...(form.ends_on ? { ends_on: form.ends_on } : {}),
      ...(volume !== undefined ? { annual_volume_minor: volume } : {}),
      currency: form.currency,
      terms: form.terms,
    };
    const parsed = contractCreateSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "") as Field;
        if (FIELDS.includes(field)) next[field] ??= i18n._(`billing.contracts.error_${field}`);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const answer = await run(() => call(browserApi(), contractEndpoints.create, { body: parsed.data }), {
      success: i18n._("billing.contracts.requested", { title: parsed.data.title }),
    });
    if (answer.ok) {
      setForm(empty(today));
      onOpenChange(false);
    } else if (answer.problem) {
      const next: Partial<Record<Field, string>> = {};
      for (const [field, text] of Object.entries(answer.problem.fields)) {
        const key = field.split(".")[0] as Field;
        if (FIELDS.includes(key)) next[key] = text;
      }
      setErrors(next);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={i18n._("billing.contracts.dialog_title")}
      description={i18n._("billing.contracts.dialog_intro")}
      closeLabel={i18n._("billing.close")}
      size="lg"
    >
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormField label={i18n._("billing.contracts.kind")} error={errors.kind}>
          {(f) => (
            <select
              {...f}
              value={form.kind}
              onChange={(e) => set("kind", e.target.value as ContractKind)}
              className={inputClassName}
            >
              {CONTRACT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {i18n._("billing.contract_kind", { kind })}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={i18n._("billing.contracts.title_label")} error={errors.title}>
          {(f) => (
            <Input
              {...f}
              value={form.title}
              onChange={(e) => set("title", e.target.value)}
              required
              minLength={3}
              maxLength={200}
            />
          )}
        </FormField>
        <FormField label={i18n._("billing.contracts.starts_on")} error={errors.starts_on}>
          {(f) => (
            <Input
              {...f}
              type="date"
              value={form.starts_on}
              onChange={(e) => set("starts_on", e.target.value)}
              required
            />
          )}
        </FormField>
        <FormField
          label={i18n._("billing.contracts.ends_on")}
          description={i18n._("billing.contracts.ends_on_hint")}
          error={errors.ends_on}
        >
          {(f) => (
            <Input
              {...f}
              type="date"
              value={form.ends_on}
              min={form.starts_on || undefined}
              onChange={(e) => set("ends_on", e.target.value)}
            />
          )}
        </FormField>
        <FormField label={i18n._("billing.contracts.currency")} error={errors.currency}>
          {(f) => (
            <select
              {...f}
              value={form.currency}
              onChange={(e) => set("currency", e.target.value)}
              className={inputClassName}
            >
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {framework ? (
          <FormField
            label={i18n._("billing.contracts.annual_volume", { currency: form.currency })}
            description={i18n._("billing.contracts.annual_volume_hint")}
            error={errors.annual_volume_minor}
          >
            {(f) => (
              <Input
                {...f}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                value={form.volume}
                onChange={(e) => set("volume", e.target.value)}
              />
            )}
          </FormField>
        ) : (
          <div aria-hidden="true" className="hidden sm:block" />
        )}
        <FormField
          label={i18n._("billing.contracts.terms")}
          description={i18n._("billing.contracts.terms_hint")}
          error={errors.terms}
          className="sm:col-span-2"
        >
          {(f) => (
            <textarea
              {...f}
              value={form.terms}
              onChange={(e) => set("terms", e.target.value)}
              required
              rows={6}
              maxLength={CONTRACT_TERMS_MAX}
              className={cn(inputClassName, "h-auto py-2")}
            />
          )}
        </FormField>
        {problem ? (
          <Alert variant="error" className="sm:col-span-2">
            {problem.message}
          </Alert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {i18n._("billing.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {i18n._("billing.contracts.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
