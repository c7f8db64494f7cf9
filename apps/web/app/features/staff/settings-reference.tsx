import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { formatDate, formatMoney, formatWeekday } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import { CURRENCIES, minorSchema, type Currency } from "@ems/contracts/money";
import {
  staffReferenceEndpoints,
  holidayCreateSchema,
  parcelServiceInputSchema,
  type Holiday,
  type ParcelService,
} from "@ems/contracts/reference";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { z } from "zod";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { majorText, parseMajor } from "./format";
import {
  linkClass,
  mutedClass,
  Section,
  StaffProblem,
  TableRegion,
  tbodyClass,
  tdClass,
  thClass,
  theadClass,
  trClass,
  useFieldText,
} from "./staff-ui";

/** The holidays of one year (they move delivery dates): list, add, delete. */
export function HolidaysSection({
  year,
  holidays,
  yearHref,
  locale,
}: {
  year: number;
  holidays: Holiday[];
  yearHref: (year: number) => string;
  locale: string;
}) {
  const { i18n } = useLingui();
  const fieldText = useFieldText();
  const adding = useFetcherForm({
    schema: holidayCreateSchema,
    onDone: (added: Holiday | undefined) =>
      showToast({ title: i18n._("staff.holiday_added", { name: added?.name ?? "" }), color: "success" }),
  });
  // The row is gone once the list is loaded again, so the toast names the holiday remembered here.
  const [removing, setRemoving] = useState<Holiday | null>(null);
  const removal = useFetcherForm({
    schema: staffReferenceEndpoints.removeHoliday.params,
    success: removing ? i18n._("staff.holiday_deleted", { name: removing.name }) : undefined,
  });

  return (
    <Section
      id="holidays"
      title={i18n._("staff.holidays_title")}
      description={i18n._("staff.holidays_intro")}
      action={
        <nav aria-label={i18n._("staff.holiday_years")} className="flex items-center gap-3 text-sm">
          <Link to={yearHref(year - 1)} preventScrollReset className={linkClass}>
            {i18n._("staff.year_previous", { year: year - 1 })}
          </Link>
          <span className="font-semibold" aria-current="page">
            {year}
          </span>
          <Link to={yearHref(year + 1)} preventScrollReset className={linkClass}>
            {i18n._("staff.year_next", { year: year + 1 })}
          </Link>
        </nav>
      }
    >
      <div className="space-y-5">
        <StaffProblem codes={removal.formErrors ?? removal.fields.id.errors} />
        {holidays.length === 0 ? (
          <p className={mutedClass}>{i18n._("staff.holidays_empty", { year })}</p>
        ) : (
          <TableRegion label={i18n._("staff.holidays_table", { year })} minWidth="min-w-[480px]">
            <thead className={theadClass}>
              <tr>
                <th scope="col" className={thClass}>
                  {i18n._("staff.col_date")}
                </th>
                <th scope="col" className={thClass}>
                  {i18n._("staff.col_name")}
                </th>
                <th scope="col" className={thClass}>
                  <span className="sr-only">{i18n._("staff.col_actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className={tbodyClass}>
              {holidays.map((h) => (
                <tr key={h.id} className={trClass}>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {formatDate(h.date, locale)}
                    <span className={`block ${mutedClass}`}>{formatWeekday(h.date, locale)}</span>
                  </td>
                  <th scope="row" className={`${tdClass} font-normal break-words`}>
                    {h.name}
                  </th>
                  <td className={`${tdClass} text-right`}>
                    <Button
                      type="submit"
                      form={removal.form.id}
                      name={removal.fields.id.name}
                      value={h.id}
                      size="sm"
                      variant="ghost"
                      loading={removal.busy && removing?.id === h.id}
                      disabled={removal.busy}
                      onClick={() => setRemoving(h)}
                      aria-label={i18n._("staff.delete_holiday", {
                        name: h.name,
                        date: formatDate(h.date, locale),
                      })}
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
          <IntentField intent="remove-holiday" />
        </removal.fetcher.Form>
        <adding.fetcher.Form
          method="post"
          {...getFormProps(adding.form)}
          aria-label={i18n._("staff.add_holiday")}
          className="grid gap-3 sm:grid-cols-[12rem_1fr_auto]"
        >
          <IntentField intent="add-holiday" />
          <StaffProblem codes={adding.formErrors} className="sm:col-span-3" />
          <FormField
            label={i18n._("staff.holiday_date")}
            error={fieldText(adding.fields.date, "staff.error_invalid", {
              CONFLICT: "staff.error_holiday_taken",
            })}
          >
            {(f) => (
              <Input
                {...getInputProps(adding.fields.date, { type: "date" })}
                {...f}
                min={`${year}-01-01`}
                max={`${year}-12-31`}
                required
              />
            )}
          </FormField>
          <FormField
            label={i18n._("staff.holiday_name")}
            error={fieldText(adding.fields.name, "staff.error_invalid")}
          >
            {(f) => (
              <Input
                {...getInputProps(adding.fields.name, { type: "text" })}
                {...f}
                maxLength={100}
                required
              />
            )}
          </FormField>
          <div className="sm:pt-7">
            <Button type="submit" loading={adding.busy} className="w-full sm:w-auto">
              <Plus aria-hidden="true" className="size-4" />
              {i18n._("staff.add_holiday")}
            </Button>
          </div>
        </adding.fetcher.Form>
      </div>
    </Section>
  );
}

/** Parcel services with their price and transit days; customers pick the active ones when ordering. */
export function ParcelServicesSection({ services, locale }: { services: ParcelService[]; locale: string }) {
  const { i18n } = useLingui();
  const [editing, setEditing] = useState<ParcelService | "new" | null>(null);
  return (
    <Section
      id="parcel-services"
      title={i18n._("staff.parcel_title")}
      description={i18n._("staff.parcel_intro")}
      action={
        <Button variant="outline" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" className="size-4" />
          {i18n._("staff.add_parcel_service")}
        </Button>
      }
    >
      {services.length === 0 ? (
        <p className={mutedClass}>{i18n._("staff.parcel_empty")}</p>
      ) : (
        <TableRegion label={i18n._("staff.parcel_title")} minWidth="min-w-[640px]">
          <thead className={theadClass}>
            <tr>
              <th scope="col" className={thClass}>
                {i18n._("staff.col_name")}
              </th>
              <th scope="col" className={thClass}>
                {i18n._("staff.carrier")}
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                {i18n._("staff.col_price")}
              </th>
              <th scope="col" className={thClass}>
                {i18n._("staff.col_transit")}
              </th>
              <th scope="col" className={thClass}>
                {i18n._("staff.col_status")}
              </th>
              <th scope="col" className={thClass}>
                <span className="sr-only">{i18n._("staff.col_actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className={tbodyClass}>
            {services.map((s) => (
              <tr key={s.id} className={trClass}>
                <th scope="row" className={`${tdClass} font-medium`}>
                  {s.name}
                </th>
                <td className={tdClass}>{s.carrier}</td>
                <td className={`${tdClass} text-right tabular-nums`}>
                  {formatMoney(s.price_minor, s.currency, locale)}
                </td>
                <td className={tdClass}>{i18n._("staff.transit_days", { days: s.transit_days })}</td>
                <td className={tdClass}>
                  <Badge tone={s.active ? "success" : "neutral"}>
                    {i18n._(s.active ? "staff.active" : "staff.inactive")}
                  </Badge>
                </td>
                <td className={`${tdClass} text-right`}>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing(s)}
                    aria-label={i18n._("staff.edit_parcel_service", { name: s.name })}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    {i18n._("staff.edit")}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
      {editing ? (
        <ParcelServiceDialog service={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Section>
  );
}

/**
 * The parcel service dialog's fields: the API's body with the price typed in major units of the
 * chosen currency, and the id of the service it edits (none for a new one). An unticked checkbox
 * posts nothing, which is "inactive".
 */
export const parcelServiceForm = parcelServiceInputSchema
  .omit({ price_minor: true })
  .extend({ id: z.uuid().optional(), price: z.string(), active: z.boolean().default(false) })
  .transform(({ price, ...service }, ctx) => {
    const price_minor = parseMajor(price, service.currency);
    if (price_minor === null || !minorSchema.safeParse(price_minor).success) {
      ctx.addIssue({ code: "custom", path: ["price"], message: "AMOUNT" });
      return z.NEVER;
    }
    return { ...service, price_minor };
  });

function ParcelServiceDialog({ service, onClose }: { service: ParcelService | null; onClose: () => void }) {
  const { i18n } = useLingui();
  const fieldText = useFieldText();
  const currency0 = (service?.currency ?? "EUR") as Currency;
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: parcelServiceForm,
    defaultValue: {
      id: service?.id,
      name: service?.name ?? "",
      carrier: service?.carrier ?? "",
      price: majorText(service?.price_minor ?? null, currency0),
      currency: currency0,
      transit_days: service ? String(service.transit_days) : "",
      // A new service starts active; the checkbox's value is "on" (Conform's booleans).
      active: (service?.active ?? true) ? "on" : undefined,
    },
    onDone: (saved: ParcelService | undefined) => {
      showToast({
        title: i18n._(service ? "staff.parcel_saved" : "staff.parcel_added", { name: saved?.name ?? "" }),
        color: "success",
      });
      onClose();
    },
  });
  const currency = fields.currency.value ?? currency0;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        service
          ? i18n._("staff.edit_parcel_service", { name: service.name })
          : i18n._("staff.add_parcel_service")
      }
      closeLabel={i18n._("staff.close")}
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <IntentField intent="save-parcel-service" />
        {service ? <input {...getInputProps(fields.id, { type: "hidden" })} /> : null}
        <StaffProblem codes={formErrors ?? fields.id.errors} className="sm:col-span-2" />
        <FormField label={i18n._("staff.col_name")} error={fieldText(fields.name, "staff.error_invalid")}>
          {(f) => <Input {...getInputProps(fields.name, { type: "text" })} {...f} maxLength={100} required />}
        </FormField>
        <FormField label={i18n._("staff.carrier")} error={fieldText(fields.carrier, "staff.error_invalid")}>
          {(f) => (
            <Input {...getInputProps(fields.carrier, { type: "text" })} {...f} maxLength={100} required />
          )}
        </FormField>
        <FormField
          label={i18n._("staff.price_in", { currency })}
          error={fieldText(fields.price, "staff.error_amount", { AMOUNT: "staff.error_amount" })}
        >
          {(f) => (
            <Input {...getInputProps(fields.price, { type: "text" })} {...f} inputMode="decimal" required />
          )}
        </FormField>
        <FormField label={i18n._("staff.currency")} error={fieldText(fields.currency, "staff.error_invalid")}>
          {(f) => (
            <select {...getSelectProps(fields.currency)} {...f} className={inputClassName}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label={i18n._("staff.transit_label")}
          error={fieldText(fields.transit_days, "staff.error_invalid")}
        >
          {(f) => (
            <Input
              {...getInputProps(fields.transit_days, { type: "number" })}
              {...f}
              inputMode="numeric"
              min={0}
              max={60}
              required
            />
          )}
        </FormField>
        <label className="flex items-center gap-3 text-sm font-semibold sm:pt-7">
          <input
            {...getInputProps(fields.active, { type: "checkbox" })}
            className="size-4 accent-primary-700"
          />
          {i18n._("staff.parcel_active")}
        </label>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {i18n._("staff.save")}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
