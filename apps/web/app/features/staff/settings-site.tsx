import { useLingui } from "@lingui/react";
import type { PaymentIntegrationState } from "@ems/contracts/billing";
import {
  staffRedirectEndpoints,
  createRedirectRuleSchema,
  type RedirectRule,
} from "@ems/contracts/redirects";
import { Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { browserApi } from "~/lib/browser-api";

import { issueMessage, type FieldErrors } from "./quote-lines";
import {
  mutedClass,
  Section,
  TableRegion,
  tbodyClass,
  tdClass,
  theadClass,
  thClass,
  trClass,
} from "./staff-ui";
import { useFieldError, useStaffAction } from "./use-staff-action";
import { call } from "~/lib/api-client";
import { staffPaymentEndpoints } from "@ems/contracts/billing";

/** Card payments on or off (PUT /api/staff/payment-integrations); only staff administrators switch. */
export function PaymentMethodsSection({
  integrations,
  canManage,
}: {
  integrations: PaymentIntegrationState[] | null;
  canManage: boolean;
}) {
  const { i18n } = useLingui();
  const { run, pending } = useStaffAction();

  const toggle = (item: PaymentIntegrationState) =>
    run(
      () =>
        call(browserApi(), staffPaymentEndpoints.updateIntegrations, {
          body: {
            provider: item.provider,
            enabled: !item.enabled,
          },
        }),
      i18n._(item.enabled ? "staff.integration_disabled" : "staff.integration_enabled", {
        provider: i18n._("staff.provider", { provider: item.provider }),
      }),
    );

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
            <li key={item.provider} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="min-w-0">
                <span className="block font-medium">
                  {i18n._("staff.provider", { provider: item.provider })}
                </span>
                <span className={`block ${mutedClass}`}>
                  {i18n._(
                    item.configured ? "staff.integration_configured" : "staff.integration_not_configured",
                  )}
                </span>
              </span>
              <span className="flex flex-wrap items-center gap-3">
                <Badge tone={item.enabled ? "success" : "neutral"}>
                  {i18n._(item.enabled ? "staff.enabled" : "staff.disabled")}
                </Badge>
                {canManage ? (
                  <Button
                    size="sm"
                    variant={item.enabled ? "outline" : "primary"}
                    loading={pending}
                    disabled={!item.enabled && !item.configured}
                    onClick={() => void toggle(item)}
                  >
                    {i18n._(item.enabled ? "staff.disable_provider" : "staff.enable_provider", {
                      provider: i18n._("staff.provider", { provider: item.provider }),
                    })}
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The site's redirect rules: old path → local path or https URL, 301 or 302. */
export function RedirectRulesSection({ rules }: { rules: RedirectRule[] | null }) {
  const { i18n } = useLingui();
  const [form, setForm] = useState({ fromPath: "", target: "", statusCode: "301" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const adding = useStaffAction();
  const removing = useStaffAction();
  const [removingPath, setRemovingPath] = useState<string | null>(null);
  const error = useFieldError({ ...adding.fieldErrors, ...errors });

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createRedirectRuleSchema.safeParse({ ...form, statusCode: Number(form.statusCode) });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join(".");
        if (path in found) continue;
        found[path] =
          path === "fromPath"
            ? { key: "staff.error_local_path" }
            : path === "target"
              ? { key: "staff.error_redirect_target" }
              : issueMessage(issue);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const done = await adding.run(
      () => call(browserApi(), staffRedirectEndpoints.save, { body: parsed.data }),
      i18n._("staff.redirect_saved", { path: parsed.data.fromPath }),
    );
    if (done) setForm({ fromPath: "", target: "", statusCode: "301" });
  }

  async function remove(fromPath: string) {
    setRemovingPath(fromPath);
    await removing.run(
      () => call(browserApi(), staffRedirectEndpoints.remove, { body: { fromPath } }).then(() => true),
      i18n._("staff.redirect_deleted", { path: fromPath }),
    );
    setRemovingPath(null);
  }

  return (
    <Section
      id="redirects"
      title={i18n._("staff.redirects_title")}
      description={i18n._("staff.redirects_intro")}
    >
      <div className="space-y-5">
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
                      size="sm"
                      variant="ghost"
                      loading={removingPath === rule.fromPath}
                      disabled={removing.pending}
                      onClick={() => void remove(rule.fromPath)}
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
        <form
          onSubmit={add}
          noValidate
          aria-label={i18n._("staff.add_redirect")}
          className="grid gap-3 md:grid-cols-2 lg:grid-cols-[1fr_1fr_12rem_auto]"
        >
          <FormField
            label={i18n._("staff.redirect_from")}
            error={error("fromPath")}
            description={i18n._("staff.redirect_from_hint")}
          >
            {(f) => (
              <Input
                {...f}
                value={form.fromPath}
                maxLength={512}
                placeholder="/old-page"
                onChange={(e) => setForm((s) => ({ ...s, fromPath: e.target.value }))}
                required
              />
            )}
          </FormField>
          <FormField
            label={i18n._("staff.redirect_target")}
            error={error("target")}
            description={i18n._("staff.redirect_target_hint")}
          >
            {(f) => (
              <Input
                {...f}
                value={form.target}
                maxLength={2048}
                placeholder="/new-page"
                onChange={(e) => setForm((s) => ({ ...s, target: e.target.value }))}
                required
              />
            )}
          </FormField>
          <FormField label={i18n._("staff.redirect_status")} error={error("statusCode")}>
            {(f) => (
              <select
                {...f}
                value={form.statusCode}
                onChange={(e) => setForm((s) => ({ ...s, statusCode: e.target.value }))}
                className={inputClassName}
              >
                <option value="301">{i18n._("staff.redirect_permanent")}</option>
                <option value="302">{i18n._("staff.redirect_temporary")}</option>
              </select>
            )}
          </FormField>
          <div className="lg:pt-7">
            <Button type="submit" loading={adding.pending} className="w-full lg:w-auto">
              <Plus aria-hidden="true" className="size-4" />
              {i18n._("staff.add_redirect")}
            </Button>
          </div>
        </form>
      </div>
    </Section>
  );
}
