import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ASSEMBLY_FROZEN_REASONS, BOM_MATCH_STATUSES, PNP_ORIGINS } from "@ems/contracts/assemblies";
import { CONTRACT_KINDS, CONTRACT_STATUSES } from "@ems/contracts/contracts";
import { LOGIN_METHODS } from "@ems/contracts/auth";
import { INVOICE_STATUSES, PAYMENT_RECORD_METHODS, PAYMENT_STATUSES } from "@ems/contracts/billing";
import { MEMBER_STATUSES, RELATIONS } from "@ems/contracts/companies";
import { FILE_NAME_MAX, FILE_PURPOSES, FOLDER_NAME_MAX } from "@ems/contracts/files";
import {
  QUERY_MESSAGE_KINDS,
  QUERY_SIDES,
  QUERY_STATUSES,
  type QueryLocation,
} from "@ems/contracts/engineering-queries";
import { MATERIAL_REQUEST_STATUSES } from "@ems/contracts/material-requests";
import { ORDER_STATUSES, PRODUCTION_KINDS, WORK_ORDER_STAGES } from "@ems/contracts/orders";
import { PCB_ANALYSIS_STATUSES, PCB_FROZEN_REASONS, PCB_STAFF_NOTE_MAX } from "@ems/contracts/pcbs";
import { MSL_LEVELS, PART_LIFECYCLES, PART_LIMITS, PART_TYPES } from "@ems/contracts/parts";
import { TAX_TREATMENTS } from "@ems/contracts/tax";
import { PRODUCT_CATEGORIES, QUOTE_STATUSES } from "@ems/contracts/quotes";
import { COMPANY_ROLES, STAFF_ROLES } from "@ems/contracts/roles";
import { LOCALES } from "@ems/i18n/locales";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * `column in ('a', 'b', ...)` from the same list the column is typed with (`text(..., { enum })`), so
 * the CHECK constraint and the TypeScript type cannot drift apart. The values are constants of this
 * code base, never input.
 */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "))})`;
}

/** The kind of account (users.role): a customer, or one of the operator's staff roles. */
export const USER_ROLES = ["customer", ...STAFF_ROLES] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** users.status: a disabled user cannot sign in and their sessions end. */
export const USER_STATUSES = ["active", "disabled"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** What an e-mailed single-use token is for (email_tokens.purpose). */
export const EMAIL_TOKEN_PURPOSES = ["verify_email", "reset_password", "invitation"] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** activity_log.kind: system (security events) or user (changes people made). */
export const ACTIVITY_KINDS = ["system", "user"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

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
    phone: text("phone"),
    website: text("website"),
    /**
     * The parcel service the company's order dialog starts with, chosen by its administrators; null
     * (or a service no longer offered): the cheapest one.
     */
    defaultParcelServiceId: uuid("default_parcel_service_id").references(
      (): AnyPgColumn => parcelServices.id,
      { onDelete: "set null" },
    ),
    /** The operator's own company: its users are staff, never customers. */
    isOperator: boolean("is_operator").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("companies_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`)],
);

/**
 * A person who signs in. `companyId` is the company the user works in (the tenant of every request);
 * the role in it lives in company_members. `role` is the kind of account: `customer`, or the
 * operator's staff roles `staff` and `staff_admin`.
 */
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
    language: text("language", { enum: LOCALES }).notNull().default("en"),
    role: text("role", { enum: USER_ROLES }).notNull().default("customer"),
    /** null until the user sets a password (an invited colleague who has not accepted yet). */
    passwordHash: text("password_hash"),
    /** active, or disabled by a company administrator or staff (sign-in and sessions end). */
    status: text("status", { enum: USER_STATUSES }).notNull().default("active"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** The user must choose a new password before anything else (docs/behaviour/accounts.md#forced-password-change). */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    cookieNotifiedAt: timestamp("cookie_notified_at", { withTimezone: true }),
    /** Base32 TOTP secret; set while enrolling, in use once totpEnabledAt is set. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last 30-second step a TOTP code was accepted for: a code is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_company_idx").on(t.companyId),
    check("users_status_check", oneOf(t.status, USER_STATUSES)),
    check("users_language_check", oneOf(t.language, LOCALES)),
    check("users_role_check", oneOf(t.role, USER_ROLES)),
  ],
);

/**
 * A user's role in a company. Invited members have no accepted role until they accept; sign-in is
 * refused without an accepted role (docs/behaviour/accounts.md#sign-in). Roles: admin, buyer, engineer, finance, viewer.
 */
export const companyMembers = pgTable(
  "company_members",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: COMPANY_ROLES }).notNull(),
    /** invited, accepted or disabled. */
    status: text("status", { enum: MEMBER_STATUSES }).notNull().default("invited"),
    invitedByUserId: uuid("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("company_members_company_user_idx").on(t.companyId, t.userId),
    index("company_members_user_idx").on(t.userId),
    check("company_members_role_check", oneOf(t.role, COMPANY_ROLES)),
    check("company_members_status_check", oneOf(t.status, MEMBER_STATUSES)),
  ],
);

/** Postal addresses of a company; at most one is the billing and one the shipping address. */
export const companyAddresses = pgTable(
  "company_addresses",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    recipient: text("recipient"),
    street: text("street").notNull(),
    street2: text("street2"),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    region: text("region"),
    country: text("country").notNull(),
    isBilling: boolean("is_billing").notNull().default(false),
    isShipping: boolean("is_shipping").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("company_addresses_company_idx").on(t.companyId),
    uniqueIndex("company_addresses_billing_idx")
      .on(t.companyId)
      .where(sql`${t.isBilling}`),
    uniqueIndex("company_addresses_shipping_idx")
      .on(t.companyId)
      .where(sql`${t.isShipping}`),
  ],
);

/** People at a company who do not sign in (a goods-receiving desk, an accounts-payable inbox). */
export const companyContacts = pgTable(
  "company_contacts",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phone: text("phone"),
    position: text("position"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("company_contacts_company_idx").on(t.companyId)],
);

/** Companies related to a company (a parent group, a subsidiary, a contract manufacturer's end customer). */
export const companyRelations = pgTable(
  "company_relations",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    relatedCompanyId: uuid("related_company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** parent, subsidiary, affiliate or invoice_recipient. */
    relation: text("relation", { enum: RELATIONS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("company_relations_pair_idx").on(t.companyId, t.relatedCompanyId),
    check("company_relations_relation_check", oneOf(t.relation, RELATIONS)),
  ],
);

/**
 * The second step of a sign-in (docs/behaviour/accounts.md#sign-in): the attempt the one-time code is bound to. Its id is the
 * tmp_id the client sends back. Unknown accounts get an attempt too (userId null), so the answer
 * does not tell whether an account exists.
 */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** email (a code was e-mailed) or totp (the authenticator app's code). */
    method: text("method", { enum: LOGIN_METHODS }).notNull(),
    /** SHA-256 of the e-mailed code; null for totp. */
    codeHash: text("code_hash"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_challenges_user_idx").on(t.userId),
    check("login_challenges_method_check", oneOf(t.method, LOGIN_METHODS)),
  ],
);

/**
 * Single-use secrets sent by e-mail: verify_email (a 6-digit code and a link), reset_password (a
 * link) and invitation (a link). Only hashes are stored.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    codeHash: text("code_hash"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_tokens_token_hash_idx").on(t.tokenHash),
    index("email_tokens_user_purpose_idx").on(t.userId, t.purpose),
    check("email_tokens_purpose_check", oneOf(t.purpose, EMAIL_TOKEN_PURPOSES)),
  ],
);

/** Two-factor recovery codes (hashes), each usable once instead of an authenticator code. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * Every e-mail the product sends. Without SMTP_URL this is the outbox a development page lists;
 * with it, the row records the delivery (sentAt) or the failure.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    toAddress: text("to_address").notNull(),
    language: text("language", { enum: LOCALES }).notNull(),
    template: text("template").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    /** SMTP deliveries tried so far; the dispatcher gives up after a bounded number. */
    attempts: integer("attempts").notNull().default(0),
    /**
     * When the dispatcher should try SMTP (next); null once sent or given up, and for mail written
     * while no SMTP server is configured (the outbox table is then its only destination).
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_to_idx").on(sql`lower(${t.toAddress})`, t.createdAt),
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
    check("mail_outbox_language_check", oneOf(t.language, LOCALES)),
  ],
);

/** Raw bytes (bytea); PGlite hands back a Uint8Array, node-postgres a Buffer: both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Files a mail carries (a quote's PDF). Kept beside the outbox row, written in the same transaction,
 * so the dispatcher never sends the mail without them and the development outbox can show them.
 */
export const mailAttachments = pgTable(
  "mail_attachments",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    mailId: uuid("mail_id")
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    content: bytea("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_attachments_mail_idx").on(t.mailId)],
);

/**
 * The append-only activity log (a trigger refuses updates and deletes). kind: system (security
 * events: sign-ins, failures, sessions) or user (changes people made: profile, roles, documents).
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** No foreign keys: entries outlive the users and companies they mention. */
    companyId: uuid("company_id"),
    actorUserId: uuid("actor_user_id"),
    actorName: text("actor_name"),
    kind: text("kind", { enum: ACTIVITY_KINDS }).notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, string | number | boolean | null>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_log_company_created_idx").on(t.companyId, t.createdAt),
    index("activity_log_actor_idx").on(t.actorUserId, t.createdAt),
    /** A document's or a part's own history. */
    index("activity_log_subject_idx").on(t.subjectType, t.subjectId, t.createdAt),
    check("activity_log_kind_check", oneOf(t.kind, ACTIVITY_KINDS)),
  ],
);

