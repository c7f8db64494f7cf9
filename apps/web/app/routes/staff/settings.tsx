import { useLingui } from "@lingui/react";
import { useLocation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { load } from "~/features/staff/load.server";
import {
  HolidaysSection,
  parcelServiceForm,
  ParcelServicesSection,
} from "~/features/staff/settings-reference";
import { StageSetsSection, stageSetForm } from "~/features/staff/settings-production";
import {
  integrationToggleForm,
  PaymentMethodsSection,
  RedirectRulesSection,
} from "~/features/staff/settings-site";
import { StaffPage } from "~/features/staff/staff-ui";
import { call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/settings";
import { useLocale } from "~/lib/use-locale";
import { authEndpoints } from "@ems/contracts/auth";
import { staffPaymentEndpoints } from "@ems/contracts/billing";
import {
  createRedirectRuleSchema,
  redirectEndpoints,
  staffRedirectEndpoints,
} from "@ems/contracts/redirects";
import { staffOrderEndpoints } from "@ems/contracts/orders";
import { holidayCreateSchema, staffReferenceEndpoints } from "@ems/contracts/reference";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * The back office's settings: holidays of a year (?year=), parcel services, the production stages
 * new order lines get per kind, payment methods (only staff administrators switch them) and the
 * site's redirect rules (the public list; edits through the staff API).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiFromRequest(request, context);
  const asked = Number(url.searchParams.get("year"));
  const year =
    Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : new Date().getUTCFullYear();
  const [session, holidays, parcel, stageSets, integrations, redirects] = await Promise.all([
    load(api, authEndpoints.session, {}),
    load(api, staffReferenceEndpoints.holidays, { query: { year } }),
    load(api, staffReferenceEndpoints.parcelServices, {}),
    load(api, staffOrderEndpoints.stageSets, {}),
    load(api, staffPaymentEndpoints.integrations, {}),
    load(api, redirectEndpoints.list, {}),
  ]);
  return {
    year,
    isStaffAdmin: session.data?.user.role === "staff_admin",
    forbidden: holidays.problem === "forbidden",
    holidays: holidays.data ?? [],
    parcel: parcel.data ?? [],
    stageSets: stageSets.data,
    integrations: integrations.data,
    redirects: redirects.data,
  };
}

/**
 * Every change of the settings page. Forms whose toast names what the API saved get its answer
 * back; a deleted redirect rule gets its path.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return submitIntent(request, context, {
    "add-holiday": formIntent(
      holidayCreateSchema,
      async (api, body) => (await call(api, staffReferenceEndpoints.createHoliday, { body })).data,
    ),
    "remove-holiday": formIntent(staffReferenceEndpoints.removeHoliday.params, (api, params) =>
      call(api, staffReferenceEndpoints.removeHoliday, { params }),
    ),
    "save-parcel-service": formIntent(
      parcelServiceForm,
      async (api, { id, ...body }) =>
        (id
          ? await call(api, staffReferenceEndpoints.updateParcelService, { params: { id }, body })
          : await call(api, staffReferenceEndpoints.createParcelService, { body })
        ).data,
    ),
    "save-stage-set": formIntent(
      stageSetForm,
      async (api, { kind, stages }) =>
        (await call(api, staffOrderEndpoints.saveStageSet, { params: { kind }, body: { stages } })).data,
    ),
    "switch-payment-method": formIntent(
      integrationToggleForm,
      async (api, body) => (await call(api, staffPaymentEndpoints.updateIntegrations, { body })).data,
    ),
    "save-redirect": formIntent(
      createRedirectRuleSchema,
      async (api, body) => (await call(api, staffRedirectEndpoints.save, { body })).data,
    ),
    "remove-redirect": formIntent(staffRedirectEndpoints.remove.body, async (api, body) => {
      await call(api, staffRedirectEndpoints.remove, { body });
      return body;
    }),
  });
}

export default function StaffSettings({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const location = useLocation();
  const locale = useLocale();
  const { year, isStaffAdmin, forbidden, holidays, parcel, stageSets, integrations, redirects } = loaderData;
  if (forbidden)
    return (
      <StaffPage>
        <Alert variant="info" title={i18n._("staff.forbidden_title")}>
          {i18n._("staff.forbidden")}
        </Alert>
      </StaffPage>
    );
  return (
    <StaffPage wide={false}>
      <HolidaysSection
        year={year}
        holidays={holidays}
        yearHref={(y) => `${location.pathname}?${new URLSearchParams({ year: String(y) }).toString()}`}
        locale={locale}
      />
      <ParcelServicesSection services={parcel} locale={locale} />
      <StageSetsSection sets={stageSets} locale={locale} />
      <PaymentMethodsSection integrations={integrations} canManage={isStaffAdmin} />
      <RedirectRulesSection rules={redirects} />
    </StaffPage>
  );
}
