import type { Database } from "@ems/db/client";
import { nextDocumentNumber } from "@ems/db/document-numbers";
import { contactMessages } from "@ems/db/schema";

export interface NewContactMessage {
  name: string;
  company: string | null;
  email: string;
  phone: string | null;
  message: string;
  language: string;
}

/** Stores a contact message with its ENQ reference in one transaction (no gaps in the series). */
export async function insertContactMessage(db: Database, input: NewContactMessage) {
  return db.transaction(async (tx) => {
    const reference = await nextDocumentNumber(tx, "contact");
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, reference })
      .returning({ id: contactMessages.id, reference: contactMessages.reference });
    if (!row) throw new Error("The contact message was not stored");
    return row;
  });
}