/** Fixed-window rate-limit counters shared by every API instance (docs/architecture.md). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * Idempotency keys of POST creations (`Idempotency-Key` header): a retry after a lost answer gets the
 * first answer again instead of creating twice. Scoped to the caller (user id), kept 24 hours.
 * `statusCode` null: the first request is still running.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** Method and route pattern (`POST /api/quotes`): one key cannot be replayed on another route. */
    route: text("route").notNull(),
    /** sha256 of the request body: the same key with another body is refused (422). */
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);

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
 * The operator's redirect rules (docs/behaviour/public-site.md#redirect-rules).
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

// Quotes to cash (issue 5). Money is integer minor units with an ISO currency; documents carry a
// human number (QTN-2026-00042) besides their id; every row of a customer document has company_id.

/** The last number handed out per document kind and year (QTN, SO, DN, INV, MR, CTR). */
export const documentSequences = pgTable(
  "document_sequences",
  {
    kind: text("kind").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/** The operator's non-working days; delivery dates skip them and weekends (docs/behaviour/quotes.md#holidays-and-delivery-dates). */
export const holidays = pgTable(
  "holidays",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    date: date("date", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("holidays_date_idx").on(t.date)],
);

/** Carriers and services the operator ships with, with the price charged (docs/behaviour/quotes.md#parcel-services). */
export const parcelServices = pgTable(
  "parcel_services",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    carrier: text("carrier").notNull(),
    priceMinor: integer("price_minor").notNull(),
    currency: text("currency").notNull().default("EUR"),
    transitDays: integer("transit_days").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("parcel_services_price_check", sql`${t.priceMinor} >= 0`),
    check("parcel_services_transit_check", sql`${t.transitDays} between 0 and 60`),
  ],
);

/**
 * A quotation (docs/behaviour/quotes.md#quote-states). A customer's request starts it In Progress; staff price it and
 * send it (Open); the customer orders all or some lines (Ordered, Partially Ordered) or declines it;
 * staff may mark it Lost; an Open quote past valid_until becomes Expired.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    status: text("status", { enum: QUOTE_STATUSES }).notNull(),
    title: text("title").notNull(),
    customerReference: text("customer_reference"),
    /** What the customer asked for when requesting the quote. */
    requestNotes: text("request_notes"),
    requestedByUserId: uuid("requested_by_user_id").references(() => users.id, { onDelete: "set null" }),
    preparedByUserId: uuid("prepared_by_user_id").references(() => users.id, { onDelete: "set null" }),
    currency: text("currency").notNull().default("EUR"),
    /** Tax rate in basis points (1900 = 19 %). */
    taxRateBp: integer("tax_rate_bp").notNull().default(1900),
    /** How VAT applies (@ems/contracts/tax), by rule from the company or as staff overrode it. */
    taxTreatment: text("tax_treatment", { enum: TAX_TREATMENTS }).notNull().default("domestic"),
    /** The customer's VAT ID when the document was made (a reverse-charge document must show it). */
    customerVatId: text("customer_vat_id"),
    validUntil: date("valid_until", { mode: "string" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("quotes_number_idx").on(t.number),
    index("quotes_company_created_idx").on(t.companyId, t.createdAt),
    index("quotes_company_status_idx").on(t.companyId, t.status),
    index("quotes_open_valid_idx")
      .on(t.validUntil)
      .where(sql`${t.status} = 'Open'`),
    index("quotes_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    check("quotes_status_check", oneOf(t.status, QUOTE_STATUSES)),
    check("quotes_tax_check", sql`${t.taxRateBp} between 0 and 10000`),
    check("quotes_tax_treatment_check", oneOf(t.taxTreatment, TAX_TREATMENTS)),
  ],
);

/** One price tier of a quote line: the unit price at a quantity. */
export interface QuoteTier {
  quantity: number;
  unit_price_minor: number;
}

/** A line of a quote: a board (PCB) or an assembly, priced in quantity tiers. */
export const quoteLines = pgTable(
  "quote_lines",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** assemblies or pcb (docs/behaviour/quotes.md#product-categories). */
    category: text("category", { enum: PRODUCT_CATEGORIES }).notNull(),
    description: text("description").notNull(),
    tiers: jsonb("tiers").$type<QuoteTier[]>().notNull(),
    /** One-off engineering costs (stencil, programming, first-article inspection). */
    engineeringCostMinor: integer("engineering_cost_minor").notNull().default(0),
    /** Working days from order to shipment. */
    leadTimeDays: integer("lead_time_days").notNull(),
    /** Set when the line was ordered. */
    orderedQuantity: integer("ordered_quantity"),
    /** The PCB specification version the line is priced on; frozen from the moment it is referenced. */
    pcbSpecVersionId: uuid("pcb_spec_version_id").references(() => pcbSpecVersions.id, {
      onDelete: "set null",
    }),
    /** The assembly specification version the line is priced on; frozen like a PCB version. */
    assemblySpecVersionId: uuid("assembly_spec_version_id").references(
      (): AnyPgColumn => assemblySpecVersions.id,
      {
        onDelete: "set null",
      },
    ),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("quote_lines_position_idx").on(t.quoteId, t.position),
    index("quote_lines_pcb_spec_version_idx").on(t.pcbSpecVersionId),
    index("quote_lines_assembly_spec_version_idx").on(t.assemblySpecVersionId),
    check("quote_lines_category_check", oneOf(t.category, PRODUCT_CATEGORIES)),
    check("quote_lines_engineering_check", sql`${t.engineeringCostMinor} >= 0`),
    check("quote_lines_lead_time_check", sql`${t.leadTimeDays} between 1 and 365`),
  ],
);

/** An address as it was when a document was issued: later edits of the company do not change it. */
export interface AddressSnapshot {
  recipient: string | null;
  street: string;
  street2: string | null;
  postal_code: string;
  city: string;
  region: string | null;
  country: string;
}

/**
 * Production changes the customer has not been mailed yet: what each changed stage (by its row id)
 * was before, and whether a hold was lifted. The digest compares these with the stages as they are
 * when it goes out, so a change undone meanwhile is not reported.
 */
export interface ProductionDigestState {
  stages: Record<string, { percent: number; planned_date: string | null }>;
  resumed: boolean;
}

/** A sales order placed from a quote (docs/behaviour/orders.md#placing-an-order). */
export const salesOrders = pgTable(
  "sales_orders",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "restrict" }),
    number: text("number").notNull(),
    /** confirmed, in_production, shipped, completed or cancelled. */
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("confirmed"),
    poNumber: text("po_number").notNull(),
    placedByUserId: uuid("placed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    billingAddress: jsonb("billing_address").$type<AddressSnapshot>().notNull(),
    shippingAddress: jsonb("shipping_address").$type<AddressSnapshot>().notNull(),
    parcelServiceId: uuid("parcel_service_id").references(() => parcelServices.id, { onDelete: "set null" }),
    parcelServiceName: text("parcel_service_name").notNull(),
    shippingMinor: integer("shipping_minor").notNull(),
    currency: text("currency").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull(),
    taxTreatment: text("tax_treatment", { enum: TAX_TREATMENTS }).notNull().default("domestic"),
    customerVatId: text("customer_vat_id"),
    subtotalMinor: integer("subtotal_minor").notNull(),
    taxMinor: integer("tax_minor").notNull(),
    totalMinor: integer("total_minor").notNull(),
    termsVersion: text("terms_version").notNull(),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }).notNull(),
    deliveryDate: date("delivery_date", { mode: "string" }).notNull(),
    /** Goes up with every saved production change (stale production forms are refused). */
    productionVersion: integer("production_version").notNull().default(0),
    /** Set while staff hold production, with the reason the customer was mailed. */
    productionHeldAt: timestamp("production_held_at", { withTimezone: true }),
    productionHoldReason: text("production_hold_reason"),
    /** Changes waiting for the production digest, and since when (null: nothing waits). */
    productionDigest: jsonb("production_digest").$type<ProductionDigestState>(),
    productionDigestSince: timestamp("production_digest_since", { withTimezone: true }),
    /** When the last production digest went out: the next waits a day. */
    productionMailedAt: timestamp("production_mailed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sales_orders_number_idx").on(t.number),
    index("sales_orders_digest_idx")
      .on(t.productionDigestSince)
      .where(sql`${t.productionDigestSince} is not null`),
    index("sales_orders_company_created_idx").on(t.companyId, t.createdAt),
    index("sales_orders_quote_idx").on(t.quoteId),
    check("sales_orders_status_check", oneOf(t.status, ORDER_STATUSES)),
    check("sales_orders_tax_treatment_check", oneOf(t.taxTreatment, TAX_TREATMENTS)),
  ],
);

