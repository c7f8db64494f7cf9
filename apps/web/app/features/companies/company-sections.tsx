import { useLingui } from "@lingui/react";
import type {
  CompanyAddress,
  CompanyContact,
  CompanyDetails,
  RelatedCompany,
} from "@ems/contracts/companies";
import type { Country } from "@ems/contracts/countries";
import { useState, type FormEvent, type ReactNode } from "react";

import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { browserApi } from "~/lib/browser-api";

import { Badge } from "~/components/ui/badge";
import { Dialog } from "~/components/ui/dialog";
import { useCompanyAction } from "./use-company-action";
import { call } from "~/lib/api-client";
import { companyEndpoints } from "@ems/contracts/companies";

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

function CountrySelect({
  countries,
  value,
  onChange,
  ...control
}: {
  countries: Country[];
  value: string;
  onChange: (value: string) => void;
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}) {
  return (
    <select
      {...control}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
      autoComplete="country"
      className={inputClassName}
    >
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

export function DetailsSection({
  company,
  countries,
  canEdit,
}: {
  company: CompanyDetails;
  countries: Country[];
  canEdit: boolean;
}) {
  const { i18n } = useLingui();
  const [form, setForm] = useState({
    name: company.name,
    country: company.country,
    vat_id: company.vat_id ?? "",
    phone: company.phone ?? "",
    website: company.website ?? "",
  });
  const { run, pending, fieldErrors } = useCompanyAction();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(
      () => call(browserApi(), companyEndpoints.update, { body: form }),
      i18n._("my_companies.saved"),
    );
  }

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
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <FormField label={i18n._("my_companies.name")} error={fieldErrors.name}>
          {(f) => (
            <Input
              {...f}
              value={form.name}
              onChange={(e) => set("name")(e.target.value)}
              required
              maxLength={200}
              autoComplete="organization"
            />
          )}
        </FormField>
        <FormField label={i18n._("my_companies.country")} error={fieldErrors.country}>
          {(f) => (
            <CountrySelect {...f} countries={countries} value={form.country} onChange={set("country")} />
          )}
        </FormField>
        <FormField label={i18n._("my_companies.vat_id")} error={fieldErrors.vat_id}>
          {(f) => (
            <Input
              {...f}
              value={form.vat_id}
              onChange={(e) => set("vat_id")(e.target.value)}
              maxLength={40}
            />
          )}
        </FormField>
        <FormField label={i18n._("my_companies.phone")} error={fieldErrors.phone}>
          {(f) => (
            <Input
              {...f}
              type="tel"
              value={form.phone}
              onChange={(e) => set("phone")(e.target.value)}
              maxLength={40}
              autoComplete="tel"
            />
          )}
        </FormField>
        <FormField
          label={i18n._("my_companies.website")}
          error={fieldErrors.website}
          className="sm:col-span-2"
        >
          {(f) => (
            <Input
              {...f}
              type="url"
              value={form.website}
              onChange={(e) => set("website")(e.target.value)}
              maxLength={200}
              autoComplete="url"
            />
          )}
        </FormField>
        <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
          {counts}
          <Button type="submit" loading={pending}>
            {i18n._("my_companies.save")}
          </Button>
        </div>
      </form>
    </CompanySection>
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

const EMPTY_ADDRESS = {
  label: "",
  recipient: "",
  street: "",
  street2: "",
  postal_code: "",
  city: "",
  region: "",
};

function AddressForm({
  countries,
  defaultCountry,
  onDone,
}: {
  countries: Country[];
  defaultCountry: string;
  onDone: () => void;
}) {
  const { i18n } = useLingui();
  const [form, setForm] = useState({ ...EMPTY_ADDRESS, country: defaultCountry });
  const { run, pending, fieldErrors } = useCompanyAction();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const done = await run(
      () => call(browserApi(), companyEndpoints.createAddress, { body: form }),
      i18n._("my_companies.address_created"),
    );
    if (done) onDone();
  }

  const text = (
    key: Exclude<keyof typeof form, "country">,
    label: string,
    options: { required?: boolean; max: number; autoComplete?: string; description?: string },
  ) => (
    <FormField
      label={i18n._(label)}
      error={fieldErrors[key]}
      {...(options.description ? { description: i18n._(options.description) } : {})}
    >
      {(f) => (
        <Input
          {...f}
          value={form[key]}
          onChange={(e) => set(key)(e.target.value)}
          required={options.required}
          maxLength={options.max}
          autoComplete={options.autoComplete}
        />
      )}
    </FormField>
  );

  return (
    <form onSubmit={submit} className="grid gap-4">
      {text("label", "my_companies.address_label", {
        required: true,
        max: 100,
        autoComplete: "off",
        description: "my_companies.address_label_hint",
      })}
      {text("recipient", "my_companies.recipient", { max: 200, autoComplete: "organization" })}
      {text("street", "my_companies.street", { required: true, max: 200, autoComplete: "address-line1" })}
      {text("street2", "my_companies.street2", { max: 200, autoComplete: "address-line2" })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text("postal_code", "my_companies.postal_code", {
          required: true,
          max: 20,
          autoComplete: "postal-code",
        })}
        {text("city", "my_companies.city", { required: true, max: 100, autoComplete: "address-level2" })}
      </div>
      {text("region", "my_companies.region", { max: 100, autoComplete: "address-level1" })}
      <FormField label={i18n._("my_companies.country")} error={fieldErrors.country}>
        {(f) => <CountrySelect {...f} countries={countries} value={form.country} onChange={set("country")} />}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={pending}>
          {i18n._("my_companies.save")}
        </Button>
      </div>
    </form>
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
  canCreate: boolean;
  canDelete: boolean;
}) {
  const { i18n } = useLingui();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CompanyAddress | null>(null);
  const { run, pending } = useCompanyAction();

  const makeAddress = (a: CompanyAddress, flag: "billing" | "shipping") =>
    run(
      () =>
        call(
          browserApi(),
          flag === "billing" ? companyEndpoints.useAsBilling : companyEndpoints.useAsShipping,
          {
            params: { id: a.id },
          },
        ),
      i18n._(`my_companies.${flag}_set`),
    );

  async function confirmDelete() {
    if (!deleting) return;
    await run(
      () => call(browserApi(), companyEndpoints.removeAddress, { params: { id: deleting.id } }),
      i18n._("my_companies.address_deleted"),
    );
    setDeleting(null);
  }

  return (
    <CompanySection
      id="addresses"
      title={i18n._("my_companies.addresses_title")}
      action={
        canCreate ? (
          <Button variant="outline" onClick={() => setAdding(true)}>
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
      {addresses.length === 0 ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {i18n._("my_companies.addresses_empty")}
        </p>
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
                  {!a.is_billing ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={pending}
                      onClick={() => void makeAddress(a, "billing")}
                    >
                      {i18n._("my_companies.use_as_billing")}
                    </Button>
                  ) : null}
                  {!a.is_shipping ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={pending}
                      onClick={() => void makeAddress(a, "shipping")}
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
      <Dialog
        open={adding}
        onOpenChange={setAdding}
        title={i18n._("my_companies.add_address")}
        closeLabel={i18n._("my_companies.close")}
      >
        <AddressForm countries={countries} defaultCountry={defaultCountry} onDone={() => setAdding(false)} />
      </Dialog>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={i18n._("my_companies.delete_address_title", { label: deleting?.label ?? "" })}
        description={i18n._("my_companies.delete_address_text")}
        closeLabel={i18n._("my_companies.close")}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setDeleting(null)}>
            {i18n._("my_companies.cancel")}
          </Button>
          <Button variant="destructive" loading={pending} onClick={() => void confirmDelete()}>
            {i18n._("my_companies.delete_address")}
          </Button>
        </div>
      </Dialog>
    </CompanySection>
  );
}

export function ContactsSection({ contacts, canCreate }: { contacts: CompanyContact[]; canCreate: boolean }) {
  const { i18n } = useLingui();
  const [adding, setAdding] = useState(false);
  const [form, setForm] = useState({ first_name: "", last_name: "", email: "", phone: "", position: "" });
  const { run, pending, fieldErrors } = useCompanyAction();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const done = await run(
      () => call(browserApi(), companyEndpoints.createContact, { body: form }),
      i18n._("my_companies.contact_created"),
    );
    if (done) {
      setAdding(false);
      setForm({ first_name: "", last_name: "", email: "", phone: "", position: "" });
    }
  }

  const field = (
    key: keyof typeof form,
    label: string,
    props: { required?: boolean; max: number; type?: string; autoComplete?: string },
  ) => (
    <FormField label={i18n._(label)} error={fieldErrors[key]}>
      {(f) => (
        <Input
          {...f}
          value={form[key]}
          onChange={(e) => set(key)(e.target.value)}
          required={props.required}
          maxLength={props.max}
          type={props.type ?? "text"}
          autoComplete={props.autoComplete ?? "off"}
        />
      )}
    </FormField>
  );

  return (
    <CompanySection
      id="contacts"
      title={i18n._("my_companies.contacts_title")}
      description={i18n._("my_companies.contacts_intro")}
      action={
        canCreate ? (
          <Button variant="outline" onClick={() => setAdding(true)}>
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
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {i18n._("my_companies.contacts_empty")}
        </p>
      ) : (
        <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {contacts.map((c) => (
            <li key={c.id} className="py-2">
              <span className="font-medium break-words">{`${c.first_name} ${c.last_name}`}</span>
              {c.position ? (
                <span className="text-sm text-neutral-600 dark:text-neutral-400"> · {c.position}</span>
              ) : null}
              <span className="block text-sm break-words text-neutral-700 dark:text-neutral-300">
                {[c.email, c.phone].filter(Boolean).join(" · ")}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={adding}
        onOpenChange={setAdding}
        title={i18n._("my_companies.add_contact")}
        closeLabel={i18n._("my_companies.close")}
      >
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          {field("first_name", "my_companies.first_name", { required: true, max: 100 })}
          {field("last_name", "my_companies.last_name", { required: true, max: 100 })}
          {field("email", "my_companies.email_optional", { max: 254, type: "email" })}
          {field("phone", "my_companies.phone_optional", { max: 40, type: "tel" })}
          {field("position", "my_companies.position", { max: 100 })}
          <div className="flex items-end justify-end sm:col-span-2">
            <Button type="submit" loading={pending}>
              {i18n._("my_companies.save")}
            </Button>
          </div>
        </form>
      </Dialog>
    </CompanySection>
  );
}
