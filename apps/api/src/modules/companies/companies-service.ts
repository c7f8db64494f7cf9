import { createHash, randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import {
  INVITATION_VALID_DAYS,
  type AcceptInvitation,
  type AddressCreate,
  type AddressUpdate,
  type CompanyAddress,
  type CompanyContact,
  type CompanyDetails,
  type CompanyUpdate,
  type CompanyUser,
  type ContactCreate,
  type ContactUpdate,
  type Invitation,
  type InviteUser,
  type RelatedCompany,
} from "@ems/contracts/companies";
import { ERROR_CODES } from "@ems/contracts/errors";
import type { CompanyRole } from "@ems/contracts/roles";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import type { Locale } from "@ems/i18n/locales";
import { AppError, badRequest, notFound } from "../../lib/app-error.ts";
import { hashPassword, passwordProblem } from "../../lib/passwords.ts";
import { publicLink } from "../../lib/public-url.ts";
import { recordActivity } from "../activity/activity-service.ts";
import { endUserSessions } from "../auth/session-service.ts";
import { parcelService } from "../reference/reference-service.ts";
import {
  closeInvitationTokens,
  consumeToken,
  countCompanyRows,
  deleteAddress,
  findAddress,
  findCompany,
  findMember,
  findOpenInvitation,
  insertAddress,
  insertContact,
  insertInvitedUser,
  isEmailTaken,
  issueInvitationToken,
  listAddresses,
  listContacts,
  listMembers,
  listRelatedCompanies,
  lockAcceptedAdmins,
  moveAddressFlag,
  setUserFields,
  updateAddress as updateAddressRow,
  updateCompany,
  updateContact as updateContactRow,
  updateMember,
  type AddressRow,
  type ContactRow,
  type MemberWithUser,
} from "./companies-repository.ts";
import type { RequestContext } from "../../plugins/request-context.ts";

export type CompanyContext = Pick<
  RequestContext,
  "db" | "mailer" | "auth" | "tenant" | "actor" | "publicUrl" | "request"
>;

export interface InvitationContext {
  db: Database;
  request: FastifyRequest;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const blankToNull = (value: string | undefined) => (value === undefined || value === "" ? null : value);
const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

// Company details

export async function getCompany(ctx: CompanyContext): Promise<CompanyDetails> {
  const company = await findCompany(ctx.db, ctx.tenant);
  if (!company) throw notFound("No such company");
  const counts = await countCompanyRows(ctx.db, company.id);
  return {
    id: company.id,
    name: company.name,
    vat_id: company.vatId,
    country: company.country,
    phone: company.phone,
    website: company.website,
    default_parcel_service_id: company.defaultParcelServiceId,
    counts,
  };
}

export async function editCompany(ctx: CompanyContext, input: CompanyUpdate): Promise<CompanyDetails> {
  const defaultParcelServiceId = blankToNull(input.default_parcel_service_id);
  await ctx.db.transaction(async (tx) => {
    if (defaultParcelServiceId !== null && !(await parcelService(tx, defaultParcelServiceId))?.active)
      throw badRequest(
        ERROR_CODES.validation,
        "No such parcel service is offered",
        "default_parcel_service_id",
      );
    await updateCompany(tx, ctx.tenant, {
      name: input.name,
      country: input.country,
      vatId: blankToNull(input.vat_id),
      phone: blankToNull(input.phone),
      website: blankToNull(input.website),
      defaultParcelServiceId,
    });
    await recordActivity(tx, {
      action: "company.updated",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "company", id: ctx.tenant },
      request: ctx.request,
    });
  });
  return getCompany(ctx);
}

export async function relatedCompanies(ctx: CompanyContext): Promise<RelatedCompany[]> {
  const rows = await listRelatedCompanies(ctx.db, ctx.tenant);
  return rows.map((row) => ({
    id: row.id,
    company_id: row.companyId,
    name: row.name,
    country: row.country,
    relation: row.relation as RelatedCompany["relation"],
  }));
}

// Addresses

function addressDto(row: AddressRow): CompanyAddress {
  return {
    id: row.id,
    label: row.label,
    recipient: row.recipient,
    street: row.street,
    street2: row.street2,
    postal_code: row.postalCode,
    city: row.city,
    region: row.region,
    country: row.country,
    is_billing: row.isBilling,
    is_shipping: row.isShipping,
  };
}

export async function addresses(ctx: CompanyContext): Promise<CompanyAddress[]> {
  return (await listAddresses(ctx.db, ctx.tenant)).map(addressDto);
}

/** The address fields of a create or edit request as stored; blank optional lines become null. */
function addressColumns(input: AddressCreate | AddressUpdate) {
  return {
    label: input.label,
    recipient: blankToNull(input.recipient),
    street: input.street,
    street2: blankToNull(input.street2),
    postalCode: input.postal_code,
    city: input.city,
    region: blankToNull(input.region),
    country: input.country,
  };
}

export async function createAddress(ctx: CompanyContext, input: AddressCreate): Promise<CompanyAddress> {
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertAddress(tx, { companyId: ctx.tenant, ...addressColumns(input) });
    await recordActivity(tx, {
      action: "company.address_created",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "address", id: row.id },
      details: { label: row.label },
      request: ctx.request,
    });
    for (const flag of ["billing", "shipping"] as const) {
      if (input[`is_${flag}`]) await flagAddress(ctx, tx, row.id, flag);
    }
    return row.id;
  });
  const row = await findAddress(ctx.db, ctx.tenant, created);
  if (!row) throw notFound();
  return addressDto(row);
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function flagAddress(ctx: CompanyContext, tx: Tx, id: string, flag: "billing" | "shipping") {
  await moveAddressFlag(tx, ctx.tenant, id, flag);
  await recordActivity(tx, {
    action: flag === "billing" ? "company.address_billing" : "company.address_shipping",
    companyId: ctx.tenant,
    actor: ctx.actor,
    subject: { type: "address", id },
    request: ctx.request,
  });
}

