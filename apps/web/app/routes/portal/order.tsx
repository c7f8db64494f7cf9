import { formatDate } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import type { OrderDetails, OrderProgress } from "@ems/contracts/orders";
import type { QuoteStatus } from "@ems/contracts/quotes";
import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";

import { Alert } from "~/components/ui/alert";
import {
  OrderDocuments,
  OrderFacts,
  OrderHeader,
  OrderLines,
  OrderSection,
} from "~/features/orders/order-details";
import { ProductionTimeline } from "~/features/orders/production-timeline";
import { WaitingForAnswer } from "~/features/orders/waiting-for-answer";
import { ApiError, call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { pageMeta, routePageMeta } from "~/lib/meta";
import { currentPage, href } from "~/lib/route-map";

import type { Route } from "./+types/order";
import { useLocale } from "~/lib/use-locale";
import { orderEndpoints } from "@ems/contracts/orders";
import { quoteEndpoints } from "@ems/contracts/quotes";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  if (loaderData?.order)
    return pageMeta(
      location.pathname,
      { title: "my_orders.detail_meta_title" },
      { number: loaderData.order.number },
      { index: false },
    );
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * One order with its production progress (docs/behaviour/orders.md#order-details), plus the status of the quote the
 * order came from. Another company's order, a missing one and a malformed id are the not-found page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const id = encodeURIComponent(params.order);
  let order: OrderDetails;
  let progress: OrderProgress | null;
  try {
    const [details, production] = await Promise.all([
      call(api, orderEndpoints.detail, { params: { id } }),
      call(api, orderEndpoints.progress, { params: { id } }).catch(() => null),
    ]);
    order = details.data;
    progress = production?.data ?? null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
    if (error instanceof ApiError && error.status === 403)
      return { order: null, progress: null, quoteStatus: null };
    throw error;
  }
  const quoteStatus: QuoteStatus | null = await call(api, quoteEndpoints.detail, {
    params: { id: order.quote_id },
  })
    .then((answer) => answer.data.status)
    .catch(() => null);
  return { order, progress, quoteStatus };
}

export default function Order({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { order, progress, quoteStatus } = loaderData;

  const back = (
    <Link
      to={href("my-orders", locale)}
      className="inline-flex items-center gap-1 text-sm font-semibold text-primary-800 underline-offset-2 hover:underline dark:text-primary-300"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {i18n._("my_orders.back_to_list")}
    </Link>
  );

  if (!order) {
    return (
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 md:px-6">
        {back}
        <h1 className="text-3xl font-bold tracking-tight">{i18n._("page.my-order.heading")}</h1>
        <Alert variant="info" title={i18n._("my_orders.forbidden_title")}>
          {i18n._("my_orders.forbidden")}
        </Alert>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10 md:px-6">
      {back}
      <OrderHeader order={order} quoteStatus={quoteStatus} locale={locale} />
      <OrderSection id="production" title={i18n._("my_orders.production_title")}>
        <p className="mb-4 text-sm text-neutral-700 dark:text-neutral-300">{i18n._("page.my-order.intro")}</p>
        {order.status === "cancelled" ? (
          <Alert variant="warning" className="mb-4">
            {i18n._("my_orders.cancelled_note")}
          </Alert>
        ) : null}
        {progress?.hold ? (
          <Alert variant="warning" className="mb-4" title={i18n._("my_orders.on_hold_title")}>
            <p>{i18n._("my_orders.on_hold_since", { date: formatDate(progress.hold.since, locale) })}</p>
            <p className="mt-1 break-words whitespace-pre-line">{progress.hold.reason}</p>
          </Alert>
        ) : null}
        {progress ? <WaitingForAnswer holds={progress.waiting_for_answer} locale={locale} /> : null}
        {progress ? (
          <div className="space-y-4">
            {progress.lines.map((line) => (
              <ProductionTimeline
                key={line.line_id}
                line={line}
                locale={locale}
                waitingFor={progress.waiting_for_answer.filter((hold) =>
                  hold.line_ids.includes(line.line_id),
                )}
              />
            ))}
          </div>
        ) : (
          <Alert variant="error">{i18n._("my_orders.progress_unavailable")}</Alert>
        )}
      </OrderSection>
      <OrderFacts order={order} locale={locale} />
      <OrderLines order={order} locale={locale} />
      <OrderDocuments order={order} locale={locale} />
    </div>
  );
}
