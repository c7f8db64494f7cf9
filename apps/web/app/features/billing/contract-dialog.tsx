import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { siteConfig } from "@ems/config/site";
import {
  CONTRACT_KINDS,
  CONTRACT_TERMS_MAX,
  contractCreateSchema,
  type Contract,
} from "@ems/contracts/contracts";
import { CURRENCIES } from "@ems/contracts/money";
import { z } from "zod";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { toMinor } from "./amount";

/** The request as the dialog holds it: the planned annual volume typed in major units (250000 EUR). */
type ContractRequestInput = Omit<z.input<typeof contractCreateSchema>, "annual_volume_minor"> & {
  annual_volume_minor?: string;
};

/**
 * What the contract dialog posts: the API's body (POST /api/contracts), the annual volume turned
 * into minor units of the chosen currency; an amount that is no number stays as typed and is refused.
 */
export const contractRequestForm = z.preprocess(
  (input: ContractRequestInput) =>
    input.annual_volume_minor && input.currency
      ? {
          ...input,
          annual_volume_minor:
            toMinor(input.annual_volume_minor, input.currency) ?? input.annual_volume_minor,
        }
      : input,
  contractCreateSchema,
);

/** Why the API refused the request as a whole; a refused field reads as that field's own hint. */
const REQUEST_ERRORS = {
  FORBIDDEN: "billing.error_forbidden",
  NOT_FOUND: "billing.error_not_found",
  RATE_LIMITED: "billing.error_rate_limited",
  VALIDATION_ERROR: "billing.error_check_fields",
};

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
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={i18n._("billing.contracts.dialog_title")}
      description={i18n._("billing.contracts.dialog_intro")}
      closeLabel={i18n._("billing.close")}
      size="lg"
    >
      {/* Inside the dialog, so that closing it starts the next request afresh. */}
      <ContractForm today={today} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

/** The request, posted to the contracts page's action; the list shows it once it is in. */
function ContractForm({ today, onClose }: { today: string; onClose: () => void }) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: contractRequestForm,
    defaultValue: { kind: "framework", starts_on: today, currency: siteConfig.legal.defaultCurrency },
    onDone: (contract?: Contract) => {
      if (contract)
        showToast({
          title: i18n._("billing.contracts.requested", { title: contract.title }),
          color: "success",
        });
      onClose();
    },
  });
  const error = (field: keyof ContractRequestInput) =>
    formErrorText(i18n, fields[field].errors, `billing.contracts.error_${field}`);
  const problem = formErrorText(i18n, formErrors, "global.error", REQUEST_ERRORS);
  const currency = fields.currency.value ?? "";

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <FormField label={i18n._("billing.contracts.kind")} error={error("kind")}>
        {(f) => (
          <select {...getSelectProps(fields.kind)} {...f} className={inputClassName}>
            {CONTRACT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {i18n._("billing.contract_kind", { kind })}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={i18n._("billing.contracts.title_label")} error={error("title")}>
        {(f) => (
          <Input
            {...getInputProps(fields.title, { type: "text" })}
            {...f}
            required
            minLength={3}
            maxLength={200}
          />
        )}
      </FormField>
      <FormField label={i18n._("billing.contracts.starts_on")} error={error("starts_on")}>
        {(f) => <Input {...getInputProps(fields.starts_on, { type: "date" })} {...f} required />}
      </FormField>
      <FormField
        label={i18n._("billing.contracts.ends_on")}
        description={i18n._("billing.contracts.ends_on_hint")}
        error={error("ends_on")}
      >
        {(f) => (
          <Input
            {...getInputProps(fields.ends_on, { type: "date" })}
            {...f}
            min={fields.starts_on.value || undefined}
          />
        )}
      </FormField>
      <FormField label={i18n._("billing.contracts.currency")} error={error("currency")}>
        {(f) => (
          <select {...getSelectProps(fields.currency)} {...f} className={inputClassName}>
            {CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {fields.kind.value === "framework" ? (
        <FormField
          label={i18n._("billing.contracts.annual_volume", { currency })}
          description={i18n._("billing.contracts.annual_volume_hint")}
          error={error("annual_volume_minor")}
        >
          {(f) => (
            <Input
              {...getInputProps(fields.annual_volume_minor, { type: "number" })}
              {...f}
              inputMode="decimal"
              min={0}
              step="0.01"
            />
          )}
        </FormField>
      ) : (
        <div aria-hidden="true" className="hidden sm:block" />
      )}
      <FormField
        label={i18n._("billing.contracts.terms")}
        description={i18n._("billing.contracts.terms_hint")}
        error={error("terms")}
        className="sm:col-span-2"
      >
        {(f) => (
          <Textarea
            {...getTextareaProps(fields.terms)}
            {...f}
            required
            rows={6}
            maxLength={CONTRACT_TERMS_MAX}
          />
        )}
      </FormField>
      {problem ? (
        <Alert variant="error" className="sm:col-span-2">
          {problem}
        </Alert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="outline" onClick={onClose}>
          {i18n._("billing.cancel")}
        </Button>
        <Button type="submit" loading={busy}>
          {i18n._("billing.contracts.submit")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
