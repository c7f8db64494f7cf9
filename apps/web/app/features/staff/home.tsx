import { getFormProps, getInputProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { staffContactMessageEndpoints, type StaffContactMessage } from "@ems/contracts/contact";
import type { StaffHome } from "@ems/contracts/staff-home";
import { formatDate, formatMoney, formatNumber, formatLanguageName } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { IntentField } from "~/components/ui/form-field";
import { cn } from "~/lib/cn";
import { href } from "~/lib/route-map";
import { useDateTime } from "~/lib/use-date-time";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { queryHref } from "./engineering-queries";
import { cardClass, linkClass, mutedClass, StaffProblem } from "./staff-ui";

/** The id of the home's section with the new contact messages (the contact card links to it). */
export const MESSAGES_SECTION = "contact-messages";
const messageAnchor = (id: string) => `message-${id}`;

/** One queue's item: a link to its page, what it is, and how long it has waited (or when it is due). */
interface QueueItem {
  key: string;
  to: string;
  label: string;
  detail: string;
  age: string;
  badge?: ReactNode;
}

/** One queue of the home: its count, its oldest items, and the full list; a clear queue says so. */
function QueueCard({
  id,
  title,
  count,
  note,
  items,
  empty,
  all,
}: {
  id: string;
  title: string;
  count: number;
  note?: string | undefined;
  items: QueueItem[];
  empty: string;
  all: { to: string; label: string };
}) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby={`${id}-title`} className={cn(cardClass, "flex flex-col")}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="shrink-0 text-sm font-semibold text-neutral-700 dark:text-neutral-300">
          {i18n._("staff.home_waiting", { count })}
        </p>
      </div>
      {note ? <p className={cn("mt-1", mutedClass)}>{note}</p> : null}
      {items.length === 0 ? (
        <p className={cn("mt-4 flex-1", mutedClass)}>{empty}</p>
      ) : (
        <ul className="mt-4 flex-1 divide-y divide-neutral-200 dark:divide-neutral-800">
          {items.map((item) => (
            <li key={item.key} className="py-2.5 first:pt-0">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Link to={item.to} className={cn(linkClass, "break-words")}>
                  {item.label}
                </Link>
                {item.badge}
              </div>
              <p className="mt-0.5 text-sm break-words text-neutral-700 dark:text-neutral-300">
                {item.detail} · <span className="whitespace-nowrap">{item.age}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4">
        <Link to={all.to} className={cn(linkClass, "text-sm")}>
          {all.label}
        </Link>
      </p>
    </section>
  );
}

/** The queues of the back-office home (GET /api/staff/home), one card each. */
export function HomeQueues({ home, locale }: { home: StaffHome; locale: Locale }) {
  const { i18n } = useLingui();
  const waiting = (days: number) => i18n._("staff.home_age", { days });
  const { quotes_to_price: quotes, orders_in_production: orders } = home;
  const { deliveries_due: deliveries, announced_transfers: transfers, contact_messages: messages } = home;
  const { engineering_queries: queries } = home;
  const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <QueueCard
        id="quotes-to-price"
        title={i18n._("staff.home_quotes_title")}
        count={quotes.count}
        items={quotes.items.map((quote) => ({
          key: quote.id,
          to: href("staff-quote", locale, { quote: quote.id }),
          label: `${quote.number} · ${quote.title}`,
          detail: quote.company_name,
          age: waiting(quote.age_days),
        }))}
        empty={i18n._("staff.home_quotes_empty")}
        all={{
          to: `${href("staff-quotes", locale)}${query({ status: "In Progress" })}`,
          label: i18n._("staff.home_quotes_all"),
        }}
      />
      <QueueCard
        id="orders-in-production"
        title={i18n._("staff.home_orders_title")}
        count={orders.count}
        note={orders.on_hold > 0 ? i18n._("staff.home_orders_on_hold", { count: orders.on_hold }) : undefined}
        items={orders.items.map((order) => ({
          key: order.id,
          to: href("staff-order", locale, { order: order.id }),
          label: order.number,
          detail: i18n._("staff.home_order_detail", {
            company: order.company_name,
            date: formatDate(order.delivery_date, locale),
          }),
          age: waiting(order.age_days),
          badge: order.on_hold ? <Badge tone="warning">{i18n._("staff.home_on_hold")}</Badge> : undefined,
        }))}
        empty={i18n._("staff.home_orders_empty")}
        all={{
          to: `${href("staff-orders", locale)}${query({ status: "in_production" })}`,
          label: i18n._("staff.home_orders_all"),
        }}
      />
      <QueueCard
        id="deliveries-due"
        title={i18n._("staff.home_deliveries_title")}
        count={deliveries.count}
        note={i18n._("staff.home_deliveries_note", {
          days: deliveries.window_days,
          overdue: deliveries.overdue,
        })}
        items={deliveries.items.map((line) => ({
          key: `${line.order_id}-${line.position}`,
          to: href("staff-order", locale, { order: line.order_id }),
          label: `${line.order_number} · ${line.description}`,
          detail: i18n._("staff.home_delivery_detail", {
            company: line.company_name,
            quantity: formatNumber(line.open_quantity, locale),
          }),
          age:
            line.due_in_days < 0
              ? i18n._("staff.home_overdue", { days: -line.due_in_days })
              : i18n._("staff.home_due", { days: line.due_in_days }),
          badge: line.due_in_days < 0 ? <Badge tone="error">{i18n._("staff.home_late")}</Badge> : undefined,
        }))}
        empty={i18n._("staff.home_deliveries_empty", { days: deliveries.window_days })}
        all={{ to: href("staff-orders", locale), label: i18n._("staff.home_deliveries_all") }}
      />
      <QueueCard
        id="announced-transfers"
        title={i18n._("staff.home_transfers_title")}
        count={transfers.count}
        items={transfers.items.map((transfer) => ({
          key: transfer.invoice_id,
          to: `${href("staff-billing", locale)}${query({ payment: "transfer_announced", q: transfer.invoice_number })}`,
          label: transfer.invoice_number,
          detail: `${transfer.company_name} · ${formatMoney(transfer.amount_minor, transfer.currency, locale)}`,
          age: waiting(transfer.age_days),
        }))}
        empty={i18n._("staff.home_transfers_empty")}
        all={{
          to: `${href("staff-billing", locale)}${query({ payment: "transfer_announced" })}`,
          label: i18n._("staff.home_transfers_all"),
        }}
      />
      <QueueCard
        id="open-engineering-queries"
        title={i18n._("staff.home_queries_title")}
        count={queries.count}
        items={queries.items.map((item) => ({
          key: item.id,
          to: queryHref(locale, item.id),
          label: `${item.number} · ${item.title}`,
          detail: item.company_name,
          age: waiting(item.age_days),
        }))}
        empty={i18n._("staff.home_queries_empty")}
        all={{
          to: `${href("staff-engineering-queries", locale)}${query({ status: "open" })}`,
          label: i18n._("staff.home_queries_all"),
        }}
      />
      <QueueCard
        id="new-contact-messages"
        title={i18n._("staff.home_messages_title")}
        count={messages.count}
        items={messages.items.map((message) => ({
          key: message.id,
          to: `#${messageAnchor(message.id)}`,
          label: `${message.reference} · ${message.name}`,
          detail: message.company ?? i18n._("staff.home_no_company"),
          age: waiting(message.age_days),
        }))}
        empty={i18n._("staff.home_messages_empty")}
        all={{ to: `#${MESSAGES_SECTION}`, label: i18n._("staff.home_messages_all") }}
      />
    </div>
  );
}

/** The new contact messages in full, oldest first, each with its "handled" button. */
export function ContactMessages({
  messages,
  total,
  locale,
}: {
  messages: StaffContactMessage[];
  total: number;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  return (
    <section id={MESSAGES_SECTION} aria-labelledby={`${MESSAGES_SECTION}-title`} className="scroll-mt-24">
      <h2 id={`${MESSAGES_SECTION}-title`} className="text-xl font-semibold">
        {i18n._("staff.home_messages_section")}
      </h2>
      {messages.length === 0 ? (
        <p className={cn("mt-2", mutedClass)}>{i18n._("staff.home_messages_empty")}</p>
      ) : (
        <>
          {total > messages.length ? (
            <p className={cn("mt-2", mutedClass)}>
              {i18n._("staff.home_messages_shown", { shown: messages.length, total })}
            </p>
          ) : null}
          <ul className="mt-4 space-y-4">
            {messages.map((message) => (
              <li key={message.id}>
                <ContactMessageCard message={message} locale={locale} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ContactMessageCard({ message, locale }: { message: StaffContactMessage; locale: Locale }) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: staffContactMessageEndpoints.markHandled.params,
    id: `handled-${message.id}`,
    defaultValue: { id: message.id },
    success: i18n._("staff.home_marked_handled", { reference: message.reference }),
  });
  const titleId = `${messageAnchor(message.id)}-title`;
  return (
    <article
      id={messageAnchor(message.id)}
      aria-labelledby={titleId}
      className={cn(cardClass, "scroll-mt-24")}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold break-words">
            {message.reference} · {message.name}
            {message.company ? `, ${message.company}` : ""}
          </h3>
          <p className={cn("mt-0.5", mutedClass)}>
            {i18n._("staff.home_message_received", {
              date: dateTime(message.created_at),
              language: formatLanguageName(message.language, locale),
            })}
          </p>
        </div>
        <fetcher.Form method="post" {...getFormProps(form)}>
          <IntentField intent="handled" />
          <input {...getInputProps(fields.id, { type: "hidden" })} />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            loading={busy}
            aria-label={i18n._("staff.home_mark_handled_label", { reference: message.reference })}
          >
            {i18n._("staff.home_mark_handled")}
          </Button>
        </fetcher.Form>
      </div>
      <StaffProblem codes={formErrors ?? fields.id.errors} className="mt-3" />
      <p className="mt-3 text-sm break-words whitespace-pre-line">{message.message}</p>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a
          href={`mailto:${message.email}?subject=${encodeURIComponent(message.reference)}`}
          className={linkClass}
        >
          {message.email}
        </a>
        {message.phone ? (
          <a href={`tel:${message.phone.replace(/[^+0-9]/g, "")}`} className={linkClass}>
            {message.phone}
          </a>
        ) : null}
      </p>
    </article>
  );
}
