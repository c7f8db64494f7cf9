import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { emptyBodySchema } from "@ems/contracts/auth";
import {
  acceptInvitationSchema,
  addressCreateSchema,
  addressSchema,
  companySchema,
  companyUpdateSchema,
  companyUserSchema,
  contactCreateSchema,
  contactSchema,
  idParamSchema,
  invitationAcceptedSchema,
  invitationParamSchema,
  invitationSchema,
  inviteUserSchema,
  relatedCompanySchema,
  userRoleSchema,
} from "@ems/contracts/companies";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { ok } from "../../lib/envelope.ts";
import {
  acceptInvitation,
  addresses,
  changeUserRole,
  companyUsers,
  contacts,
  createAddress,
  createContact,
  disableUser,
  editCompany,
  enableUser,
  getCompany,
  getInvitation,
  inviteUser,
  relatedCompanies,
  removeAddress,
  resendInvitation,
  useAddressAs,
} from "./companies-service.ts";
import { rolesWith } from "@ems/contracts/permissions";

export interface CompaniesRouteOptions {
  /** For the calls that send mail or guess tokens (invite, resend, invitation look-up and accept). */
  rateLimit: { max: number; timeWindow: number };
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const noQuery = z.strictObject({});

/**
 * Company (docs/behaviour/accounts.md#company): the caller's own company (tenant = the signed-in
 * user's company). Every member reads; administrators change the company and its users; buyers may
 * also add addresses and contacts. Staff never pass requireCompanyRole: the back office has its own
 * routes.
 */
export const companiesRoutes: FastifyPluginAsyncZod<CompaniesRouteOptions> = async (app, { rateLimit }) => {
  const member = { onRequest: app.requireCompanyRole(...rolesWith("company.read")) };
  const admin = { onRequest: app.requireCompanyRole(...rolesWith("company.manage")) };
  const adminOrBuyer = { onRequest: app.requireCompanyRole(...rolesWith("company.addresses")) };
  const mailLimit = {
    rateLimit: { max: Math.max(5, Math.floor(rateLimit.max / 2)), timeWindow: 15 * 60 * 1000 },
  };
  const tags = ["company"];
  const noStore = (reply: { header(name: string, value: string): unknown }) =>
    reply.header("Cache-Control", "private, no-store");

  app.get(
    "/api/company",
    {
      ...member,
      schema: {
        tags,
        summary: "The caller's company with counts",
        querystring: noQuery,
        response: { 200: envelopeSchema(companySchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await getCompany(request.context()));
    },
  );

  app.put(
    "/api/company",
    {
      ...admin,
      schema: {
        tags,
        summary: "Updates the company's details (administrators)",
        body: companyUpdateSchema,
        response: { 200: envelopeSchema(companySchema), ...errors },
      },
    },
    async (request) => ok(await editCompany(request.context(), request.body)),
  );

  app.get(
    "/api/company/related",
    {
      ...member,
      schema: {
        tags,
        summary: "Related companies",
        querystring: noQuery,
        response: { 200: envelopeSchema(z.array(relatedCompanySchema)), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await relatedCompanies(request.context()));
    },
  );

  // Addresses

  const addressList = { 200: envelopeSchema(z.array(addressSchema)), ...errors };

  app.get(
    "/api/company/addresses",
    {
      ...member,
      schema: { tags, summary: "The company's addresses", querystring: noQuery, response: addressList },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await addresses(request.context()));
    },
  );

  app.post(
    "/api/company/addresses",
    {
      ...adminOrBuyer,
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Creates an address (administrators and buyers)",
        body: addressCreateSchema,
        response: { 201: envelopeSchema(addressSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await createAddress(request.context(), request.body), 201, "Created");
    },
  );

  app.delete(
    "/api/company/addresses/:id",
    {
      ...admin,
      schema: {
        tags,
        summary: "Deletes an address (administrators)",
        description:
          "The billing and the shipping address answer 409 ADDRESS_IN_USE until another takes the role.",
        params: idParamSchema,
        response: { 200: envelopeSchema(z.null()), ...errors },
      },
    },
    async (request) => {
      await removeAddress(request.context(), request.params.id);
      return ok(null);
    },
  );

  for (const flag of ["billing", "shipping"] as const) {
    app.post(
      `/api/company/addresses/:id/${flag}`,
      {
        ...adminOrBuyer,
        schema: {
          tags,
          summary: `Makes this the ${flag} address`,
          params: idParamSchema,
          body: emptyBodySchema.optional(),
          response: addressList,
        },
      },
      async (request) => ok(await useAddressAs(request.context(), request.params.id, flag)),
    );
  }

  // Contacts

  app.get(
    "/api/company/contacts",
    {
      ...member,
      schema: {
        tags,
        summary: "The company's contacts",
        querystring: noQuery,
        response: { 200: envelopeSchema(z.array(contactSchema)), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await contacts(request.context()));
    },
  );

  app.post(
    "/api/company/contacts",
    {
      ...adminOrBuyer,
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Creates a contact (administrators and buyers)",
        body: contactCreateSchema,
        response: { 201: envelopeSchema(contactSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await createContact(request.context(), request.body), 201, "Created");
    },
  );

  // Users

  const userAnswer = { 200: envelopeSchema(companyUserSchema), ...errors };

  app.get(
    "/api/company/users",
    {
      ...member,
      schema: {
        tags,
        summary: "The company's users with role and status",
        querystring: noQuery,
        response: { 200: envelopeSchema(z.array(companyUserSchema)), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await companyUsers(request.context()));
    },
  );

  app.post(
    "/api/company/users",
    {
      ...admin,
      config: { ...mailLimit, idempotent: true },
      schema: {
        tags,
        summary: "Creates a user and e-mails an invitation (administrators)",
        description: "An address that already has an account answers 409 EMAIL_IN_USE.",
        body: inviteUserSchema,
        response: { 201: envelopeSchema(companyUserSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await inviteUser(request.context(), request.body), 201, "Created");
    },
  );

  app.post(
    "/api/company/users/:id/resend-invitation",
    {
      ...admin,
      config: mailLimit,
      schema: {
        tags,
        summary: "Sends a new invitation link (the previous one stops working)",
        params: idParamSchema,
        body: emptyBodySchema.optional(),
        response: userAnswer,
      },
    },
    async (request) => ok(await resendInvitation(request.context(), request.params.id)),
  );

  app.put(
    "/api/company/users/:id/role",
    {
      ...admin,
      schema: {
        tags,
        summary: "Changes a user's role (administrators)",
        description: "Leaving the company without an accepted administrator answers 409 LAST_ADMIN.",
        params: idParamSchema,
        body: userRoleSchema,
        response: userAnswer,
      },
    },
    async (request) => ok(await changeUserRole(request.context(), request.params.id, request.body.role)),
  );

  app.post(
    "/api/company/users/:id/disable",
    {
      ...admin,
      schema: {
        tags,
        summary: "Disables a user's membership; their sessions end at once",
        params: idParamSchema,
        body: emptyBodySchema.optional(),
        response: userAnswer,
      },
    },
    async (request) => ok(await disableUser(request.context(), request.params.id)),
  );

  app.post(
    "/api/company/users/:id/enable",
    {
      ...admin,
      schema: {
        tags,
        summary: "Enables a disabled membership again",
        params: idParamSchema,
        body: emptyBodySchema.optional(),
        response: userAnswer,
      },
    },
    async (request) => ok(await enableUser(request.context(), request.params.id)),
  );

  // Invitations (public: the link in the e-mail is the credential)

  app.get(
    "/api/invitations/:token",
    {
      config: { rateLimit },
      schema: {
        tags: ["invitations"],
        summary: "An open invitation: company, invitee and role",
        params: invitationParamSchema,
        response: { 200: envelopeSchema(invitationSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await getInvitation({ db: app.db, request }, request.params.token));
    },
  );

  app.post(
    "/api/invitations/accept",
    {
      config: { rateLimit },
      schema: {
        tags: ["invitations"],
        summary: "Accepts an invitation: names, language and a password",
        body: acceptInvitationSchema,
        response: { 200: envelopeSchema(invitationAcceptedSchema), ...errors },
      },
    },
    async (request) => ok(await acceptInvitation({ db: app.db, request }, request.body)),
  );
};
