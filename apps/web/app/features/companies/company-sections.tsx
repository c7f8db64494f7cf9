import { getFormProps, getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import {
  addressUpdateSchema,
  companyUpdateSchema,
  contactUpdateSchema,
  idParamSchema,
  type CompanyAddress,
  type CompanyContact,
  type CompanyDetails,
  type RelatedCompany,
} from "@ems/contracts/companies";
import type { Country } from "@ems/contracts/countries";
import { parcelServiceLabel, type ParcelService } from "@ems/contracts/reference";
import { formatMoney } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { Plus } from "lucide-react";
import { useState, type ComponentProps, type ReactNode } from "react";

import { EmptyList } from "~/components/list/list-states";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { Input, inputClassName } from "~/components/ui/input";
import { formErrorText } from "~/lib/form-errors";
import { useFetcherForm } from "~/lib/use-fetcher-form";

/** The edit forms post the record's id with its fields. */
export const addressEditForm = idParamSchema.extend(addressUpdateSchema.shape);
export const contactEditForm = idParamSchema.extend(contactUpdateSchema.shape);
/** One dialog adds and edits: the id is there only when it edits. */
const addressDialogForm = addressEditForm.partial({ id: true });
const contactDialogForm = contactEditForm.partial({ id: true });

/** Codes the company pages word themselves; the rest read as "please check this field" or the global error. */
const COMPANY_ERRORS = {
  LAST_ADMIN: "my_companies.error_LAST_ADMIN",
  EMAIL_IN_USE: "my_companies.error_EMAIL_IN_USE",
  ADDRESS_IN_USE: "my_companies.error_ADDRESS_IN_USE",
};

/** The texts of a company form's errors: beside a field, or for the whole form. */
export function useCompanyErrorText() {
  const { i18n } = useLingui();
  return {
    field: (codes: string[] | undefined) =>
      formErrorText(i18n, codes, "my_companies.error_invalid", COMPANY_ERRORS),
    form: (codes: string[] | undefined) => formErrorText(i18n, codes, "global.error", COMPANY_ERRORS),
  };
}

/** Why the API refused a company form as a whole; nothing when it did not. */
export function CompanyProblem({ codes, className }: { codes: string[] | undefined; className?: string }) {
  return <FormProblem codes={codes} fallback="global.error" known={COMPANY_ERRORS} className={className} />;
}

export function CompanySection({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? (
            <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{description}</p>
          ) : null}
        </div>
        {action}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** Why an action is missing for the viewer's role. */
export function RoleNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-neutral-600 dark:text-neutral-400">{children}</p>;
}

function CountrySelect({ countries, ...control }: ComponentProps<"select"> & { countries: Country[] }) {
  return (
    <select {...control} required autoComplete="country" className={inputClassName}>
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </select>
  );
}

const countryName = (countries: Country[], code: string) =>
  countries.find((c) => c.code === code)?.name ?? code;

/** A parcel service as the company page names it: carrier, service and price. */
const parcelServiceText = (service: ParcelService, locale: Locale) =>
  `${parcelServiceLabel(service)} – ${formatMoney(service.price_minor, service.currency, locale)}`;

/** A one-line text field of a company form, read by Conform. */
function TextField({
  field,
  label,
  required,
  max,
  type = "text",
  inputMode,
  autoComplete = "off",
  description,
  className,
}: {
  field: FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
  label: string;
  required?: boolean;
  max: number;
  type?: "text" | "email" | "tel";
  /** The keyboard a phone shows, for text fields that are not of a checked type (a website). */
  inputMode?: "url";
  autoComplete?: string;
  description?: string;
  className?: string;
}) {
  const errorText = useCompanyErrorText();
  return (
    <FormField
      label={label}
      error={errorText.field(field.errors)}
      {...(description ? { description } : {})}
      {...(className ? { className } : {})}
    >
      {(f) => (
        <Input
          {...getInputProps(field, { type })}
          {...f}
          required={required}
          maxLength={max}
          inputMode={inputMode}
          autoComplete={autoComplete}
        />
      )}
    </FormField>
  );
}

export function DetailsSection({
  company,
  countries,
  parcelServices,
  canEdit,
  locale,
}: {
  company: CompanyDetails;
  countries: Country[];
  /** The active parcel services, one of which the company may prefer. */
  parcelServices: ParcelService[];
  canEdit: boolean;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const preferred = parcelServices.find((s) => s.id === company.default_parcel_service_id);
  const counts = (
    <p className="text-sm text-neutral-700 dark:text-neutral-300">
      {i18n._("my_companies.counts", company.counts)}
    </p>
  );

  if (!canEdit) {
    const rows: [string, string | null][] = [
      ["my_companies.name", company.name],
      ["my_companies.country", countryName(countries, company.country)],
      ["my_companies.vat_id", company.vat_id],
      ["my_companies.phone", company.phone],
      ["my_companies.website", company.website],
      [
        "my_companies.default_parcel",
        preferred ? parcelServiceText(preferred, locale) : i18n._("my_companies.default_parcel_cheapest"),
      ],
    ];
    return (
      <CompanySection id="details" title={i18n._("my_companies.details_title")}>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows.map(([key, value]) => (
            <div key={key}>
              <dt className="text-sm font-medium text-neutral-600 dark:text-neutral-400">{i18n._(key)}</dt>
              <dd className="break-words">{value || i18n._("my_companies.none")}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 space-y-1">
          {counts}
          <RoleNote>{i18n._("my_companies.admin_only")}</RoleNote>
        </div>
      </CompanySection>
    );
  }

  return (
    <CompanySection id="details" title={i18n._("my_companies.details_title")}>
      <DetailsForm company={company} countries={countries} parcelServices={parcelServices} locale={locale}>
        {counts}
      </DetailsForm>
    </CompanySection>
  );
}

/** The administrators' form of the company's details; `children` stands beside the button. */
function DetailsForm({
  company,
  countries,
  parcelServices,
  locale,
  children,
}: {
  company: CompanyDetails;
  countries: Country[];
  parcelServices: ParcelService[];
  locale: Locale;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const errorText = useCompanyErrorText();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: companyUpdateSchema,
    defaultValue: {
      name: company.name,
      country: company.country,
      vat_id: company.vat_id ?? "",
      phone: company.phone ?? "",
      website: company.website ?? "",
      // A service no longer offered reads as no choice: saving then keeps the cheapest.
      default_parcel_service_id: parcelServices.some((s) => s.id === company.default_parcel_service_id)
        ? (company.default_parcel_service_id ?? "")
        : "",
    },
    success: i18n._("my_companies.saved"),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <IntentField intent="details" />
      <CompanyProblem codes={formErrors} className="sm:col-span-2" />
      <TextField
        field={fields.name}
        label={i18n._("my_companies.name")}
        required
        max={200}
        autoComplete="organization"
      />
      <FormField label={i18n._("my_companies.country")} error={errorText.field(fields.country.errors)}>
        {(f) => <CountrySelect {...getSelectProps(fields.country)} {...f} countries={countries} />}
      </FormField>
      <TextField field={fields.vat_id} label={i18n._("my_companies.vat_id")} max={40} />
      <TextField
        field={fields.phone}
        label={i18n._("my_companies.phone")}
        type="tel"
        max={40}
        autoComplete="tel"
      />
      <TextField
        field={fields.website}
        label={i18n._("my_companies.website")}
        // Text, not type="url": the browser would refuse a bare domain, which the schema completes.
        inputMode="url"
        max={200}
        autoComplete="url"
        className="sm:col-span-2"
      />
      <FormField
        label={i18n._("my_companies.default_parcel")}
        description={i18n._("my_companies.default_parcel_hint")}
        error={errorText.field(fields.default_parcel_service_id.errors)}
        className="sm:col-span-2"
      >
        {(f) => (
          <select {...getSelectProps(fields.default_parcel_service_id)} {...f} className={inputClassName}>
            <option value="">{i18n._("my_companies.default_parcel_cheapest")}</option>
            {parcelServices.map((s) => (
              <option key={s.id} value={s.id}>
                {parcelServiceText(s, locale)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
        {children}
        <Button type="submit" loading={busy}>
          {i18n._("my_companies.save")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export function RelatedSection({ related, countries }: { related: RelatedCompany[]; countries: Country[] }) {
  const { i18n } = useLingui();
  return (
    <CompanySection id="related" title={i18n._("my_companies.related_title")}>
      {related.length === 0 ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {i18n._("my_companies.related_empty")}
        </p>
      ) : (
        <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {related.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{r.name}</span>{" "}
                <span className="text-sm text-neutral-600 dark:text-neutral-400">
                  {countryName(countries, r.country)}
                </span>
              </span>
              <Badge>{i18n._("my_companies.relation", { relation: r.relation })}</Badge>
            </li>
          ))}
        </ul>
      )}
    </CompanySection>
  );
}

/** Adds an address, or edits `address` with the same fields filled in. */
function AddressForm({
  address,
  countries,
  defaultCountry,
  onDone,
}: {
  address?: CompanyAddress | undefined;
  countries: Country[];
  defaultCountry: string;
  onDone: () => void;
}) {
  const { i18n } = useLingui();
  const errorText = useCompanyErrorText();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: addressDialogForm,
    defaultValue: address
      ? {
          id: address.id,
          label: address.label,
          recipient: address.recipient ?? "",
          street: address.street,
          street2: address.street2 ?? "",
          postal_code: address.postal_code,
          city: address.city,
          region: address.region ?? "",
          country: address.country,
        }
      : { country: defaultCountry },
    success: i18n._(address ? "my_companies.address_updated" : "my_companies.address_created"),
    onDone,
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <IntentField intent={address ? "updateAddress" : "createAddress"} />
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      <CompanyProblem codes={formErrors} />
      <TextField
        field={fields.label}
        label={i18n._("my_companies.address_label")}
        description={i18n._("my_companies.address_label_hint")}
        required
        max={100}
      />
      <TextField
        field={fields.recipient}
        label={i18n._("my_companies.recipient")}
        max={200}
        autoComplete="organization"
      />
      <TextField
        field={fields.street}
        label={i18n._("my_companies.street")}
        required
        max={200}
        autoComplete="address-line1"
      />
      <TextField
        field={fields.street2}
        label={i18n._("my_companies.street2")}
        max={200}
        autoComplete="address-line2"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.postal_code}
          label={i18n._("my_companies.postal_code")}
          required
          max={20}
          autoComplete="postal-code"
        />
        <TextField
          field={fields.city}
          label={i18n._("my_companies.city")}
          required
          max={100}
          autoComplete="address-level2"
        />
      </div>
      <TextField
        field={fields.region}
        label={i18n._("my_companies.region")}
        max={100}
        autoComplete="address-level1"
      />
      <FormField label={i18n._("my_companies.country")} error={errorText.field(fields.country.errors)}>
        {(f) => <CountrySelect {...getSelectProps(fields.country)} {...f} countries={countries} />}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          {i18n._("my_companies.save")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** Asks before an address is deleted; closes once it is gone. */
function DeleteAddressForm({ address, onClose }: { address: CompanyAddress; onClose: () => void }) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: idParamSchema,
    success: i18n._("my_companies.address_deleted"),
    onDone: onClose,
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <IntentField intent="removeAddress" />
      <input type="hidden" name={fields.id.name} value={address.id} />
      <CompanyProblem codes={formErrors ?? fields.id.errors} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          {i18n._("my_companies.cancel")}
        </Button>
        <Button type="submit" variant="destructive" loading={busy}>
          {i18n._("my_companies.delete_address")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export function AddressesSection({
  addresses,
  countries,
  defaultCountry,
  canCreate,
  canDelete,
}: {
  addresses: CompanyAddress[];
  countries: Country[];
  defaultCountry: string;
  /** Adding, editing and choosing the billing and shipping address. */
  canCreate: boolean;
  canDelete: boolean;
}) {
  const { i18n } = useLingui();
  /** The address dialog: a new address, one to edit, or closed. */
  const [editing, setEditing] = useState<CompanyAddress | "new" | null>(null);
  const [deleting, setDeleting] = useState<CompanyAddress | null>(null);
  const billing = useFetcherForm({
    schema: idParamSchema,
    id: "company-use-as-billing",
    success: i18n._("my_companies.billing_set"),
  });
  const shipping = useFetcherForm({
    schema: idParamSchema,
    id: "company-use-as-shipping",
    success: i18n._("my_companies.shipping_set"),
  });
  const choosing = billing.busy || shipping.busy;

  return (
    <CompanySection
      id="addresses"
      title={i18n._("my_companies.addresses_title")}
      action={
        canCreate ? (
          <Button variant="outline" onClick={() => setEditing("new")}>
            {i18n._("my_companies.add_address")}
          </Button>
        ) : undefined
      }
    >
      {!canCreate ? (
        <div className="mb-4">
          <RoleNote>{i18n._("my_companies.admin_or_buyer_only")}</RoleNote>
        </div>
      ) : null}
      <CompanyProblem codes={billing.formErrors ?? billing.fields.id.errors} className="mb-4" />
      <CompanyProblem codes={shipping.formErrors ?? shipping.fields.id.errors} className="mb-4" />
      {addresses.length === 0 ? (
        <EmptyList
          action={
            canCreate ? (
              <Button variant="outline" onClick={() => setEditing("new")}>
                <Plus aria-hidden="true" className="size-4" />
                {i18n._("my_companies.addresses_empty_action")}
              </Button>
            ) : undefined
          }
        >
          {i18n._(canCreate ? "my_companies.addresses_empty" : "my_companies.addresses_empty_reader")}
        </EmptyList>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {addresses.map((a) => (
            <li
              key={a.id}
              aria-label={a.label}
              className="flex flex-col rounded-lg border border-neutral-200 p-4 dark:border-neutral-700"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold break-words">{a.label}</h3>
                {a.is_billing ? <Badge tone="primary">{i18n._("my_companies.billing")}</Badge> : null}
                {a.is_shipping ? <Badge tone="primary">{i18n._("my_companies.shipping")}</Badge> : null}
              </div>
              <address className="mt-2 text-sm text-neutral-700 not-italic dark:text-neutral-300">
                {[
                  a.recipient,
                  a.street,
                  a.street2,
                  `${a.postal_code} ${a.city}`,
                  a.region,
                  countryName(countries, a.country),
                ]
                  .filter(Boolean)
                  .map((line, i) => (
                    <span key={i} className="block break-words">
                      {line}
                    </span>
                  ))}
              </address>
              {canCreate ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={i18n._("my_companies.edit_named", { name: a.label })}
                    onClick={() => setEditing(a)}
                  >
                    {i18n._("my_companies.edit")}
                  </Button>
                  {!a.is_billing ? (
                    <Button
                      type="submit"
                      form={billing.form.id}
                      name={billing.fields.id.name}
                      value={a.id}
                      size="sm"
                      variant="secondary"
                      disabled={choosing}
                    >
                      {i18n._("my_companies.use_as_billing")}
                    </Button>
                  ) : null}
                  {!a.is_shipping ? (
                    <Button
                      type="submit"
                      form={shipping.form.id}
                      name={shipping.fields.id.name}
                      value={a.id}
                      size="sm"
                      variant="secondary"
                      disabled={choosing}
                    >
                      {i18n._("my_companies.use_as_shipping")}
                    </Button>
                  ) : null}
                  {canDelete ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={a.is_billing || a.is_shipping}
                      title={
                        a.is_billing || a.is_shipping
                          ? i18n._("my_companies.delete_address_in_use")
                          : undefined
                      }
                      onClick={() => setDeleting(a)}
                    >
                      {i18n._("my_companies.delete_address")}
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {/* The cards' buttons post these forms (one per role, the card's id on the button). */}
      <billing.fetcher.Form method="post" {...getFormProps(billing.form)} className="hidden">
        <IntentField intent="useAsBilling" />
      </billing.fetcher.Form>
      <shipping.fetcher.Form method="post" {...getFormProps(shipping.form)} className="hidden">
        <IntentField intent="useAsShipping" />
      </shipping.fetcher.Form>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={i18n._(editing === "new" ? "my_companies.add_address" : "my_companies.edit_address")}
        closeLabel={i18n._("my_companies.close")}
      >
        {editing ? (
          <AddressForm
            key={editing === "new" ? "new" : editing.id}
            address={editing === "new" ? undefined : editing}
            countries={countries}
            defaultCountry={defaultCountry}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={i18n._("my_companies.delete_address_title", { label: deleting?.label ?? "" })}
        description={i18n._("my_companies.delete_address_text")}
        closeLabel={i18n._("my_companies.close")}
      >
        {deleting ? <DeleteAddressForm address={deleting} onClose={() => setDeleting(null)} /> : null}
      </Dialog>
    </CompanySection>
  );
}

/** Adds a contact, or edits `contact` with the same fields filled in. */
function ContactForm({ contact, onDone }: { contact?: CompanyContact | undefined; onDone: () => void }) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: contactDialogForm,
    ...(contact
      ? {
          defaultValue: {
            id: contact.id,
            first_name: contact.first_name,
            last_name: contact.last_name,
            email: contact.email ?? "",
            phone: contact.phone ?? "",
            position: contact.position ?? "",
          },
        }
      : {}),
    success: i18n._(contact ? "my_companies.contact_updated" : "my_companies.contact_created"),
    onDone,
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <IntentField intent={contact ? "updateContact" : "createContact"} />
      {contact ? <input type="hidden" name="id" value={contact.id} /> : null}
      <CompanyProblem codes={formErrors} className="sm:col-span-2" />
      <TextField field={fields.first_name} label={i18n._("my_companies.first_name")} required max={100} />
      <TextField field={fields.last_name} label={i18n._("my_companies.last_name")} required max={100} />
      <TextField field={fields.email} label={i18n._("my_companies.email_optional")} type="email" max={254} />
      <TextField field={fields.phone} label={i18n._("my_companies.phone_optional")} type="tel" max={40} />
      <TextField field={fields.position} label={i18n._("my_companies.position")} max={100} />
      <div className="flex items-end justify-end sm:col-span-2">
        <Button type="submit" loading={busy}>
          {i18n._("my_companies.save")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export function ContactsSection({ contacts, canCreate }: { contacts: CompanyContact[]; canCreate: boolean }) {
  const { i18n } = useLingui();
  /** The contact dialog: a new contact, one to edit, or closed. */
  const [editing, setEditing] = useState<CompanyContact | "new" | null>(null);
  return (
    <CompanySection
      id="contacts"
      title={i18n._("my_companies.contacts_title")}
      description={i18n._("my_companies.contacts_intro")}
      action={
        canCreate ? (
          <Button variant="outline" onClick={() => setEditing("new")}>
            {i18n._("my_companies.add_contact")}
          </Button>
        ) : undefined
      }
    >
      {!canCreate ? (
        <div className="mb-4">
          <RoleNote>{i18n._("my_companies.admin_or_buyer_only")}</RoleNote>
        </div>
      ) : null}
      {contacts.length === 0 ? (
        <EmptyList
          action={
            canCreate ? (
              <Button variant="outline" onClick={() => setEditing("new")}>
                <Plus aria-hidden="true" className="size-4" />
                {i18n._("my_companies.contacts_empty_action")}
              </Button>
            ) : undefined
          }
        >
          {i18n._(canCreate ? "my_companies.contacts_empty" : "my_companies.contacts_empty_reader")}
        </EmptyList>
      ) : (
        <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {contacts.map((c) => {
            const name = `${c.first_name} ${c.last_name}`;
            return (
              <li
                key={c.id}
                aria-label={name}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <div className="min-w-0">
                  <span className="font-medium break-words">{name}</span>
                  {c.position ? (
                    <span className="text-sm text-neutral-600 dark:text-neutral-400"> · {c.position}</span>
                  ) : null}
                  <span className="block text-sm break-words text-neutral-700 dark:text-neutral-300">
                    {[c.email, c.phone].filter(Boolean).join(" · ")}
                  </span>
                </div>
                {canCreate ? (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={i18n._("my_companies.edit_named", { name })}
                    onClick={() => setEditing(c)}
                  >
                    {i18n._("my_companies.edit")}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={i18n._(editing === "new" ? "my_companies.add_contact" : "my_companies.edit_contact")}
        closeLabel={i18n._("my_companies.close")}
      >
        {editing ? (
          <ContactForm
            key={editing === "new" ? "new" : editing.id}
            contact={editing === "new" ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </CompanySection>
  );
}
