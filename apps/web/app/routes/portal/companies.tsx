import { mayCall } from "@ems/contracts/endpoints";
import { useLingui } from "@lingui/react";

import {
  AddressesSection,
  ContactsSection,
  DetailsSection,
  RelatedSection,
} from "~/features/companies/company-sections";
import { UsersSection } from "~/features/companies/users-section";
import { apiFromRequest } from "~/lib/api.server";
import { localeFromPath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";

import type { Route } from "./+types/companies";
import { useLocale } from "~/lib/use-locale";
import { call } from "~/lib/api-client";
import { companyEndpoints } from "@ems/contracts/companies";
import { countryEndpoints } from "@ems/contracts/countries";
import { profileEndpoints } from "@ems/contracts/profile";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(location.pathname, { title: "my_companies.meta_title" }, {}, { index: false });

/** The caller's company: details, related companies, addresses, contacts and users (docs/behaviour/accounts.md#company). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const lang = localeFromPath(new URL(request.url).pathname);
  const [profile, company, related, addresses, contacts, users, countries] = await Promise.all([
    call(api, profileEndpoints.get),
    call(api, companyEndpoints.get),
    call(api, companyEndpoints.related),
    call(api, companyEndpoints.addresses),
    call(api, companyEndpoints.contacts),
    call(api, companyEndpoints.users),
    call(api, countryEndpoints.list, { query: { lang } }),
  ]);
  return {
    role: profile.data.user.company_role,
    company: company.data,
    related: related.data,
    addresses: addresses.data,
    contacts: contacts.data,
    users: users.data,
    countries: countries.data,
  };
}

export default function Companies({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { role, company, related, addresses, contacts, users, countries } = loaderData;
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
          key={company.name + company.country}
          company={company}
          countries={countries}
          canEdit={isAdmin}
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
