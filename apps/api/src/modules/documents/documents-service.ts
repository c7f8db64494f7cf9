import { ERROR_CODES } from "@ems/contracts/errors";
import type { CompanyRole } from "@ems/contracts/roles";
import type { Executor } from "@ems/db/factories";
import { AppError } from "../../lib/app-error.ts";
import { publicLink, type PageLink } from "../../lib/public-url.ts";
import type { RequestContext } from "../../plugins/request-context.ts";
import type { MailAttachment } from "../mail/mail-service.ts";
import type { MailValues } from "../mail/mail-templates.ts";
import { nextDocumentNumber as nextNumber, type DocumentKind } from "./document-number-repository.ts";
import { documentTexts, type DocumentTexts } from "./document-texts.ts";
import {
  companyRecipients as findCompanyRecipients,
  findRecipient as findOneRecipient,
  type Recipient,
} from "./documents-repository.ts";

/**
 * The small kernel the document modules (quotes, orders, deliveries, invoices, payments, contracts,
 * material requests) share: their request context, numbering, recipients and mail fan-out. It used
 * to live in orders, which made orders a hidden dependency of every billing module (ADR 0011).
 */

export type { DocumentKind, Recipient };

/**
 * What every fulfilment and billing service needs from a request (plugins/request-context.ts):
 * database, mailer, caller, its company (the tenant) and name (the actor), links.
 */
export type DocumentContext = Pick<
  RequestContext,
  "db" | "mailer" | "auth" | "tenant" | "actor" | "publicUrl" | "request"
>;
export const iso = (value: Date | null) => (value === null ? null : value.toISOString());
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);

/**
 * The next number of this kind (Q-, SO-, DN-, INV-, …) for the year of `at`, inside the caller's
 * transaction so a rollback gives the number back.
 */
export function nextDocumentNumber(tx: Executor, kind: DocumentKind, at?: Date): Promise<string> {
  return nextNumber(tx, kind, at);
}

/** Active users of the company holding an accepted role among `roles`. */
export function companyRecipients(
  db: Executor,
  companyId: string,
  roles: readonly CompanyRole[],
): Promise<Recipient[]> {
  return findCompanyRecipients(db, companyId, roles);
}

/** One user as a recipient, if still active. */
export function findRecipient(db: Executor, userId: string): Promise<Recipient | null> {
  return findOneRecipient(db, userId);
}

/**
 * Mails each recipient once, in their own language, after the change has committed. `values`
 * receives the recipient's document texts, so amounts and dates are formatted for them, and so does
 * `attachments` (the document's PDF in their language).
 */
export async function mailEach(
  ctx: DocumentContext,
  recipients: readonly (Recipient | null)[],
  template: string,
  link: PageLink,
  values: (texts: DocumentTexts) => MailValues,
  attachments?: (texts: DocumentTexts) => MailAttachment[],
): Promise<void> {
  const seen = new Set<string>();
  for (const recipient of recipients) {
    if (!recipient || seen.has(recipient.id)) continue;
    seen.add(recipient.id);
    const texts = documentTexts(recipient.language);
    await ctx.mailer.send({
      to: recipient.email,
      language: texts.locale,
      template,
      values: {
        name: recipient.firstName,
        url: publicLink(ctx.publicUrl, link, texts.locale),
        ...values(texts),
      },
      ...(attachments ? { attachments: attachments(texts) } : {}),
    });
  }
}