/**
 * Update an address as billing / as shipping (docs/behaviour/accounts.md#company): the flag moves in
 * one transaction.
 */
export async function useAddressAs(
  ctx: CompanyContext,
  id: string,
  flag: "billing" | "shipping",
): Promise<CompanyAddress[]> {
  await ctx.db.transaction(async (tx) => {
    const row = await findAddress(tx, ctx.tenant, id);
    if (!row) throw notFound("No such address");
    if (flag === "billing" ? row.isBilling : row.isShipping) return;
    await flagAddress(ctx, tx, id, flag);
  });
  return addresses(ctx);
}

/**
 * Change an address (docs/behaviour/accounts.md#company). A flag set in the input moves that role
 * here; a cleared one is ignored, so the company never loses its billing or shipping address by an
 * edit (the partial unique indexes keep one of each).
 */
export async function editAddress(
  ctx: CompanyContext,
  id: string,
  input: AddressUpdate,
): Promise<CompanyAddress> {
  await ctx.db.transaction(async (tx) => {
    const row = await findAddress(tx, ctx.tenant, id);
    if (!row) throw notFound("No such address");
    await updateAddressRow(tx, ctx.tenant, id, addressColumns(input));
    await recordActivity(tx, {
      action: "company.address_updated",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "address", id },
      details: { label: input.label },
      request: ctx.request,
    });
    if (input.is_billing && !row.isBilling) await flagAddress(ctx, tx, id, "billing");
    if (input.is_shipping && !row.isShipping) await flagAddress(ctx, tx, id, "shipping");
  });
  const row = await findAddress(ctx.db, ctx.tenant, id);
  if (!row) throw notFound("No such address");
  return addressDto(row);
}

/**
 * Delete an address (docs/behaviour/accounts.md#company). The billing and the shipping address cannot
 * be deleted (409 ADDRESS_IN_USE): documents need them, so another address must take the role first.
 */
export async function removeAddress(ctx: CompanyContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findAddress(tx, ctx.tenant, id);
    if (!row) throw notFound("No such address");
    if (row.isBilling || row.isShipping)
      throw new AppError(
        409,
        "ADDRESS_IN_USE",
        "This is the billing or shipping address: choose another one for that first",
      );
    await deleteAddress(tx, ctx.tenant, id);
    await recordActivity(tx, {
      action: "company.address_deleted",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "address", id },
      details: { label: row.label },
      request: ctx.request,
    });
  });
}

// Contacts

function contactDto(row: ContactRow): CompanyContact {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    position: row.position,
  };
}

export async function contacts(ctx: CompanyContext): Promise<CompanyContact[]> {
  return (await listContacts(ctx.db, ctx.tenant)).map(contactDto);
}

export async function createContact(ctx: CompanyContext, input: ContactCreate): Promise<CompanyContact> {
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertContact(tx, {
      companyId: ctx.tenant,
      firstName: input.first_name,
      lastName: input.last_name,
      email: blankToNull(input.email),
      phone: blankToNull(input.phone),
      position: blankToNull(input.position),
    });
    await recordActivity(tx, {
      action: "company.contact_created",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "contact", id: created.id },
      request: ctx.request,
    });
    return created;
  });
  return contactDto(row);
}

/** Change a contact (docs/behaviour/accounts.md#company); empty optional fields clear them. */
export async function editContact(
  ctx: CompanyContext,
  id: string,
  input: ContactUpdate,
): Promise<CompanyContact> {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateContactRow(tx, ctx.tenant, id, {
      firstName: input.first_name,
      lastName: input.last_name,
      email: blankToNull(input.email),
      phone: blankToNull(input.phone),
      position: blankToNull(input.position),
    });
    if (!updated) throw notFound("No such contact");
    await recordActivity(tx, {
      action: "company.contact_updated",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "contact", id },
      request: ctx.request,
    });
    return updated;
  });
  return contactDto(row);
}