export const salesOrderLines = pgTable(
  "sales_order_lines",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid("order_id")
      .notNull()
      .references(() => salesOrders.id, { onDelete: "cascade" }),
    quoteLineId: uuid("quote_line_id").references(() => quoteLines.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
    category: text("category", { enum: PRODUCT_CATEGORIES }).notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    engineeringCostMinor: integer("engineering_cost_minor").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    leadTimeDays: integer("lead_time_days").notNull(),
    deliveryDate: date("delivery_date", { mode: "string" }).notNull(),
    /** The PCB specification version the line is built to, taken from the quote line when ordered. */
    pcbSpecVersionId: uuid("pcb_spec_version_id").references(() => pcbSpecVersions.id, {
      onDelete: "set null",
    }),
    /** The assembly specification version the line is built to, taken from the quote line. */
    assemblySpecVersionId: uuid("assembly_spec_version_id").references(
      (): AnyPgColumn => assemblySpecVersions.id,
      {
        onDelete: "set null",
      },
    ),
  },
  (t) => [
    uniqueIndex("sales_order_lines_position_idx").on(t.orderId, t.position),
    // An engineering query finds the orders it holds through the version its lines are built to.
    index("sales_order_lines_assembly_version_idx")
      .on(t.assemblySpecVersionId)
      .where(sql`${t.assemblySpecVersionId} is not null`),
    index("sales_order_lines_pcb_version_idx")
      .on(t.pcbSpecVersionId)
      .where(sql`${t.pcbSpecVersionId} is not null`),
    check("sales_order_lines_quantity_check", sql`${t.quantity} > 0`),
    check("sales_order_lines_category_check", oneOf(t.category, PRODUCT_CATEGORIES)),
  ],
);

