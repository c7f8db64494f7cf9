import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import type { CompanyRole } from "@ems/contracts/roles";
import { companyMembers, users } from "@ems/db/schema";
import type { Locale } from "@ems/i18n/locales";

/**
 * Who hears about a company's documents (order confirmations, delivery notes, invoices, payments).
 * Orders, deliveries, invoices and payments all mail the same people, so the query lives in this
 * shared module and none of them reads another's repository for it.
 */

export interface Recipient {
  id: string;
  email: string;
  firstName: string;
  language: Locale;
}

const recipientColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  language: users.language,
};

/** Active users of the company holding an accepted role among `roles`. */
export async function companyRecipients(
  db: Executor,
  companyId: string,
  roles: readonly CompanyRole[],
): Promise<Recipient[]> {
  return db
    .select(recipientColumns)
    .from(users)
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.userId, users.id), eq(companyMembers.companyId, companyId)),
    )
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.status, "active"),
        eq(companyMembers.status, "accepted"),
        inArray(companyMembers.role, [...roles]),
      ),
    )
    .orderBy(asc(users.createdAt))
    .limit(50);
}

/** One user as a recipient, if still active. */
export async function findRecipient(db: Executor, userId: string): Promise<Recipient | null> {
  const [row] = await db
    .select(recipientColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, "active")))
    .limit(1);
  return row ?? null;
}
