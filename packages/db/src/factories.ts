import { hash } from "@node-rs/argon2";
import { isStaffRole, type CompanyRole } from "@ems/contracts/roles";
import type { MemberStatus } from "@ems/contracts/companies";
import { PCB_SPEC_DEFAULTS, type PcbSpecFields } from "@ems/contracts/pcb-spec";
import type { Database } from "./client.ts";

/** A database handle or an open transaction: factories work inside both. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];
import {
  companies,
  companyAddresses,
  companyMembers,
  pcbSpecs,
  pcbSpecVersions,
  redirectRules,
  sessions,
  users,
} from "./schema.ts";
import { nextDocumentNumber } from "./document-numbers.ts";
import { hashSessionToken, newSessionToken } from "./tokens.ts";

/**
 * Factories with overrides, shared by unit tests, API tests, e2e fixtures and the demo seed:
 * `createCompany(db, { name: "Acme" })`. Every call yields a valid, unique row.
 */

let sequence = 0;
const next = () => ++sequence;

/** OWASP argon2id parameters (m=19 MiB, t=2, p=1). */
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export type NewCompany = typeof companies.$inferInsert;
export type Company = typeof companies.$inferSelect;
export type { CompanyRole };
export type NewUser = Omit<typeof users.$inferInsert, "passwordHash" | "companyId"> & {
  companyId?: string;
  /** null: no password yet (an invited colleague). */
  password?: string | null;
  /** The role in the company (company_members); customers get an accepted admin role by default. */
  companyRole?: CompanyRole;
  /** invited, accepted or disabled; null: no membership row at all. */
  membershipStatus?: MemberStatus | null;
};
export type User = typeof users.$inferSelect;

export function buildCompany(overrides: Partial<NewCompany> = {}): NewCompany {
  const n = next();
  return { name: `Test Company ${n}`, country: "DE", ...overrides };
}

export async function createCompany(db: Executor, overrides: Partial<NewCompany> = {}): Promise<Company> {
  const [row] = await db.insert(companies).values(buildCompany(overrides)).returning();
  if (!row) throw new Error("createCompany inserted no row");
  return row;
}

export async function createUser(db: Executor, overrides: Partial<NewUser> = {}): Promise<User> {
  const n = next();
  const {
    password = `correct horse battery ${n}`,
    companyId,
    companyRole = "admin",
    membershipStatus,
    ...rest
  } = overrides;
  const company = companyId ?? (await createCompany(db)).id;
  const isStaff = rest.role !== undefined && isStaffRole(rest.role);
  const [row] = await db
    .insert(users)
    .values({
      email: `user${n}.${Date.now()}@example.test`,
      firstName: "Test",
      lastName: `User ${n}`,
      emailVerifiedAt: new Date(),
      ...rest,
      companyId: company,
      passwordHash: password === null ? null : await hash(password, ARGON2_OPTIONS),
    })
    .returning();
  if (!row) throw new Error("createUser inserted no row");
  const status = membershipStatus === undefined ? (isStaff ? null : "accepted") : membershipStatus;
  if (status) {
    await db.insert(companyMembers).values({
      companyId: company,
      userId: row.id,
      role: companyRole,
      status,
      acceptedAt: status === "accepted" ? new Date() : null,
    });
  }
  return row;
}

export type RedirectRuleRow = typeof redirectRules.$inferSelect;

export async function createRedirectRule(
  db: Executor,
  overrides: Partial<typeof redirectRules.$inferInsert> = {},
): Promise<RedirectRuleRow> {
  const n = next();
  const [row] = await db
    .insert(redirectRules)
    .values({ fromPath: `/old-page-${n}`, target: "/", statusCode: 301, ...overrides })
    .returning();
  if (!row) throw new Error("createRedirectRule inserted no row");
  return row;
}

export type SessionRow = typeof sessions.$inferSelect;

/** A valid session for a user, with the token a client would send. */
export async function createSession(
  db: Executor,
  overrides: Partial<typeof sessions.$inferInsert> & { userId: string },
): Promise<{ token: string; session: SessionRow }> {
  const token = newSessionToken();
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashSessionToken(token),
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      ...overrides,
    })
    .returning();
  if (!session) throw new Error("createSession inserted no row");
  return { token, session };
}

export type CompanyAddressRow = typeof companyAddresses.$inferSelect;

/** An address of a company; by default its head office in Bremen, used for billing and shipping. */
export async function createCompanyAddress(
  db: Executor,
  overrides: Partial<typeof companyAddresses.$inferInsert> & { companyId: string },
): Promise<CompanyAddressRow> {
  const [row] = await db
    .insert(companyAddresses)
    .values({
      label: "Head office",
      street: "Hafenstraße 12",
      postalCode: "28195",
      city: "Bremen",
      country: "DE",
      isBilling: true,
      isShipping: true,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createCompanyAddress inserted no row");
  return row;
}

export type PcbSpec = typeof pcbSpecs.$inferSelect;
export type PcbSpecVersionRow = typeof pcbSpecVersions.$inferSelect;

/**
 * A PCB specification of a company with its versions: one by default, a two-layer board named
 * "Test board <n>"; `fields` overrides fields of every version, `versions` adds more (each its own
 * overrides), `spec` and `version` override the rows.
 */
export async function createPcbSpec(
  db: Executor,
  overrides: {
    companyId: string;
    fields?: Partial<PcbSpecFields>;
    versions?: Partial<PcbSpecFields>[];
    spec?: Partial<typeof pcbSpecs.$inferInsert>;
    version?: Partial<typeof pcbSpecVersions.$inferInsert>;
  },
): Promise<{ spec: PcbSpec; versions: PcbSpecVersionRow[] }> {
  const n = next();
  const [spec] = await db
    .insert(pcbSpecs)
    .values({
      companyId: overrides.companyId,
      number: await nextDocumentNumber(db, "pcb"),
      ...overrides.spec,
    })
    .returning();
  if (!spec) throw new Error("createPcbSpec inserted no specification");
  const base: PcbSpecFields = { ...PCB_SPEC_DEFAULTS, name: `Test board ${n}`, width_mm: 100, height_mm: 80 };
  const versions: PcbSpecVersionRow[] = [];
  for (const [index, changes] of (overrides.versions ?? [{}]).entries()) {
    const [row] = await db
      .insert(pcbSpecVersions)
      .values({
        specId: spec.id,
        version: index + 1,
        fields: { ...base, ...overrides.fields, ...changes },
        ...overrides.version,
      })
      .returning();
    if (!row) throw new Error("createPcbSpec inserted no version");
    versions.push(row);
  }
  return { spec, versions };
}
