import {
  addressCreateSchema,
  companyEndpoints,
  companyUpdateSchema,
  contactCreateSchema,
  idParamSchema,
  inviteUserSchema,
} from "@ems/contracts/companies";
import { countryEndpoints } from "@ems/contracts/countries";
import { mayCall } from "@ems/contracts/endpoints";
import { profileEndpoints } from "@ems/contracts/profile";
import { referenceEndpoints } from "@ems/contracts/reference";
import { useLingui } from "@lingui/react";

import {
  addressEditForm,
  AddressesSection,
  contactEditForm,
  ContactsSection,
  DetailsSection,
  RelatedSection,
} from "~/features/companies/company-sections";
import { UsersSection, userRoleForm } from "~/features/companies/users-section";
import { call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { localeFromPath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import { useLocale } from "~/lib/use-locale";

import type { Route } from "./+types/companies";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(location.pathname, { title: "my_companies.meta_title" }, {}, { index: false });

/** The caller's company: details, related companies, addresses, contacts and users (docs/behaviour/accounts.md#company). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const lang = localeFromPath(new URL(request.url).pathname);
  const [profile, company, related, addresses, contacts, users, countries, parcelServices] =
    await Promise.all([
      call(api, profileEndpoints.get),
      call(api, companyEndpoints.get),
      call(api, companyEndpoints.related),
      call(api, companyEndpoints.addresses),
      call(api, companyEndpoints.contacts),
      call(api, companyEndpoints.users),
      call(api, countryEndpoints.list, { query: { lang } }),
      call(api, referenceEndpoints.parcelServices),
    ]);
  return {
    role: profile.data.user.company_role,
    company: company.data,
    related: related.data,
    addresses: addresses.data,
    contacts: contacts.data,
    users: users.data,
    countries: countries.data,
    parcelServices: parcelServices.data,
  };
}

/** Every form of the company page; the API decides who may do what (the page only hides it). */
export async function action({ request, context }: Route.ActionArgs) {
  return submitIntent(request, context, {
    details: formIntent(companyUpdateSchema, (api, body) => call(api, companyEndpoints.update, { body })),
    createAddress: formIntent(addressCreateSchema, (api, body) =>
      call(api, companyEndpoints.createAddress, { body }),
    ),
    updateAddress: formIntent(addressEditForm, (api, { id, ...body }) =>
      call(api, companyEndpoints.updateAddress, { params: { id }, body }),
    ),
    useAsBilling: formIntent(idParamSchema, (api, params) =>
      call(api, companyEndpoints.useAsBilling, { params }),
    ),
    useAsShipping: formIntent(idParamSchema, (api, params) =>
      call(api, companyEndpoints.useAsShipping, { params }),
    ),
    removeAddress: formIntent(idParamSchema, (api, params) =>
      call(api, companyEndpoints.removeAddress, { params }),
    ),
    createContact: formIntent(contactCreateSchema, (api, body) =>
      call(api, companyEndpoints.createContact, { body }),
    ),
    updateContact: formIntent(contactEditForm, (api, { id, ...body }) =>
      call(api, companyEndpoints.updateContact, { params: { id }, body }),
    ),
    inviteUser: formIntent(inviteUserSchema, (api, body) => call(api, companyEndpoints.inviteUser, { body })),
    changeUserRole: formIntent(userRoleForm, (api, { id, role }) =>
      call(api, companyEndpoints.changeUserRole, { params: { id }, body: { role } }),
    ),
    resendInvitation: formIntent(idParamSchema, (api, params) =>
      call(api, companyEndpoints.resendInvitation, { params }),
    ),
    disableUser: formIntent(idParamSchema, (api, params) =>
      call(api, companyEndpoints.disableUser, { params }),
    ),
    enableUser: formIntent(idParamSchema, (api, params) =>
      call(api, companyEndpoints.enableUser, { params }),
    ),
  });
}

export default function Companies({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { role, company, related, addresses, contacts, users, countries, parcelServices } = loaderData;
  const caller = { role: "customer", company_role: role };
  const isAdmin = mayCall(caller, companyEndpoints.inviteUser);
  const canAdd = mayCall(caller, companyEndpoints.createAddress);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 md:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{i18n._("my_companies.title")}</h1>
      <p className="mt-2 text-neutral-700 dark:text-neutral-300">
        {i18n._("my_companies.intro", { company: company.name })}
      </p>
      <div className="mt-8 space-y-6">
        <DetailsSection
          company={company}
          countries={countries}
          parcelServices={parcelServices}
          canEdit={isAdmin}
          locale={locale}
        />
        <UsersSection users={users} canManage={isAdmin} locale={locale} />
        <AddressesSection
          addresses={addresses}
          countries={countries}
          defaultCountry={company.country}
          canCreate={canAdd}
          canDelete={isAdmin}
        />
        <ContactsSection contacts={contacts} canCreate={canAdd} />
        <RelatedSection related={related} countries={countries} />
      </div>
    </div>
  );
}
