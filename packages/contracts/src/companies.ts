import { z } from "zod";
import { optionalHttpUrl, singleLine } from "./text.ts";
import { refineVatId } from "./tax.ts";
import { LOCALES } from "@ems/i18n/locales";
import { COMPANY_ROLES } from "./roles.ts";
import { companyMembersWith, defineEndpoints, PUBLIC } from "./endpoints.ts";
import { emptyBodySchema } from "./auth.ts";

/**
 * Company (docs/behaviour/accounts.md#company): the signed-in customer's own company (details, related companies, addresses,
 * contacts, users and invitations). The tenant is always the caller's company; ids of another
 * company answer 404 like missing ones.
 */

const text = (max: number) => singleLine().min(1).max(max);
/** Optional text: omitted or an empty string both mean "none". */
const optionalText = (max: number) => singleLine().max(max).optional();
const countryCode = z.string().regex(/^[A-Z]{2}$/, "an ISO 3166 alpha-2 code");
const email = z.email().max(254);

export const MEMBER_STATUSES = ["invited", "accepted", "disabled"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const RELATIONS = ["parent", "subsidiary", "affiliate", "invoice_recipient"] as const;

/** Days an invitation link stays valid. */
export const INVITATION_VALID_DAYS = 7;

export const idParamSchema = z.strictObject({ id: z.uuid() });

export const companySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    vat_id: z.string().nullable(),
    country: z.string(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    /** The parcel service orders start with; null: the cheapest one offered in the quote's currency. */
    default_parcel_service_id: z.uuid().nullable(),
    counts: z.object({
      users: z.number().int(),
      addresses: z.number().int(),
      contacts: z.number().int(),
      related: z.number().int(),
    }),
  })
  .meta({ id: "Company" });

export const companyUpdateSchema = z
  .strictObject({
    name: text(200),
    country: countryCode,
    vat_id: optionalText(40),
    phone: optionalText(40),
    website: optionalHttpUrl(200),
    /** An active parcel service; omitted or empty: none, orders start with the cheapest. */
    default_parcel_service_id: z.union([z.uuid(), z.literal("")]).optional(),
  })
  .superRefine(refineVatId)
  .meta({ id: "CompanyUpdate" });

/** Related companies (get_related_company). */
export const relatedCompanySchema = z
  .object({
    id: z.uuid(),
    company_id: z.uuid(),
    name: z.string(),
    country: z.string(),
    relation: z.enum(RELATIONS),
  })
  .meta({ id: "RelatedCompany" });

export const addressSchema = z
  .object({
    id: z.uuid(),
    label: z.string(),
    recipient: z.string().nullable(),
    street: z.string(),
    street2: z.string().nullable(),
    postal_code: z.string(),
    city: z.string(),
    region: z.string().nullable(),
    country: z.string(),
    is_billing: z.boolean(),
    is_shipping: z.boolean(),
  })
  .meta({ id: "CompanyAddress" });

/** Creates an address; is_billing / is_shipping make it the billing or shipping address at once. */
export const addressCreateSchema = z
  .strictObject({
    label: text(100),
    recipient: optionalText(200),
    street: text(200),
    street2: optionalText(200),
    postal_code: text(20),
    city: text(100),
    region: optionalText(100),
    country: countryCode,
    is_billing: z.boolean().optional(),
    is_shipping: z.boolean().optional(),
  })
  .meta({ id: "CompanyAddressCreate" });

/**
 * Replaces an address's fields. is_billing / is_shipping true make it the billing or shipping
 * address (the flag moves from the other one); false or omitted leave the flags as they are, as a
 * company always keeps its billing and shipping address until another takes the role.
 */
export const addressUpdateSchema = addressCreateSchema.meta({ id: "CompanyAddressUpdate" });