// Users

function userDto(ctx: CompanyContext, row: MemberWithUser): CompanyUser {
  return {
    id: row.user.id,
    first_name: row.user.firstName,
    last_name: row.user.lastName,
    full_name: `${row.user.firstName} ${row.user.lastName}`.trim(),
    email: row.user.email,
    language: row.user.language,
    role: row.member.role,
    status: row.member.status,
    invited_at: row.member.createdAt.toISOString(),
    accepted_at: iso(row.member.acceptedAt),
    last_sign_in_at: iso(row.lastSignInAt),
    is_self: row.user.id === ctx.auth.user.id,
  };
}

export async function companyUsers(ctx: CompanyContext): Promise<CompanyUser[]> {
  return (await listMembers(ctx.db, ctx.tenant)).map((row) => userDto(ctx, row));
}

async function loadMember(ctx: CompanyContext, userId: string): Promise<CompanyUser> {
  const row = await findMember(ctx.db, ctx.tenant, userId);
  if (!row) throw notFound("No such user");
  return userDto(ctx, row);
}

/** A random 32-byte link token (base64url, 43 characters); only its SHA-256 is stored. */
function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

async function sendInvitation(
  ctx: CompanyContext,
  invitee: { email: string; firstName: string; language: Locale },
  token: string,
  role: CompanyRole,
) {
  const { language } = invitee;
  const company = await findCompany(ctx.db, ctx.tenant);
  await ctx.mailer.send({
    to: invitee.email,
    language,
    template: "invitation",
    values: {
      name: invitee.firstName,
      company: company?.name ?? "",
      inviter: ctx.actor.name,
      role,
      days: INVITATION_VALID_DAYS,
      url: publicLink(ctx.publicUrl, { page: "register", query: { invitation: token } }, language),
    },
  });
}

/**
 * Create a user and invite them (docs/behaviour/accounts.md#company). An address that already has an
 * account is refused with 409 EMAIL_IN_USE: company administrators may learn that an address is
 * registered (accepted risk; the answer says nothing about which company it belongs to).
 */
export async function inviteUser(ctx: CompanyContext, input: InviteUser): Promise<CompanyUser> {
  const email = input.email.trim();
  const token = newLinkToken();
  const user = await ctx.db.transaction(async (tx) => {
    if (await isEmailTaken(tx, email))
      throw new AppError(409, "EMAIL_IN_USE", "This e-mail address already has an account", {
        field: "email",
      });
    const created = await insertInvitedUser(tx, {
      companyId: ctx.tenant,
      invitedBy: ctx.auth.user.id,
      role: input.role,
      user: { email, firstName: input.first_name, lastName: input.last_name, language: input.language },
    });
    await issueInvitationToken(
      tx,
      created.id,
      sha256(token),
      new Date(Date.now() + INVITATION_VALID_DAYS * DAY_MS),
    );
    await recordActivity(tx, {
      action: "company.user_invited",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "user", id: created.id },
      details: { role: input.role },
      request: ctx.request,
    });
    return created;
  });
  await sendInvitation(ctx, user, token, input.role);
  return loadMember(ctx, user.id);
}

export async function resendInvitation(ctx: CompanyContext, userId: string): Promise<CompanyUser> {
  const row = await findMember(ctx.db, ctx.tenant, userId);
  if (!row) throw notFound("No such user");
  if (row.member.status !== "invited")
    throw new AppError(409, "NOT_INVITED", "This user has no open invitation");
  const token = newLinkToken();
  await ctx.db.transaction(async (tx) => {
    await issueInvitationToken(
      tx,
      userId,
      sha256(token),
      new Date(Date.now() + INVITATION_VALID_DAYS * DAY_MS),
    );
    await recordActivity(tx, {
      action: "company.user_invited",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "user", id: userId },
      details: { role: row.member.role, resent: true },
      request: ctx.request,
    });
  });
  await sendInvitation(ctx, row.user, token, row.member.role);
  return userDto(ctx, row);
}

const lastAdmin = () =>
  new AppError(409, "LAST_ADMIN", "The company needs at least one administrator: appoint another one first");

/**
 * Refuses a change that would leave the company without an accepted administrator. Locks the
 * administrators' memberships, so two admins demoting each other at once cannot both succeed.
 */
async function assertNotLastAdmin(ctx: CompanyContext, tx: Tx, target: MemberWithUser) {
  if (target.member.role !== "admin" || target.member.status !== "accepted") return;
  const admins = await lockAcceptedAdmins(tx, ctx.tenant);
  if (admins.filter((id) => id !== target.user.id).length === 0) throw lastAdmin();
}

