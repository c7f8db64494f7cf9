import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { integrationToggleSchema, type PaymentIntegrationState } from "@ems/contracts/billing";
import {
  staffRedirectEndpoints,
  createRedirectRuleSchema,
  type RedirectRule,
} from "@ems/contracts/redirects";
import { Plus, Trash2 } from "lucide-react";
import { z } from "zod";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { formErrorText } from "~/lib/form-errors";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import {
  mutedClass,
  Section,
  StaffProblem,
  TableRegion,
  tbodyClass,
  tdClass,
  thClass,
  theadClass,
  trClass,
} from "./staff-ui";

/** Card payments on or off (PUT /api/staff/payment-integrations); only staff administrators switch. */
export function PaymentMethodsSection({
  integrations,
  canManage,
}: {
  integrations: PaymentIntegrationState[] | null;
  canManage: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <Section
      id="payment-methods"
      title={i18n._("staff.payments_title")}
      description={i18n._("staff.payments_intro")}
    >
      {!canManage ? <p className={`mb-4 ${mutedClass}`}>{i18n._("staff.payments_admin_only")}</p> : null}
      {integrations === null ? (
        <p className={mutedClass}>{i18n._("staff.payments_unavailable")}</p>
      ) : (
        <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
          <li className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="font-medium">{i18n._("staff.bank_transfer")}</span>
            <Badge tone="success">{i18n._("staff.always_on")}</Badge>
          </li>
          {integrations.map((item) => (
            <IntegrationRow key={item.provider} item={item} canManage={canManage} />
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * What a payment method's switch posts: the API's body. Only switching on posts `enabled` (as a
 * checkbox would), so its absence is "off".
 */
export const integrationToggleForm = integrationToggleSchema.extend({
  enabled: z.boolean().default(false),
});

function IntegrationRow({ item, canManage }: { item: PaymentIntegrationState; canManage: boolean }) {
  const { i18n } = useLingui();
  const provider = i18n._("staff.provider", { provider: item.provider });
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: integrationToggleForm,
    id: `integration-${item.provider}`,
    // The row already shows the new state when the answer arrives; the API's answer says which.
    onDone: (states: PaymentIntegrationState[] | undefined) =>
      showToast({
        title: i18n._(
          states?.find((state) => state.provider === item.provider)?.enabled
            ? "staff.integration_enabled"
            : "staff.integration_disabled",
          { provider },
        ),
        color: "success",
      }),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <span className="min-w-0">
        <span className="block font-medium">{provider}</span>
        <span className={`block ${mutedClass}`}>
          {i18n._(item.configured ? "staff.integration_configured" : "staff.integration_not_configured")}
        </span>
      </span>
      <span className="flex flex-wrap items-center gap-3">
        <Badge tone={item.enabled ? "success" : "neutral"}>
          {i18n._(item.enabled ? "staff.enabled" : "staff.disabled")}
        </Badge>
        {canManage ? (
          <fetcher.Form method="post" {...getFormProps(form)}>
            <IntentField intent="switch-payment-method" />
            <input type="hidden" name={fields.provider.name} value={item.provider} />
            {item.enabled ? null : <input type="hidden" name={fields.enabled.name} value="on" />}
            <Button
              type="submit"
              size="sm"
              variant={item.enabled ? "outline" : "primary"}
              loading={busy}
              disabled={!item.enabled && !item.configured}
            >
              {i18n._(item.enabled ? "staff.disable_provider" : "staff.enable_provider", { provider })}
            </Button>
          </fetcher.Form>
        ) : null}
      </span>
      <StaffProblem codes={formErrors} className="w-full" />
    </li>
  );
}

/** The site's redirect rules: old path → local path or https URL, 301 or 302. */
export function RedirectRulesSection({ rules }: { rules: RedirectRule[] | null }) {
  const { i18n } = useLingui();
  const adding = useFetcherForm({
    schema: createRedirectRuleSchema,
    defaultValue: { statusCode: "301" },
    onDone: (saved: RedirectRule | undefined) =>
      showToast({
        title: i18n._("staff.redirect_saved", { path: saved?.fromPath ?? "" }),
        color: "success",
      }),
  });
  const removal = useFetcherForm({
    schema: staffRedirectEndpoints.remove.body,
    onDone: (removed: { fromPath: string } | undefined) =>
      showToast({
        title: i18n._("staff.redirect_deleted", { path: removed?.fromPath ?? "" }),
        color: "success",
      }),
  });
  const removingPath = removal.busy ? removal.fetcher.formData?.get(removal.fields.fromPath.name) : null;

  return (
    <Section
      id="redirects"
      title={i18n._("staff.redirects_title")}
      description={i18n._("staff.redirects_intro")}
    >
      <div className="space-y-5">
        <StaffProblem codes={removal.formErrors ?? removal.fields.fromPath.errors} />
        {rules === null ? (
          <p className={mutedClass}>{i18n._("staff.redirects_unavailable")}</p>
        ) : rules.length === 0 ? (
          <p className={mutedClass}>{i18n._("staff.redirects_empty")}</p>
        ) : (
          <TableRegion label={i18n._("staff.redirects_title")} minWidth="min-w-[640px]">
            <thead className={theadClass}>
              <tr>
                <th scope="col" className={thClass}>
                  {i18n._("staff.redirect_from")}
                </th>
                <th scope="col" className={thClass}>
                  {i18n._("staff.redirect_target")}
                </th>
                <th scope="col" className={thClass}>
                  {i18n._("staff.redirect_status")}
                </th>
                <th scope="col" className={thClass}>
                  <span className="sr-only">{i18n._("staff.col_actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className={tbodyClass}>
              {rules.map((rule) => (
                <tr key={rule.fromPath} className={trClass}>
                  <th scope="row" className={`${tdClass} font-mono text-xs font-normal break-all`}>
                    {rule.fromPath}
                  </th>
                  <td className={`${tdClass} font-mono text-xs break-all`}>{rule.target}</td>
                  <td className={tdClass}>
                    {i18n._(
                      rule.statusCode === 302 ? "staff.redirect_temporary" : "staff.redirect_permanent",
                    )}
                  </td>
                  <td className={`${tdClass} text-right`}>
                    <Button
                      type="submit"
                      form={removal.form.id}
                      name={removal.fields.fromPath.name}
                      value={rule.fromPath}
                      size="sm"
                      variant="ghost"
                      loading={removingPath === rule.fromPath}
                      disabled={removal.busy}
                      aria-label={i18n._("staff.delete_redirect", { path: rule.fromPath })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      {i18n._("staff.delete")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        )}
        {/* The rows' delete buttons post this form (a form cannot hold table rows). */}
        <removal.fetcher.Form method="post" {...getFormProps(removal.form)} className="hidden">
          <IntentField intent="remove-redirect" />
        </removal.fetcher.Form>
        <adding.fetcher.Form
          method="post"
          {...getFormProps(adding.form)}
          aria-label={i18n._("staff.add_redirect")}
          className="grid gap-3 md:grid-cols-2 lg:grid-cols-[1fr_1fr_12rem_auto]"
        >
          <IntentField intent="save-redirect" />
          <StaffProblem codes={adding.formErrors} className="md:col-span-2 lg:col-span-4" />
          <FormField
            label={i18n._("staff.redirect_from")}
            error={formErrorText(i18n, adding.fields.fromPath.errors, "staff.error_local_path")}
            description={i18n._("staff.redirect_from_hint")}
          >
            {(f) => (
              <Input
                {...getInputProps(adding.fields.fromPath, { type: "text" })}
                {...f}
                maxLength={512}
                placeholder="/old-page"
                required
              />
            )}
          </FormField>
          <FormField
            label={i18n._("staff.redirect_target")}
            error={formErrorText(i18n, adding.fields.target.errors, "staff.error_redirect_target")}
            description={i18n._("staff.redirect_target_hint")}
          >
            {(f) => (
              <Input
                {...getInputProps(adding.fields.target, { type: "text" })}
                {...f}
                maxLength={2048}
                placeholder="/new-page"
                required
              />
            )}
          </FormField>
          <FormField
            label={i18n._("staff.redirect_status")}
            error={formErrorText(i18n, adding.fields.statusCode.errors, "staff.error_invalid")}
          >
            {(f) => (
              <select {...getSelectProps(adding.fields.statusCode)} {...f} className={inputClassName}>
                <option value="301">{i18n._("staff.redirect_permanent")}</option>
                <option value="302">{i18n._("staff.redirect_temporary")}</option>
              </select>
            )}
          </FormField>
          <div className="lg:pt-7">
            <Button type="submit" loading={adding.busy} className="w-full lg:w-auto">
              <Plus aria-hidden="true" className="size-4" />
              {i18n._("staff.add_redirect")}
            </Button>
          </div>
        </adding.fetcher.Form>
      </div>
    </Section>
  );
}