/**
 * Production progress of one order line (docs/behaviour/orders.md#production-progress), one row per stage
 * of the line's stage set (WORK_ORDER_STAGES), in the order of `position`.
 */
export const workOrderStages = pgTable(
  "work_order_stages",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => salesOrderLines.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: WORK_ORDER_STAGES }).notNull(),
    position: integer("position").notNull(),
    percent: integer("percent").notNull().default(0),
    plannedDate: date("planned_date", { mode: "string" }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("work_order_stages_line_stage_idx").on(t.orderLineId, t.stage),
    check("work_order_stages_percent_check", sql`${t.percent} between 0 and 100`),
    check("work_order_stages_stage_check", oneOf(t.stage, WORK_ORDER_STAGES)),
  ],
);

/**
 * The stages new order lines of a kind get (docs/behaviour/orders.md#production-progress), as staff
 * set them; a kind without a row gets DEFAULT_STAGE_SETS.
 */
export const productionStageSets = pgTable(
  "production_stage_sets",
  {
    kind: text("kind", { enum: PRODUCTION_KINDS }).primaryKey(),
    /** Stage codes in production order. */
    stages: jsonb("stages").$type<(typeof WORK_ORDER_STAGES)[number][]>().notNull(),
    updatedByUserId: uuid("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [check("production_stage_sets_kind_check", oneOf(t.kind, PRODUCTION_KINDS))],
);

/** A line of a delivery note or an invoice, as issued. */
export interface DocumentLineSnapshot {
  position: number;
  description: string;
  quantity: number;
  unit_price_minor: number;
  amount_minor: number;
}

/** A shipment of an order: carrier and tracking number (docs/behaviour/orders.md#delivery-notes). */
export const deliveryNotes = pgTable(
  "delivery_notes",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => salesOrders.id, { onDelete: "restrict" }),
    number: text("number").notNull(),
    carrier: text("carrier").notNull(),
    trackingNumber: text("tracking_number"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }).notNull(),
    shippingAddress: jsonb("shipping_address").$type<AddressSnapshot>().notNull(),
    lines: jsonb("lines").$type<DocumentLineSnapshot[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("delivery_notes_number_idx").on(t.number),
    index("delivery_notes_company_shipped_idx").on(t.companyId, t.shippedAt),
    index("delivery_notes_order_idx").on(t.orderId),
  ],
);

/** A sales invoice; overdue is unpaid past due_date (docs/behaviour/billing.md#invoices). */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => salesOrders.id, { onDelete: "restrict" }),
    number: text("number").notNull(),
    /** unpaid or paid. */
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("unpaid"),
    currency: text("currency").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull(),
    taxTreatment: text("tax_treatment", { enum: TAX_TREATMENTS }).notNull().default("domestic"),
    customerVatId: text("customer_vat_id"),
    subtotalMinor: integer("subtotal_minor").notNull(),
    taxMinor: integer("tax_minor").notNull(),
    totalMinor: integer("total_minor").notNull(),
    billingAddress: jsonb("billing_address").$type<AddressSnapshot>().notNull(),
    lines: jsonb("lines").$type<DocumentLineSnapshot[]>().notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    /** The delivery (service) date the law asks an invoice to state: the order's last shipment. */
    deliveredOn: date("delivered_on", { mode: "string" }),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_number_idx").on(t.number),
    index("invoices_company_issued_idx").on(t.companyId, t.issuedOn),
    index("invoices_order_idx").on(t.orderId),
    check("invoices_status_check", oneOf(t.status, INVOICE_STATUSES)),
    check("invoices_tax_treatment_check", oneOf(t.taxTreatment, TAX_TREATMENTS)),
    check("invoices_total_check", sql`${t.totalMinor} >= 0`),
  ],
);