/** update_user_role (docs/behaviour/accounts.md#roles-and-permissions); the user is told by e-mail. */
export async function changeUserRole(
  ctx: CompanyContext,
  userId: string,
  role: CompanyRole,
): Promise<CompanyUser> {
  const changed = await ctx.db.transaction(async (tx) => {
    const row = await findMember(tx, ctx.tenant, userId, true);
    if (!row) throw notFound("No such user");
    if (row.member.role === role) return null;
    if (role !== "admin") await assertNotLastAdmin(ctx, tx, row);
    await updateMember(tx, ctx.tenant, userId, { role });
    await recordActivity(tx, {
      action: "company.user_role_changed",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "user", id: userId },
      details: { from: row.member.role, to: role },
      request: ctx.request,
    });
    return row;
  });
  if (changed && changed.member.status === "accepted") {
    const company = await findCompany(ctx.db, ctx.tenant);
    await ctx.mailer.send({
      to: changed.user.email,
      language: changed.user.language,
      template: "role_changed",
      values: { name: changed.user.firstName, company: company?.name ?? "", role },
    });
  }
  return loadMember(ctx, userId);
}

/** Disables a membership: the user's sessions end at once (and are revoked); open invitations close. */
export async function disableUser(ctx: CompanyContext, userId: string): Promise<CompanyUser> {
  await ctx.db.transaction(async (tx) => {
    const row = await findMember(tx, ctx.tenant, userId, true);
    if (!row) throw notFound("No such user");
    if (row.member.status === "disabled") return;
    await assertNotLastAdmin(ctx, tx, row);
    const now = new Date();
    await updateMember(tx, ctx.tenant, userId, { status: "disabled" });
    await endUserSessions(tx, userId, null, now);
    await closeInvitationTokens(tx, userId, now);
    await recordActivity(tx, {
      action: "company.user_disabled",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "user", id: userId },
      request: ctx.request,
    });
  });
  return loadMember(ctx, userId);
}

/**
 * Enables a disabled membership again: accepted if the user had accepted before, else invited
 * (an administrator then resends the invitation).
 */
export async function enableUser(ctx: CompanyContext, userId: string): Promise<CompanyUser> {
  await ctx.db.transaction(async (tx) => {
    const row = await findMember(tx, ctx.tenant, userId, true);
    if (!row) throw notFound("No such user");
    if (row.member.status !== "disabled") return;
    await updateMember(tx, ctx.tenant, userId, {
      status: row.member.acceptedAt && row.user.passwordHash ? "accepted" : "invited",
    });
    await recordActivity(tx, {
      action: "company.user_enabled",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "user", id: userId },
      request: ctx.request,
    });
  });
  return loadMember(ctx, userId);
}

// Invitations (public)

const invitationGone = () => notFound("This invitation is unknown, used or expired");

export async function getInvitation(ctx: InvitationContext, token: string): Promise<Invitation> {
  const row = await findOpenInvitation(ctx.db, sha256(token), new Date());
  if (!row) throw invitationGone();
  return {
    company_name: row.companyName,
    email: row.user.email,
    first_name: row.user.firstName,
    last_name: row.user.lastName,
    role: row.member.role,
    language: row.user.language,
  };
}

/** Accepts an invitation: password set, address verified (the link proved it), membership accepted. */
export async function acceptInvitation(
  ctx: InvitationContext,
  input: AcceptInvitation,
): Promise<{ email: string }> {
  const row = await findOpenInvitation(ctx.db, sha256(input.token), new Date());
  if (!row) throw invitationGone();
  const problem = passwordProblem(input.password, [row.user.email, input.first_name, input.last_name]);
  if (problem)
    throw new AppError(400, `PASSWORD_${problem.toUpperCase()}`, "The password does not meet the rules", {
      field: "password",
    });
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    if (!(await consumeToken(tx, row.token.id, now))) throw invitationGone();
    await setUserFields(tx, row.user.id, {
      firstName: input.first_name,
      lastName: input.last_name,
      language: input.language,
      passwordHash,
      passwordChangedAt: now,
      emailVerifiedAt: row.user.emailVerifiedAt ?? now,
    });
    await updateMember(tx, row.member.companyId, row.user.id, { status: "accepted", acceptedAt: now });
    await recordActivity(tx, {
      action: "company.invitation_accepted",
      companyId: row.member.companyId,
      actor: { id: row.user.id, name: `${input.first_name} ${input.last_name}`.trim() },
      subject: { type: "user", id: row.user.id },
      details: { role: row.member.role },
      request: ctx.request,
    });
  });
  return { email: row.user.email };
}

/** One of the company's addresses as stored, or null (orders copy it when they are placed). */
export function companyAddress(db: Executor, companyId: string, id: string): Promise<AddressRow | null> {
  return findAddress(db, companyId, id);
}

export type { AddressRow };
