import { grossOf } from "@ems/contracts/money";
import { taxOverrideSchema } from "@ems/contracts/tax";
import { formatDate, formatMoney, formatPercentFigure } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { Link } from "react-router";

import { Alert } from "~/components/ui/alert";

import { load } from "~/features/staff/load.server";
import { QuoteActions } from "~/features/staff/quote-actions";
import { LinesEditor, LinesView, RequestCard } from "~/features/staff/quote-editor";
import { Detail, linkClass, QuoteStatusBadge, Section, StaffPage } from "~/features/staff/staff-ui";
import { TaxTreatmentChange } from "~/features/staff/tax-treatment-change";
import { apiFromRequest } from "~/lib/api.server";
import { routePageMeta } from "~/lib/meta";
import { currentPage, href } from "~/lib/route-map";

import type { Route } from "./+types/quote";
import { useLocale } from "~/lib/use-locale";
import { call, hrefOf } from "~/lib/api-client";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import {
  staffQuoteEndpoints,
  staffQuoteLinesSchema,
  staffQuoteLostSchema,
  staffQuoteSendSchema,
} from "@ems/contracts/quotes";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One quote of any customer (GET /api/staff/quotes/:id). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!UUID.test(params.quote)) return { quote: null, problem: "not_found" as const };
  const answer = await load(apiFromRequest(request, context), staffQuoteEndpoints.detail, {
    params: { id: params.quote },
  });
  return { quote: answer.data, problem: answer.problem };
}

/** The quote page's changes: its lines (the editor), sending it, marking it lost, its VAT treatment. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = params.quote;
  return submitIntent(request, context, {
    lines: formIntent(staffQuoteLinesSchema, async (api, body) => {
      await call(api, staffQuoteEndpoints.updateLines, { params: { id }, body });
    }),
    send: formIntent(staffQuoteSendSchema, async (api, body) => {
      await call(api, staffQuoteEndpoints.send, { params: { id }, body });
    }),
    lost: formIntent(staffQuoteLostSchema, async (api, body) => {
      await call(api, staffQuoteEndpoints.lost, { params: { id }, body });
    }),
    tax: formIntent(taxOverrideSchema, async (api, body) => {
      await call(api, staffQuoteEndpoints.changeTax, { params: { id }, body });
    }),
  });
}

export default function StaffQuote({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { quote, problem } = loaderData;
  const [dirty, setDirty] = useState(false);

  if (!quote)
    return (
      <StaffPage intro={null}>
        <Alert
          variant={problem === "forbidden" ? "info" : "error"}
          title={i18n._(problem === "forbidden" ? "staff.forbidden_title" : "staff.quote_missing_title")}
        >
          <p>{i18n._(problem === "forbidden" ? "staff.forbidden" : "staff.quote_missing")}</p>
          <Link to={href("staff-quotes", locale)} className={linkClass}>
            {i18n._("staff.back_to_quotes")}
          </Link>
        </Alert>
      </StaffPage>
    );

  const isRequest = quote.requested_by_name !== null || quote.request_notes !== null;
  return (
    <StaffPage
      eyebrow={
        <Link to={href("staff-quotes", locale)} className={linkClass}>
          {i18n._("staff.back_to_quotes")}
        </Link>
      }
      heading={i18n._("staff.quote_heading", { number: quote.number, title: quote.title })}
      intro={
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <QuoteStatusBadge status={quote.status} />
          <Link
            to={`${href("staff-customers", locale)}?${new URLSearchParams({ customer: quote.company_id }).toString()}`}
            className={linkClass}
          >
            {quote.company_name}
          </Link>
          {/* What the customer gets, once there are prices; unsaved edits are not in it. */}
          {quote.priced ? (
            <a href={hrefOf(staffQuoteEndpoints.pdf, { params: { id: quote.id } })} className={linkClass}>
              {i18n._("my_quotes.download_pdf")}
            </a>
          ) : null}
        </div>
      }
      actions={<QuoteActions quote={quote} dirty={dirty} />}
    >
      <Section id="summary" title={i18n._("staff.quote_details")}>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
          <Detail term={i18n._("staff.customer_reference_term")}>
            {quote.customer_reference ?? i18n._("staff.none")}
          </Detail>
          <Detail term={i18n._("staff.currency")}>{quote.currency}</Detail>
          <Detail term={i18n._("staff.vat_rate")}>
            {i18n._("staff.percent_value", { value: formatPercentFigure(quote.tax_rate_bp, locale) })}
          </Detail>
          <Detail term={i18n._("staff.tax_treatment")}>
            {i18n._(`tax.treatment.${quote.tax_treatment}`)}
            {quote.customer_vat_id ? ` · ${quote.customer_vat_id}` : ""}
          </Detail>
          {quote.lowest_total_minor !== null ? (
            <Detail term={i18n._("staff.lowest_total_gross")}>
              <span className="tabular-nums" data-testid="quote-gross-total">
                {formatMoney(grossOf(quote.lowest_total_minor, quote.tax_rate_bp), quote.currency, locale)}
              </span>
            </Detail>
          ) : null}
          <Detail term={i18n._("staff.valid_until")}>
            {quote.valid_until ? formatDate(quote.valid_until, locale) : i18n._("staff.none")}
          </Detail>
          <Detail term={i18n._("staff.sent_on")}>
            {quote.sent_at ? formatDate(quote.sent_at, locale) : i18n._("staff.not_sent")}
          </Detail>
          <Detail term={i18n._("staff.prepared_by")}>{quote.prepared_by_name ?? i18n._("staff.none")}</Detail>
          {quote.decline_reason ? (
            <Detail term={i18n._("staff.decline_reason")}>{quote.decline_reason}</Detail>
          ) : null}
        </dl>
        <TaxTreatmentChange
          document={quote}
          canChange={quote.can_change_tax}
          locked={i18n._("staff.tax_locked_quote")}
          mailNote={i18n._("staff.tax_mail_quote")}
        />
        {!quote.priced ? (
          <Alert variant="warning" className="mt-4">
            {i18n._("staff.not_priced_hint")}
          </Alert>
        ) : null}
      </Section>
      {isRequest ? <RequestCard quote={quote} locale={locale} /> : null}
      {quote.can_edit_lines ? (
        <LinesEditor key={quote.id} quote={quote} locale={locale} onDirtyChange={setDirty} />
      ) : (
        <LinesView quote={quote} locale={locale} />
      )}
    </StaffPage>
  );
}