export const contactSchema = z
  .object({
    id: z.uuid(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    position: z.string().nullable(),
  })
  .meta({ id: "CompanyContact" });

/** Creates a contact. */
export const contactCreateSchema = z
  .strictObject({
    first_name: text(100),
    last_name: text(100),
    email: z.union([email, z.literal("")]).optional(),
    phone: optionalText(40),
    position: optionalText(100),
  })
  .meta({ id: "CompanyContactCreate" });

/** Replaces a contact's fields; empty optional fields clear them. */
export const contactUpdateSchema = contactCreateSchema.meta({ id: "CompanyContactUpdate" });

export const companyUserSchema = z
  .object({
    id: z.uuid(),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    email: z.string(),
    language: z.string(),
    role: z.enum(COMPANY_ROLES),
    status: z.enum(MEMBER_STATUSES),
    invited_at: z.string(),
    accepted_at: z.string().nullable(),
    last_sign_in_at: z.string().nullable(),
    is_self: z.boolean(),
  })
  .meta({ id: "CompanyUser" });

/** Creates a user and invites them. */
export const inviteUserSchema = z
  .strictObject({
    email,
    first_name: text(100),
    last_name: text(100),
    role: z.enum(COMPANY_ROLES),
    language: z.enum(LOCALES),
  })
  .meta({ id: "CompanyInvite" });

/** Changes a user's role in the company (update_user_role). */
export const userRoleSchema = z.strictObject({ role: z.enum(COMPANY_ROLES) }).meta({ id: "CompanyUserRole" });

export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "an invitation token");
export const invitationParamSchema = z.strictObject({ token: invitationTokenSchema });

export const invitationSchema = z
  .object({
    company_name: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: z.enum(COMPANY_ROLES),
    language: z.string(),
  })
  .meta({ id: "Invitation" });

export const acceptInvitationSchema = z
  .strictObject({
    token: invitationTokenSchema,
    first_name: text(100),
    last_name: text(100),
    password: z.string().min(1).max(1024),
    language: z.enum(LOCALES),
  })
  .meta({ id: "AcceptInvitation" });

export const invitationAcceptedSchema = z.object({ email: z.string() }).meta({ id: "InvitationAccepted" });

export type CompanyDetails = z.infer<typeof companySchema>;
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;
export type RelatedCompany = z.infer<typeof relatedCompanySchema>;
export type CompanyAddress = z.infer<typeof addressSchema>;
export type AddressCreate = z.infer<typeof addressCreateSchema>;
export type AddressUpdate = z.infer<typeof addressUpdateSchema>;
export type CompanyContact = z.infer<typeof contactSchema>;
export type ContactCreate = z.infer<typeof contactCreateSchema>;
export type ContactUpdate = z.infer<typeof contactUpdateSchema>;
export type CompanyUser = z.infer<typeof companyUserSchema>;
export type InviteUser = z.infer<typeof inviteUserSchema>;
export type Invitation = z.infer<typeof invitationSchema>;
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