/**
 * Payments of invoices; an invoice is paid once its succeeded payments reach its total, in parts or
 * more (docs/behaviour/billing.md#payments). The partial unique index lets an invoice have one
 * pending payment at a time (a card charge under way or an announced bank transfer), so two
 * concurrent charges cannot both go through.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    /** bank_transfer, card or manual (recorded by staff). */
    method: text("method", { enum: PAYMENT_RECORD_METHODS }).notNull(),
    provider: text("provider").notNull(),
    providerReference: text("provider_reference"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    /**
     * The day the money was sent or arrived: the transfer date a customer announced, the date staff
     * recorded. Null on card payments and older rows: their day is created_at's.
     */
    paidOn: date("paid_on", { mode: "string" }),
    /** pending (a card charge under way, or a bank transfer announced), succeeded or failed. */
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    failureReason: text("failure_reason"),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_invoice_idx").on(t.invoiceId),
    uniqueIndex("payments_one_pending_per_invoice_idx")
      .on(t.invoiceId)
      .where(sql`${t.status} = 'pending'`),
    check("payments_status_check", oneOf(t.status, PAYMENT_STATUSES)),
    check("payments_method_check", oneOf(t.method, PAYMENT_RECORD_METHODS)),
    check("payments_amount_check", sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A credit note: a correction of an issued invoice, which itself never changes (docs/behaviour/billing.md#credit-notes,
 * ADR 0018). Its own gap-free number series (CN-); the invoice's tax rate, treatment, VAT ID and
 * billing address are copied, so it reads alone as the invoice does. Lines are the credited
 * quantities of the invoice's positions, at the invoice's prices.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    number: text("number").notNull(),
    reason: text("reason").notNull(),
    currency: text("currency").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull(),
    taxTreatment: text("tax_treatment", { enum: TAX_TREATMENTS }).notNull(),
    customerVatId: text("customer_vat_id"),
    billingAddress: jsonb("billing_address").$type<AddressSnapshot>().notNull(),
    lines: jsonb("lines").$type<DocumentLineSnapshot[]>().notNull(),
    subtotalMinor: integer("subtotal_minor").notNull(),
    taxMinor: integer("tax_minor").notNull(),
    totalMinor: integer("total_minor").notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("credit_notes_number_idx").on(t.number),
    index("credit_notes_company_issued_idx").on(t.companyId, t.issuedOn),
    index("credit_notes_invoice_idx").on(t.invoiceId),
    check("credit_notes_tax_treatment_check", oneOf(t.taxTreatment, TAX_TREATMENTS)),
    check("credit_notes_total_check", sql`${t.totalMinor} > 0`),
  ],
);

/** Payment integrations the operator has switched on (docs/behaviour/billing.md#payments). */
export const paymentIntegrations = pgTable("payment_integrations", {
  provider: text("provider").primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  updatedAt: updatedAt(),
});

/** One part a customer supplies for an order. */
export interface MaterialLine {
  mpn: string;
  manufacturer: string | null;
  description: string | null;
  quantity: number;
  packaging: "reel" | "cut_tape" | "tray" | "tube" | "bulk";
}

/** Parts the customer supplies, announced to the operator (docs/behaviour/billing.md#material-requests). */
export const materialRequests = pgTable(
  "material_requests",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").references(() => salesOrders.id, { onDelete: "set null" }),
    number: text("number").notNull(),
    /** announced, received or cancelled. */
    status: text("status", { enum: MATERIAL_REQUEST_STATUSES }).notNull().default("announced"),
    expectedOn: date("expected_on", { mode: "string" }).notNull(),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    notes: text("notes"),
    lines: jsonb("lines").$type<MaterialLine[]>().notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("material_requests_number_idx").on(t.number),
    index("material_requests_company_created_idx").on(t.companyId, t.createdAt),
    check("material_requests_status_check", oneOf(t.status, MATERIAL_REQUEST_STATUSES)),
  ],
);

/** Agreements between the customer and the operator (docs/behaviour/billing.md#contracts). */
export const contracts = pgTable(
  "contracts",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    /** framework, nda, quality or consignment. */
    kind: text("kind", { enum: CONTRACT_KINDS }).notNull(),
    title: text("title").notNull(),
    /** requested (by the customer), active, ended. */
    status: text("status", { enum: CONTRACT_STATUSES }).notNull().default("requested"),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }),
    /** Agreed volume per year in minor units, for framework agreements. */
    annualVolumeMinor: integer("annual_volume_minor"),
    currency: text("currency").notNull().default("EUR"),
    terms: text("terms").notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("contracts_number_idx").on(t.number),
    index("contracts_company_created_idx").on(t.companyId, t.createdAt),
    check("contracts_kind_check", oneOf(t.kind, CONTRACT_KINDS)),
    check("contracts_status_check", oneOf(t.status, CONTRACT_STATUSES)),
  ],
);

