import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A customer company (or the operator itself); every customer document belongs to one. */
export const companies = pgTable(
  "companies",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    vatId: text("vat_id"),
    country: text("country").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("companies_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`)],
);

/** A person who signs in. Accounts, roles and sessions grow in the accounts issue. */
export const users = pgTable(
  "users",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    language: text("language").notNull().default("en"),
    role: text("role").notNull().default("customer"),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_company_idx").on(t.companyId),
  ],
);

/** Fixed-window rate-limit counters shared by every API instance (DESIGN §1). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Captcha challenges already redeemed, so a solved challenge works once (kept until it expires). */
export const captchaRedemptions = pgTable(
  "captcha_redemptions",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("captcha_redemptions_expires_idx").on(t.expiresAt)],
);

/**
 * The operator's redirect rules (SPEC §2: a server-provided rule is consulted for each path).
 * Staff maintain them in the back office; targets are local paths or https URLs.
 */
export const redirectRules = pgTable(
  "redirect_rules",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    fromPath: text("from_path").notNull(),
    target: text("target").notNull(),
    statusCode: integer("status_code").notNull().default(301),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("redirect_rules_from_path_idx").on(t.fromPath),
    check("redirect_rules_status_check", sql`${t.statusCode} in (301, 302)`),
  ],
);

/**
 * Signed-in sessions. Only the SHA-256 of the opaque token is stored, so a copy of the table does not
 * let anyone sign in. Idle and absolute expiry are enforced by the API.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
  },
  (t) => [uniqueIndex("sessions_token_hash_idx").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);
