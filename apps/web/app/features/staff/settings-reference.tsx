import { formatDate, formatMoney, formatWeekday } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import { CURRENCIES, type Currency } from "@ems/contracts/money";
import {
  staffReferenceEndpoints,
  holidayCreateSchema,
  parcelServiceInputSchema,
  type Holiday,
  type ParcelService,
} from "@ems/contracts/reference";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { browserApi } from "~/lib/browser-api";

import { majorText, parseMajor, parseWhole } from "./format";
import { issueMessage, type FieldErrors } from "./quote-lines";
import {
  linkClass,
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

function errorsOf(issues: readonly Parameters<typeof issueMessage>[0][]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".");
    if (!(path in errors)) errors[path] = issueMessage(issue);
  }
  return errors;
}

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
  const [form, setForm] = useState({ date: "", name: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const adding = useStaffAction();
  const removing = useStaffAction();
  const [removingId, setRemovingId] = useState<string | null>(null);
  const error = useFieldError({ ...adding.fieldErrors, ...errors });

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = holidayCreateSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    const done = await adding.run(
      () => call(browserApi(), staffReferenceEndpoints.createHoliday, { body: parsed.data }),
      i18n._("staff.holiday_added", { name: parsed.data.name }),
    );
    if (done) setForm({ date: "", name: "" });
  }

  async function remove(holiday: Holiday) {
    setRemovingId(holiday.id);
    await removing.run(
      () => call(browserApi(), staffReferenceEndpoints.removeHoliday, { params: { id: holiday.id } }),
      i18n._("staff.holiday_deleted", { name: holiday.name }),
    );
    setRemovingId(null);
  }

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
                      size="sm"
                      variant="ghost"
                      loading={removingId === h.id}
                      disabled={removing.pending}
                      onClick={() => void remove(h)}
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
        <form
          onSubmit={add}
          noValidate
          aria-label={i18n._("staff.add_holiday")}
          className="grid gap-3 sm:grid-cols-[12rem_1fr_auto]"
        >
          <FormField label={i18n._("staff.holiday_date")} error={error("date")}>
            {(f) => (
              <Input
                {...f}
                type="date"
                value={form.date}
                min={`${year}-01-01`}
                max={`${year}-12-31`}
                onChange={(e) => setForm((s) => ({ ...s, date: e.target.value }))}
                required
              />
            )}
          </FormField>
          <FormField label={i18n._("staff.holiday_name")} error={error("name")}>
            {(f) => (
              <Input
                {...f}
                value={form.name}
                maxLength={100}
                onChange={(e) => setForm((s) => ({ ...s, name: e.target.value }))}
                required
              />
            )}
          </FormField>
          <div className="sm:pt-7">
            <Button type="submit" loading={adding.pending} className="w-full sm:w-auto">
              <Plus aria-hidden="true" className="size-4" />
              {i18n._("staff.add_holiday")}
            </Button>
          </div>
        </form>
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

function ParcelServiceDialog({ service, onClose }: { service: ParcelService | null; onClose: () => void }) {
  const { i18n } = useLingui();
  const currency0 = (service?.currency ?? "EUR") as Currency;
  const [form, setForm] = useState({
    name: service?.name ?? "",
    carrier: service?.carrier ?? "",
    price: majorText(service?.price_minor ?? null, currency0),
    currency: currency0,
    transit: service ? String(service.transit_days) : "",
    active: service?.active ?? true,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const { run, pending, fieldErrors } = useStaffAction();
  const error = useFieldError({ ...fieldErrors, ...errors });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrors = {};
    const price = parseMajor(form.price, form.currency);
    if (price === null)
      found.price_minor = { key: form.price.trim() ? "staff.error_amount" : "staff.error_required" };
    const transit = parseWhole(form.transit);
    if (transit === null)
      found.transit_days = { key: form.transit.trim() ? "staff.error_whole_number" : "staff.error_required" };
    const parsed = parcelServiceInputSchema.safeParse({
      name: form.name,
      carrier: form.carrier,
      price_minor: price ?? 0,
      currency: form.currency,
      transit_days: transit ?? 0,
      active: form.active,
    });
    if (!parsed.success) Object.assign(found, { ...errorsOf(parsed.error.issues), ...found });
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    const done = await run(
      () =>
        service
          ? call(browserApi(), staffReferenceEndpoints.updateParcelService, {
              params: { id: service.id },
              body: parsed.data,
            })
          : call(browserApi(), staffReferenceEndpoints.createParcelService, { body: parsed.data }),
      i18n._(service ? "staff.parcel_saved" : "staff.parcel_added", { name: parsed.data.name }),
    );
    if (done) onClose();
  }

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
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormField label={i18n._("staff.col_name")} error={error("name")}>
          {(f) => (
            <Input
              {...f}
              value={form.name}
              maxLength={100}
              onChange={(e) => setForm((s) => ({ ...s, name: e.target.value }))}
              required
            />
          )}
        </FormField>
        <FormField label={i18n._("staff.carrier")} error={error("carrier")}>
          {(f) => (
            <Input
              {...f}
              value={form.carrier}
              maxLength={100}
              onChange={(e) => setForm((s) => ({ ...s, carrier: e.target.value }))}
              required
            />
          )}
        </FormField>
        <FormField label={i18n._("staff.price_in", { currency: form.currency })} error={error("price_minor")}>
          {(f) => (
            <Input
              {...f}
              inputMode="decimal"
              value={form.price}
              onChange={(e) => setForm((s) => ({ ...s, price: e.target.value }))}
              required
            />
          )}
        </FormField>
        <FormField label={i18n._("staff.currency")} error={error("currency")}>
          {(f) => (
            <select
              {...f}
              value={form.currency}
              onChange={(e) => setForm((s) => ({ ...s, currency: e.target.value as Currency }))}
              className={inputClassName}
            >
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={i18n._("staff.transit_label")} error={error("transit_days")}>
          {(f) => (
            <Input
              {...f}
              type="number"
              inputMode="numeric"
              min={0}
              max={60}
              value={form.transit}
              onChange={(e) => setForm((s) => ({ ...s, transit: e.target.value }))}
              required
            />
          )}
        </FormField>
        <label className="flex items-center gap-3 text-sm font-semibold sm:pt-7">
          <input
            type="checkbox"
            checked={form.active}
            onChange={(e) => setForm((s) => ({ ...s, active: e.target.checked }))}
            className="size-4 accent-primary-700"
          />
          {i18n._("staff.parcel_active")}
        </label>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {i18n._("staff.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
