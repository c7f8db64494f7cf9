import type { Executor } from "@ems/db/factories";
import { nextDocumentNumber } from "@ems/db/document-numbers";
import { contactMessages } from "@ems/db/schema";
import type { Locale } from "@ems/i18n/locales";

export interface NewContactMessage {
  name: string;
  company: string | null;
  email: string;
  phone: string | null;
  message: string;
  language: Locale;
}

/**
 * Stores a contact message with its ENQ reference. Pass a transaction: the number and the message
 * commit together (no gaps in the series), with the mails that announce it.
 */
export async function insertContactMessage(tx: Executor, input: NewContactMessage) {
  const reference = await nextDocumentNumber(tx, "contact");
  const [row] = await tx
    .insert(contactMessages)
    .values({ ...input, reference })
    .returning({ id: contactMessages.id, reference: contactMessages.reference });
  if (!row) throw new Error("The contact message was not stored");
  return row;
}