export const companyEndpoints = defineEndpoints("company", {
  get: {
    method: "GET",
    path: "/api/company",
    summary: "The caller's company with counts",
    access: companyMembersWith("company.read"),
    response: companySchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  update: {
    method: "PUT",
    path: "/api/company",
    summary: "Updates the company's details (administrators)",
    access: companyMembersWith("company.manage"),
    body: companyUpdateSchema,
    response: companySchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  related: {
    method: "GET",
    path: "/api/company/related",
    summary: "Related companies",
    access: companyMembersWith("company.read"),
    response: z.array(relatedCompanySchema),
    errors: [404, 409, 429],
    caching: "private",
  },
  addresses: {
    method: "GET",
    path: "/api/company/addresses",
    summary: "The company's addresses",
    access: companyMembersWith("company.read"),
    response: z.array(addressSchema),
    errors: [404, 409, 429],
    caching: "private",
  },
  createAddress: {
    method: "POST",
    path: "/api/company/addresses",
    summary: "Creates an address (administrators and buyers)",
    access: companyMembersWith("company.addresses"),
    body: addressCreateSchema,
    response: addressSchema,
    created: true,
    errors: [404, 429],
    caching: "private",
    idempotent: true,
  },
  updateAddress: {
    method: "PUT",
    path: "/api/company/addresses/:id",
    summary: "Changes an address (administrators and buyers)",
    description:
      "is_billing / is_shipping true move that role to this address; false or omitted keep the roles as they are.",
    access: companyMembersWith("company.addresses"),
    params: idParamSchema,
    body: addressUpdateSchema,
    response: addressSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  removeAddress: {
    method: "DELETE",
    path: "/api/company/addresses/:id",
    summary: "Deletes an address (administrators)",
    description:
      "The billing and the shipping address answer 409 ADDRESS_IN_USE until another takes the role.",
    access: companyMembersWith("company.manage"),
    params: idParamSchema,
    response: z.null(),
    errors: [404, 409, 429],
    caching: "private",
  },
  useAsBilling: {
    method: "POST",
    path: "/api/company/addresses/:id/billing",
    summary: "Makes this the billing address",
    access: companyMembersWith("company.addresses"),
    params: idParamSchema,
    body: emptyBodySchema.optional(),
    response: z.array(addressSchema),
    errors: [404, 409, 429],
    caching: "private",
  },
  useAsShipping: {
    method: "POST",
    path: "/api/company/addresses/:id/shipping",
    summary: "Makes this the shipping address",
    access: companyMembersWith("company.addresses"),
    params: idParamSchema,
    body: emptyBodySchema.optional(),
    response: z.array(addressSchema),
    errors: [404, 409, 429],
    caching: "private",
  },
  contacts: {
    method: "GET",
    path: "/api/company/contacts",
    summary: "The company's contacts",
    access: companyMembersWith("company.read"),
    response: z.array(contactSchema),
    errors: [404, 409, 429],
    caching: "private",
  },
  createContact: {
    method: "POST",
    path: "/api/company/contacts",
    summary: "Creates a contact (administrators and buyers)",
    access: companyMembersWith("company.addresses"),
    body: contactCreateSchema,
    response: contactSchema,
    created: true,
    errors: [404, 429],
    caching: "private",
    idempotent: true,
  },
  updateContact: {
    method: "PUT",
    path: "/api/company/contacts/:id",
    summary: "Changes a contact (administrators and buyers)",
    access: companyMembersWith("company.addresses"),
    params: idParamSchema,
    body: contactUpdateSchema,
    response: contactSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  users: {
    method: "GET",
    path: "/api/company/users",
    summary: "The company's users with role and status",
    access: companyMembersWith("company.read"),
    response: z.array(companyUserSchema),
    errors: [404, 409, 429],
    caching: "private",
  },
  inviteUser: {
    method: "POST",
    path: "/api/company/users",
    summary: "Creates a user and e-mails an invitation (administrators)",
    description: "An address that already has an account answers 409 EMAIL_IN_USE.",
    access: companyMembersWith("company.manage"),
    body: inviteUserSchema,
    response: companyUserSchema,
    created: true,
    errors: [404, 429],
    caching: "private",
    idempotent: true,
  },
  resendInvitation: {
    method: "POST",
    path: "/api/company/users/:id/resend-invitation",
    summary: "Sends a new invitation link (the previous one stops working)",
    access: companyMembersWith("company.manage"),
    params: idParamSchema,
    body: emptyBodySchema.optional(),
    response: companyUserSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  changeUserRole: {
    method: "PUT",
    path: "/api/company/users/:id/role",
    summary: "Changes a user's role (administrators)",
    description: "Leaving the company without an accepted administrator answers 409 LAST_ADMIN.",
    access: companyMembersWith("company.manage"),
    params: idParamSchema,
    body: userRoleSchema,
    response: companyUserSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  disableUser: {
    method: "POST",
    path: "/api/company/users/:id/disable",
    summary: "Disables a user's membership; their sessions end at once",
    access: companyMembersWith("company.manage"),
    params: idParamSchema,
    body: emptyBodySchema.optional(),
    response: companyUserSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  enableUser: {
    method: "POST",
    path: "/api/company/users/:id/enable",
    summary: "Enables a disabled membership again",
    access: companyMembersWith("company.manage"),
    params: idParamSchema,
    body: emptyBodySchema.optional(),
    response: companyUserSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
});

export const invitationEndpoints = defineEndpoints("invitations", {
  detail: {
    method: "GET",
    path: "/api/invitations/:token",
    summary: "An open invitation: company, invitee and role",
    access: PUBLIC,
    params: invitationParamSchema,
    response: invitationSchema,
    errors: [401, 403, 404, 409, 429],
    caching: "private",
  },
  accept: {
    method: "POST",
    path: "/api/invitations/accept",
    summary: "Accepts an invitation: names, language and a password",
    access: PUBLIC,
    body: acceptInvitationSchema,
    response: invitationAcceptedSchema,
    errors: [401, 403, 404, 409, 429],
    caching: "route",
  },
});
