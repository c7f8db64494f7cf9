import { COMPANY_ROLES, type CompanyRole } from "@ems/contracts/roles";
import type { Executor } from "@ems/db/factories";
import { formatMessage } from "@ems/i18n/message-catalogs";
import { publicLink, type PageLink } from "../../lib/public-url.ts";
import {
  companyRecipients,
  findRecipient,
  type DocumentContext,
  type Recipient,
} from "../documents/documents-service.ts";
import { documentTexts, type DocumentTexts } from "../documents/document-texts.ts";
import type { MailValues } from "../mail/mail-templates.ts";
import {
  findQueryForMail,
  latestThreadEntry,
  listHeldOrders,
  type HeldOrder,
  type QueryForMail,
  type QuerySubject,
} from "./query-mail-repository.ts";

/**
 * The e-mails of engineering queries (docs/behaviour/engineering.md#engineering-query-e-mails):
 * the customer hears of a new query, of its closing and, while it waits, reminders; the staff
 * member who raised it hears of the customer's reply. Each recipient reads it in their language.
 */

/** What happened to a query that its other side hears about by e-mail. */
export type QueryMailEvent = "raised" | "replied" | "closed" | "withdrawn";

/** Who in the customer's company answers engineering questions: its engineers and administrators. */
const QUERY_MAIL_ROLES: readonly CompanyRole[] = ["admin", "engineer"];

type MailDeps = Pick<DocumentContext, "mailer" | "publicUrl">;

/** The customer's people who hear of a query; anyone of the company when it has no engineer or admin. */
async function customerRecipients(tx: Executor, companyId: string): Promise<Recipient[]> {
  const answerers = await companyRecipients(tx, companyId, QUERY_MAIL_ROLES);
  // A question that holds an order must reach someone, even in a company of buyers only.
  return answerers.length > 0 ? answerers : companyRecipients(tx, companyId, COMPANY_ROLES);
}

/**
 * The portal's specification sheet of the version, opened at the query (`query=`): the assembly
 * sheet for an assembly, the PCB sheet for a board.
 */
function customerLink(subject: QuerySubject, queryId: string): PageLink {
  const version = String(subject.version);
  return subject.kind === "assembly"
    ? { page: "my-pcbas", query: { pcba: subject.specId, version, query: queryId } }
    : { page: "my-pcbs", query: { pcb: subject.specId, version, query: queryId } };
}

/** The back office's review of the specification, opened at the query. */
function staffLink(subject: QuerySubject, queryId: string): PageLink {
  const version = String(subject.version);
  return subject.kind === "assembly"
    ? { page: "staff-pcbas", query: { pcba: subject.specId, version, query: queryId } }
    : { page: "staff-pcbs", query: { pcb: subject.specId, version, query: queryId } };
}

/** The values every query mail shares: which query, about which version. */
function queryValues(found: QueryForMail): MailValues {
  const { query, subject } = found;
  return {
    number: query.number,
    title: query.title,
    kind: subject.kind,
    spec: subject.number,
    version: subject.version,
    design: subject.name || subject.number,
  };
}

/** The orders the query holds, as the raised and reminder mails list them. */
const heldValues = (orders: readonly HeldOrder[]): MailValues => ({
  orders: orders.map((order) => order.number).join(", "),
  orders_count: orders.length,
});

/** Writes one template to each recipient, in their language, with a link made for that language. */
async function writeEach(
  deps: MailDeps,
  tx: Executor,
  recipients: readonly Recipient[],
  template: string,
  link: PageLink,
  values: (texts: DocumentTexts) => MailValues,
): Promise<number> {
  for (const recipient of recipients) {
    const texts = documentTexts(recipient.language);
    await deps.mailer.write(tx, {
      to: recipient.email,
      language: texts.locale,
      template,
      values: {
        ...values(texts),
        name: recipient.firstName,
        url: publicLink(deps.publicUrl, link, texts.locale),
      },
    });
  }
  return recipients.length;
}

/** The customer's answer as the staff mail quotes it: the option chosen, then their words. */
function answerText(
  found: QueryForMail,
  optionIndex: number | null,
  body: string | null,
  texts: DocumentTexts,
) {
  const option = optionIndex === null ? undefined : found.query.options[optionIndex];
  return [
    ...(option === undefined
      ? []
      : [formatMessage("emails", texts.locale, "query_replied.choice", { option })]),
    ...(body ? [body] : []),
  ].join("\n\n");
}

/**
 * Queues the e-mails for one event of a query inside the caller's transaction (`tx`), so they go
 * out exactly when the change stands: raised/closed → the customer's engineers and administrators,
 * replied → the staff member who raised it (nobody once that account is gone). The caller calls
 * `ctx.mailer.deliverSoon()` after the transaction has committed.
 */
export async function queueQueryMail(
  ctx: Pick<DocumentContext, "mailer" | "publicUrl">,
  tx: Executor,
  event: QueryMailEvent,
  queryId: string,
): Promise<void> {
  const found = await findQueryForMail(tx, queryId);
  if (!found) return;
  const { query, subject } = found;
  if (event === "raised") {
    const [recipients, held] = await Promise.all([
      customerRecipients(tx, query.companyId),
      listHeldOrders(tx, query),
    ]);
    await writeEach(ctx, tx, recipients, "query_raised", customerLink(subject, query.id), () => ({
      ...queryValues(found),
      ...heldValues(held),
      question: query.description,
      options: query.options.map((option) => `• ${option}`).join("\n"),
      options_count: query.options.length,
    }));
    return;
  }
  if (event === "replied") {
    const [reply, raiser] = await Promise.all([
      latestThreadEntry(tx, query.id, "reply", "customer"),
      query.raisedByUserId ? findRecipient(tx, query.raisedByUserId) : null,
    ]);
    if (!reply || !raiser) return;
    await writeEach(ctx, tx, [raiser], "query_replied", staffLink(subject, query.id), (texts) => ({
      ...queryValues(found),
      company: found.companyName,
      author: reply.authorName,
      answer: answerText(found, reply.optionIndex, reply.body, texts),
      files: reply.files,
    }));
    return;
  }
  // Closed or withdrawn: the people asked learn that nothing is waiting for them any more.
  const [recipients, note] = await Promise.all([
    customerRecipients(tx, query.companyId),
    latestThreadEntry(tx, query.id, event, "staff"),
  ]);
  await writeEach(ctx, tx, recipients, `query_${event}`, customerLink(subject, query.id), () => ({
    ...queryValues(found),
    has_note: note?.body ? "yes" : "no",
    note: note?.body ?? "",
  }));
}

/**
 * Writes the reminder of a query still open after `workingDays` working days to the customer's
 * engineers and administrators, inside `tx`. Answers whether anyone was mailed.
 */
export async function queueQueryReminder(
  deps: MailDeps,
  tx: Executor,
  queryId: string,
  workingDays: number,
): Promise<boolean> {
  const found = await findQueryForMail(tx, queryId);
  if (!found) return false;
  const { query, subject } = found;
  const [recipients, held] = await Promise.all([
    customerRecipients(tx, query.companyId),
    listHeldOrders(tx, query),
  ]);
  const mailed = await writeEach(
    deps,
    tx,
    recipients,
    "query_reminder",
    customerLink(subject, query.id),
    (texts) => ({
      ...queryValues(found),
      ...heldValues(held),
      date: texts.date(query.createdAt),
      days: workingDays,
    }),
  );
  return mailed > 0;
}