/**
 * Messages sent through the public contact form (issue 7): kept so that none is lost when mail fails,
 * with a human reference the sender sees in the confirmation.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    reference: text("reference").notNull().unique(),
    name: text("name").notNull(),
    company: text("company"),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    language: text("language", { enum: LOCALES }).notNull(),
    createdAt: createdAt(),
    /** When staff marked the message handled (issue 20); null: it waits on the back-office home. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledByUserId: uuid("handled_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    // The home's queue: unhandled messages, oldest first.
    index("contact_messages_unhandled_idx")
      .on(t.createdAt)
      .where(sql`${t.handledAt} is null`),
    check("contact_messages_language_check", oneOf(t.language, LOCALES)),
  ],
);

// Files (issue 17): content-addressed bytes in @ems/storage (local disk or S3), described here.

/**
 * Content the storage holds or held, by its SHA-256 (the storage key). One row however many
 * companies uploaded the same bytes; the row stays when the bytes are erased after the last live
 * company_files row left, and the next upload of that content stores the bytes again.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    sha256: text("sha256").primaryKey(),
    size: bigint("size", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("stored_files_sha256_check", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check("stored_files_size_check", sql`${t.size} >= 0`),
  ],
);

/**
 * A company's file: its own name, purpose and uploader for content in stored_files. Each row counts
 * towards its company's quota, also when another company stored the same bytes. Deleting sets
 * deleted_at; the row stays for the record.
 */
