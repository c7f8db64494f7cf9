import { eq } from "drizzle-orm";
import type { Database } from "./client.ts";
import { createCompany, createRedirectRule, createUser } from "./factories.ts";
import { users } from "./schema.ts";

/** The demo sign-in that `npm start` prints; the demo brand and its customers are fictional. */
export const DEMO_USER = {
  email: "demo@customer.example",
  password: "demo-portal-2026",
  firstName: "Lena",
  lastName: "Hartmann",
} as const;

export interface SeedResult {
  created: boolean;
}

/** Writes the demo data once; running it again changes nothing. */
export async function seedDemoData(db: Database): Promise<SeedResult> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_USER.email))
    .limit(1);
  if (existing.length > 0) return { created: false };

  await db.transaction(async (tx) => {
    const customer = await createCompany(tx, {
      name: "Nordwind Sensorik GmbH",
      country: "DE",
      vatId: "DE000000000",
    });
    await createUser(tx, { ...DEMO_USER, companyId: customer.id, language: "en", role: "customer_admin" });

    const second = await createCompany(tx, {
      name: "Carpathia Drives SRL",
      country: "RO",
      vatId: "RO00000000",
    });
    await createUser(tx, {
      email: "ioana.popescu@carpathia.example",
      password: "carpathia-demo-2026",
      firstName: "Ioana",
      lastName: "Popescu",
      language: "ro",
      companyId: second.id,
      role: "customer_admin",
    });

    // Short addresses that printed material and e-mail signatures use.
    await createRedirectRule(tx, { fromPath: "/imprint", target: "/legal/imprint" });
    await createRedirectRule(tx, { fromPath: "/privacy", target: "/legal/privacy" });
    await createRedirectRule(tx, { fromPath: "/impressum", target: "/de/rechtliches/impressum" });
  });
  return { created: true };
}
