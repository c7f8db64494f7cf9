import { useLingui } from "@lingui/react";
import { Link } from "react-router";

import { Alert } from "~/components/ui/alert";
import { load } from "~/features/staff/load.server";
import { deliveryForm, invoiceForm, StatusActions } from "~/features/staff/order-actions";
import { OrderDocuments, OrderLines, OrderSummary } from "~/features/staff/order-detail";
import { productionForm, ProgressSection } from "~/features/staff/order-progress";
import { linkClass, OrderStatusBadge, ProgressBar, StaffPage } from "~/features/staff/staff-ui";
import { apiFromRequest } from "~/lib/api.server";
import { routePageMeta } from "~/lib/meta";
import { currentPage, href } from "~/lib/route-map";

import type { Route } from "./+types/order";
import { useLocale } from "~/lib/use-locale";
import { call, hrefOf } from "~/lib/api-client";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { staffDeliveryEndpoints, staffInvoiceEndpoints } from "@ems/contracts/billing";
import { orderStatusChangeSchema, staffOrderEndpoints } from "@ems/contracts/orders";
import { taxOverrideSchema } from "@ems/contracts/tax";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One order of any customer (GET /api/staff/orders/:id) with its production progress. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!UUID.test(params.order)) return { order: null, progress: null, problem: "not_found" as const };
  const api = apiFromRequest(request, context);
  const [order, progress] = await Promise.all([
    load(api, staffOrderEndpoints.detail, { params: { id: params.order } }),
    load(api, staffOrderEndpoints.progress, { params: { id: params.order } }),
  ]);
  return { order: order.data, progress: progress.data, problem: order.problem };
}

/**
 * The order page's changes: its status, the production form (every stage of every line and the
 * hold, one save), a delivery note, an invoice and the VAT treatment.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = params.order;
  return submitIntent(request, context, {
    status: formIntent(orderStatusChangeSchema, async (api, body) => {
      await call(api, staffOrderEndpoints.changeStatus, { params: { id }, body });
    }),
    progress: formIntent(productionForm, async (api, body) => {
      await call(api, staffOrderEndpoints.saveProgress, { params: { id }, body });
    }),
    delivery: formIntent(deliveryForm, async (api, body) => {
      await call(api, staffDeliveryEndpoints.create, { body });
    }),
    invoice: formIntent(invoiceForm, async (api, body) => {
      await call(api, staffInvoiceEndpoints.create, { body });
    }),
    tax: formIntent(taxOverrideSchema, async (api, body) => {
      await call(api, staffOrderEndpoints.changeTax, { params: { id }, body });
    }),
  });
}

export default function StaffOrder({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { order, progress, problem } = loaderData;

  if (!order)
    return (
      <StaffPage intro={null}>
        <Alert
          variant={problem === "forbidden" ? "info" : "error"}
          title={i18n._(problem === "forbidden" ? "staff.forbidden_title" : "staff.order_missing_title")}
        >
          <p>{i18n._(problem === "forbidden" ? "staff.forbidden" : "staff.order_missing")}</p>
          <Link to={href("staff-orders", locale)} className={linkClass}>
            {i18n._("staff.back_to_orders")}
          </Link>
        </Alert>
      </StaffPage>
    );

  return (
    <StaffPage
      eyebrow={
        <Link to={href("staff-orders", locale)} className={linkClass}>
          {i18n._("staff.back_to_orders")}
        </Link>
      }
      heading={i18n._("staff.order_heading", { number: order.number })}
      intro={
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <OrderStatusBadge status={order.status} />
          <Link
            to={`${href("staff-customers", locale)}?${new URLSearchParams({ customer: order.company_id }).toString()}`}
            className={linkClass}
          >
            {order.company_name}
          </Link>
          <ProgressBar
            percent={order.progress_percent}
            label={i18n._("staff.progress_of", { number: order.number })}
          />
          <a href={hrefOf(staffOrderEndpoints.pdf, { params: { id: order.id } })} className={linkClass}>
            {i18n._("my_orders.download_confirmation")}
          </a>
        </div>
      }
      actions={<StatusActions order={order} />}
    >
      <OrderSummary order={order} locale={locale} />
      <OrderLines order={order} locale={locale} />
      <ProgressSection key={order.id} order={order} progress={progress} locale={locale} />
      <OrderDocuments order={order} locale={locale} />
    </StaffPage>
  );
}