export const companyFiles = pgTable(
  "company_files",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    sha256: text("sha256")
      .notNull()
      .references(() => storedFiles.sha256),
    /** The cleaned name (sanitizeFileName of @ems/contracts/files), at most 255 characters. */
    name: text("name").notNull(),
    /** The media type the content was checked to be (application/zip for a Gerber upload). */
    mediaType: text("media_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    /** gerber (later also bom, pick_place, share). */
    purpose: text("purpose", { enum: FILE_PURPOSES }).notNull(),
    uploadedByUserId: uuid("uploaded_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The resumable upload this file came from: answers a client that asks again after the last byte. */
    uploadId: text("upload_id").unique(),
    /** The file-share folder it sits in (purpose share); null: the share's top level. */
    folderId: uuid("folder_id").references((): AnyPgColumn => fileShareFolders.id, { onDelete: "set null" }),
    /** True when the operator's staff put it into the company's space (a test report, a drawing). */
    sharedByOperator: boolean("shared_by_operator").notNull().default(false),
    createdAt: createdAt(),
    /** Share files can be restored for FILE_RESTORE_DAYS after this; other purposes are gone at once. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedByUserId: uuid("deleted_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("company_files_company_created_idx")
      .on(t.companyId, t.createdAt)
      .where(sql`${t.deletedAt} is null`),
    index("company_files_sha256_idx").on(t.sha256),
    index("company_files_folder_idx").on(t.folderId),
    check("company_files_purpose_check", oneOf(t.purpose, FILE_PURPOSES)),
    check(
      "company_files_name_check",
      sql`char_length(${t.name}) between 1 and ${sql.raw(String(FILE_NAME_MAX))}`,
    ),
    check("company_files_size_check", sql`${t.size} >= 0`),
  ],
);

/**
 * A folder of a company's file share (issue 21), optionally tied to an order or a specification so
 * the files about it sit together. Names are unique among a folder's siblings, ignoring case.
 */
export const fileShareFolders = pgTable(
  "file_share_folders",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => fileShareFolders.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    salesOrderId: uuid("sales_order_id").references(() => salesOrders.id, { onDelete: "set null" }),
    assemblySpecId: uuid("assembly_spec_id").references((): AnyPgColumn => assemblySpecs.id, {
      onDelete: "set null",
    }),
    pcbSpecId: uuid("pcb_spec_id").references((): AnyPgColumn => pcbSpecs.id, { onDelete: "set null" }),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("file_share_folders_sibling_name_idx").on(
      t.companyId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    index("file_share_folders_parent_idx").on(t.parentId),
    check(
      "file_share_folders_name_check",
      sql`char_length(${t.name}) between 1 and ${sql.raw(String(FOLDER_NAME_MAX))}`,
    ),
  ],
);

/**
 * An engineering query (issue 21, docs/behaviour/engineering.md): a question staff ask about one
 * assembly or PCB specification version, pinned to where it applies. `version` goes up with every
 * change, so two people settling the same query cannot both succeed.
 */
export const engineeringQueries = pgTable(
  "engineering_queries",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** EQ-<year>-<serial> from nextDocumentNumber. */
    number: text("number").notNull(),
    assemblySpecVersionId: uuid("assembly_spec_version_id").references(
      (): AnyPgColumn => assemblySpecVersions.id,
      { onDelete: "cascade" },
    ),
    pcbSpecVersionId: uuid("pcb_spec_version_id").references((): AnyPgColumn => pcbSpecVersions.id, {
      onDelete: "cascade",
    }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    location: jsonb("location").$type<QueryLocation>().notNull(),
    /** The answers staff offer; the customer may also answer in their own words. */
    options: jsonb("options").$type<string[]>().notNull(),
    status: text("status", { enum: QUERY_STATUSES }).notNull().default("open"),
    raisedByUserId: uuid("raised_by_user_id").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedByUserId: uuid("closed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** When the customer was last reminded of the open query, and how often. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    reminderCount: integer("reminder_count").notNull().default(0),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("engineering_queries_number_idx").on(t.number),
    index("engineering_queries_company_status_idx").on(t.companyId, t.status, t.createdAt),
    index("engineering_queries_assembly_version_idx").on(t.assemblySpecVersionId),
    index("engineering_queries_pcb_version_idx").on(t.pcbSpecVersionId),
    index("engineering_queries_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    check("engineering_queries_status_check", oneOf(t.status, QUERY_STATUSES)),
    check(
      "engineering_queries_subject_check",
      sql`num_nonnulls(${t.assemblySpecVersionId}, ${t.pcbSpecVersionId}) = 1`,
    ),
    check("engineering_queries_version_check", sql`${t.version} >= 1`),
  ],
);

/** The thread of a query: the question first, then replies and staff's closing or withdrawing words. */
export const engineeringQueryMessages = pgTable(
  "engineering_query_messages",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    queryId: uuid("query_id")
      .notNull()
      .references(() => engineeringQueries.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: QUERY_MESSAGE_KINDS }).notNull(),
    side: text("side", { enum: QUERY_SIDES }).notNull(),
    authorUserId: uuid("author_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's name as it was, so the thread reads the same after the user is gone. */
    authorName: text("author_name").notNull(),
    /** The offered option chosen (index into the query's options), on a reply. */
    optionIndex: integer("option_index"),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [
    index("engineering_query_messages_query_idx").on(t.queryId, t.createdAt),
    check("engineering_query_messages_kind_check", oneOf(t.kind, QUERY_MESSAGE_KINDS)),
    check("engineering_query_messages_side_check", oneOf(t.side, QUERY_SIDES)),
    check("engineering_query_messages_option_check", sql`${t.optionIndex} is null or ${t.optionIndex} >= 0`),
  ],
);

/** Files attached to a thread entry (purpose query, in the customer company's files). */
export const engineeringQueryFiles = pgTable(
  "engineering_query_files",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => engineeringQueryMessages.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => companyFiles.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.fileId] }),
    index("engineering_query_files_file_idx").on(t.fileId),
  ],
);

// PCB specifications (issue 17, ADR 0014): a specification is a numbered name for a board; what
// it is built to lives in its versions, each a new row, so a quoted or ordered version never changes.

/** A company's PCB specification; archived ones leave the default list but keep their versions. */
export const pcbSpecs = pgTable(
  "pcb_specs",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** PCB-<year>-<serial> from nextDocumentNumber. */
    number: text("number").notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** Written by staff, shown to the customer. */
    staffNote: text("staff_note"),
    staffNoteAt: timestamp("staff_note_at", { withTimezone: true }),
    staffNoteByUserId: uuid("staff_note_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("pcb_specs_number_idx").on(t.number),
    index("pcb_specs_company_created_idx").on(t.companyId, t.createdAt),
    check(
      "pcb_specs_staff_note_check",
      sql`char_length(${t.staffNote}) <= ${sql.raw(String(PCB_STAFF_NOTE_MAX))}`,
    ),
  ],
);

/**
 * One version of a specification: the fields (pcbSpecFieldsSchema, checked before writing), the
 * Gerber zip it refers to and what the analysis of that zip found. Frozen once quoted or ordered.
 */
export const pcbSpecVersions = pgTable(
  "pcb_spec_versions",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    specId: uuid("spec_id")
      .notNull()
      .references(() => pcbSpecs.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    gerberFileId: uuid("gerber_file_id").references(() => companyFiles.id),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    frozenAt: timestamp("frozen_at", { withTimezone: true }),
    frozenReason: text("frozen_reason", { enum: PCB_FROZEN_REASONS }),
    analysis: jsonb("analysis").$type<Record<string, unknown>>(),
    analysisStatus: text("analysis_status", { enum: PCB_ANALYSIS_STATUSES }).notNull().default("none"),
    /** Why the analysis failed (a reason code), when it did. */
    analysisError: text("analysis_error"),
    previewTopSha256: text("preview_top_sha256"),
    previewBottomSha256: text("preview_bottom_sha256"),
  },
  (t) => [
    uniqueIndex("pcb_spec_versions_spec_version_idx").on(t.specId, t.version),
    index("pcb_spec_versions_gerber_idx").on(t.gerberFileId),
    check("pcb_spec_versions_version_check", sql`${t.version} >= 1`),
    check("pcb_spec_versions_frozen_reason_check", oneOf(t.frozenReason, PCB_FROZEN_REASONS)),
    check("pcb_spec_versions_analysis_status_check", oneOf(t.analysisStatus, PCB_ANALYSIS_STATUSES)),
  ],
);

// The customer's parts (issue 18): the company's item master and the MPNs that are each part.

export const customerParts = pgTable(
  "customer_parts",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    partNumber: text("part_number").notNull(),
    /** upper(part_number): "p-00012" and "P-00012" are one number. */
    partNumberKey: text("part_number_key").notNull(),
    description: text("description").notNull(),
    type: text("type", { enum: PART_TYPES }).notNull(),
    msl: text("msl", { enum: MSL_LEVELS }),
    lifecycle: text("lifecycle", { enum: PART_LIFECYCLES }),
    polarized: boolean("polarized").notNull().default(false),
    valuationMinor: integer("valuation_minor"),
    valuationCurrency: text("valuation_currency"),
    comment: text("comment"),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("customer_parts_company_number_idx").on(t.companyId, t.partNumberKey),
    index("customer_parts_company_updated_idx").on(t.companyId, t.updatedAt),
    check("customer_parts_type_check", oneOf(t.type, PART_TYPES)),
    check("customer_parts_msl_check", oneOf(t.msl, MSL_LEVELS)),
    check("customer_parts_lifecycle_check", oneOf(t.lifecycle, PART_LIFECYCLES)),
    check(
      "customer_parts_valuation_check",
      sql`(${t.valuationMinor} is null) = (${t.valuationCurrency} is null) and coalesce(${t.valuationMinor}, 0) >= 0`,
    ),
    check(
      "customer_parts_text_check",
      sql`char_length(${t.partNumber}) between 1 and ${sql.raw(String(PART_LIMITS.partNumber))} and char_length(${t.description}) between 1 and ${sql.raw(String(PART_LIMITS.description))} and coalesce(char_length(${t.comment}), 0) <= ${sql.raw(String(PART_LIMITS.comment))}`,
    ),
  ],
);

/** A manufacturer part number of a customer part; one company never has the same MPN on two parts. */
export const customerPartMpns = pgTable(
  "customer_part_mpns",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    partId: uuid("part_id")
      .notNull()
      .references(() => customerParts.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** As entered. */
    manufacturer: text("manufacturer"),
    /** The canonical manufacturer (@ems/bom/manufacturers) the name resolves to, when known. */
    manufacturerId: text("manufacturer_id"),
    mpn: text("mpn").notNull(),
    /** normaliseMpn(mpn): what BOM lines and searches compare. */
    mpnKey: text("mpn_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customer_part_mpns_company_key_idx").on(t.companyId, t.mpnKey),
    index("customer_part_mpns_part_idx").on(t.partId),
  ],
);

