import { useLingui } from "@lingui/react";
import { staffDeliveryEndpoints, staffInvoiceEndpoints, staffPaymentEndpoints } from "@ems/contracts/billing";
import { staffCreditNoteEndpoints } from "@ems/contracts/credit-notes";

import { CreditNotesList, DeliveriesList, InvoicesList, paymentForm } from "~/features/staff/billing";
import { creditNoteForm } from "~/features/staff/credit-notes";
import { STAFF_CREDIT_NOTES, STAFF_DELIVERIES, STAFF_INVOICES } from "~/features/staff/list-specs";
import { loadStaffViews } from "~/features/staff/load.server";
import { StaffViews } from "~/features/staff/staff-views";
import { call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/billing";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * Invoices of every customer (GET /api/staff/invoices) or, with ?view=deliveries, their delivery
 * notes (GET /api/staff/deliveries), with ?view=credit-notes their credit notes (GET /api/staff/credit-notes).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffViews(apiFromRequest(request, context), new URL(request.url).searchParams, {
    invoices: [STAFF_INVOICES, staffInvoiceEndpoints.list],
    deliveries: [STAFF_DELIVERIES, staffDeliveryEndpoints.list],
    "credit-notes": [STAFF_CREDIT_NOTES, staffCreditNoteEndpoints.list],
  });
}

/**
 * Recording an invoice's payment and issuing a credit note for it; each dialog words its toast
 * from the answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return submitIntent(request, context, {
    payment: formIntent(
      paymentForm,
      async (api, { id, ...body }) =>
        (await call(api, staffPaymentEndpoints.recordPayment, { params: { id }, body })).data,
    ),
    creditNote: formIntent(
      creditNoteForm,
      async (api, { id, ...body }) =>
        (await call(api, staffCreditNoteEndpoints.create, { params: { id }, body })).data,
    ),
  });
}

export default function StaffBilling({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <StaffViews
      label={i18n._("staff.billing_views")}
      views={[
        { key: "invoices", label: i18n._("staff.invoices_title") },
        { key: "deliveries", label: i18n._("staff.delivery_notes_title") },
        { key: "credit-notes", label: i18n._("staff.credit_notes_title") },
      ]}
      data={loaderData}
      render={{
        invoices: (props) => <InvoicesList {...props} />,
        deliveries: (props) => <DeliveriesList {...props} />,
        "credit-notes": (props) => <CreditNotesList {...props} />,
      }}
    />
  );
}