/** A company's item code series; a company without a row numbers from the defaults (P-00001). */
export const partSeries = pgTable("part_series", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  prefix: text("prefix").notNull(),
  digits: integer("digits").notNull(),
  nextNumber: integer("next_number").notNull(),
});

// Assembly specifications (issue 18): versioned like PCB specifications. Bills of materials and
// pick-and-place data belong to the specification; each version names the ones it was saved with.

export const assemblySpecs = pgTable(
  "assembly_specs",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** PCBA-<year>-<serial> from nextDocumentNumber. */
    number: text("number").notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("assembly_specs_number_idx").on(t.number),
    index("assembly_specs_company_created_idx").on(t.companyId, t.createdAt),
  ],
);

/** One BOM version: the file it was read from and how, or the edit that made it. */
export const bomVersions = pgTable(
  "bom_versions",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    assemblyId: uuid("assembly_id")
      .notNull()
      .references(() => assemblySpecs.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    sourceFileId: uuid("source_file_id").references(() => companyFiles.id),
    sourceName: text("source_name"),
    format: text("format"),
    encoding: text("encoding"),
    tool: text("tool"),
    headerRow: integer("header_row"),
    headers: jsonb("headers").$type<string[]>().notNull(),
    mapping: jsonb("mapping").$type<(string | null)[]>().notNull(),
    problems: jsonb("problems").$type<{ row: number; reason: string; detail: string | null }[]>().notNull(),
    /** What an edit changed ("line 12: value"); null for an import. */
    change: text("change"),
    /** When staff released this version as the production BOM. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    releasedByUserId: uuid("released_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bom_versions_assembly_version_idx").on(t.assemblyId, t.version),
    check("bom_versions_version_check", sql`${t.version} >= 1`),
  ],
);

export const bomLines = pgTable(
  "bom_lines",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bomVersionId: uuid("bom_version_id")
      .notNull()
      .references(() => bomVersions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    sourceRow: integer("source_row"),
    designators: jsonb("designators").$type<string[]>().notNull(),
    quantity: integer("quantity").notNull(),
    value: text("value"),
    footprint: text("footprint"),
    description: text("description"),
    parts: jsonb("parts").$type<{ manufacturer: string | null; mpn: string }[]>().notNull(),
    supplier: text("supplier"),
    supplierPart: text("supplier_part"),
    dnp: boolean("dnp").notNull().default(false),
    fileComment: text("file_comment"),
    comment: text("comment"),
    warnings: jsonb("warnings").$type<string[]>().notNull(),
    statedQuantity: integer("stated_quantity"),
    partId: uuid("part_id").references(() => customerParts.id, { onDelete: "set null" }),
    matchStatus: text("match_status", { enum: BOM_MATCH_STATUSES }).notNull(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedByUserId: uuid("reviewed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The customer supplies this line's parts (partly consigned assemblies); set by staff. */
    consigned: boolean("consigned").notNull().default(false),
    substitution: jsonb("substitution").$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex("bom_lines_version_position_idx").on(t.bomVersionId, t.position),
    index("bom_lines_part_idx").on(t.partId),
    check("bom_lines_match_status_check", oneOf(t.matchStatus, BOM_MATCH_STATUSES)),
    check("bom_lines_quantity_check", sql`${t.quantity} >= 0`),
  ],
);

/** A pick-and-place import: placements in mm as read, and the rows that could not be read. */
export const placementSets = pgTable(
  "placement_sets",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    assemblyId: uuid("assembly_id")
      .notNull()
      .references(() => assemblySpecs.id, { onDelete: "cascade" }),
    sourceFileId: uuid("source_file_id").references(() => companyFiles.id),
    sourceName: text("source_name").notNull(),
    tool: text("tool").notNull(),
    unit: text("unit").notNull(),
    panelCopies: integer("panel_copies").notNull(),
    /** Where the coordinates start on the board, as detected or as the customer confirmed it. */
    origin: text("origin", { enum: PNP_ORIGINS }).notNull().default("lower_left"),
    placements: jsonb("placements").$type<Record<string, unknown>[]>().notNull(),
    problems: jsonb("problems").$type<{ row: number; reason: string; detail: string | null }[]>().notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("placement_sets_assembly_created_idx").on(t.assemblyId, t.createdAt),
    check("placement_sets_origin_check", oneOf(t.origin, PNP_ORIGINS)),
  ],
);

export const assemblySpecVersions = pgTable(
  "assembly_spec_versions",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    specId: uuid("spec_id")
      .notNull()
      .references(() => assemblySpecs.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    pcbSpecVersionId: uuid("pcb_spec_version_id").references(() => pcbSpecVersions.id),
    bomVersionId: uuid("bom_version_id").references(() => bomVersions.id),
    placementSetId: uuid("placement_set_id").references(() => placementSets.id),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    frozenAt: timestamp("frozen_at", { withTimezone: true }),
    frozenReason: text("frozen_reason", { enum: ASSEMBLY_FROZEN_REASONS }),
  },
  (t) => [
    uniqueIndex("assembly_spec_versions_spec_version_idx").on(t.specId, t.version),
    index("assembly_spec_versions_pcb_idx").on(t.pcbSpecVersionId),
    check("assembly_spec_versions_version_check", sql`${t.version} >= 1`),
    check("assembly_spec_versions_frozen_reason_check", oneOf(t.frozenReason, ASSEMBLY_FROZEN_REASONS)),
  ],
);

/** The column mapping a company confirmed for a BOM header, reused for the next file with it. */
export const bomColumnMappings = pgTable(
  "bom_column_mappings",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The normalised header cells joined: files from the same export share it. */
    headerKey: text("header_key").notNull(),
    mapping: jsonb("mapping").$type<(string | null)[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.headerKey] })],
);
