import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { companyEndpoints, invitationEndpoints } from "@ems/contracts/companies";
import {
  acceptInvitation,
  addresses,
  changeUserRole,
  companyUsers,
  contacts,
  createAddress,
  createContact,
  disableUser,
  editAddress,
  editCompany,
  editContact,
  enableUser,
  getCompany,
  getInvitation,
  inviteUser,
  relatedCompanies,
  removeAddress,
  resendInvitation,
  useAddressAs,
} from "./companies-service.ts";

export interface CompaniesRouteOptions {
  /** For the calls that send mail or guess tokens (invite, resend, invitation look-up and accept). */
  rateLimit: { max: number; timeWindow: number };
}

/**
 * Company (docs/behaviour/accounts.md#company): the caller's own company (tenant = the signed-in
 * user's company). Every member reads; administrators change the company and its users; buyers may
 * also add and change addresses and contacts. Staff never pass a company access: the back office has its own
 * routes.
 */
export const companiesRoutes: FastifyPluginAsync<CompaniesRouteOptions> = async (app, { rateLimit }) => {
  const mailLimit = {
    rateLimit: { max: Math.max(5, Math.floor(rateLimit.max / 2)), timeWindow: 15 * 60 * 1000 },
  };
  implement(app, companyEndpoints, {
    get: (request) => getCompany(request.context()),
    update: (request) => editCompany(request.context(), request.body),
    related: (request) => relatedCompanies(request.context()),
    addresses: (request) => addresses(request.context()),
    createAddress: (request) => createAddress(request.context(), request.body),
    updateAddress: (request) => editAddress(request.context(), request.params.id, request.body),
    removeAddress: async (request) => {
      await removeAddress(request.context(), request.params.id);
      return null;
    },
    useAsBilling: (request) => useAddressAs(request.context(), request.params.id, "billing"),
    useAsShipping: (request) => useAddressAs(request.context(), request.params.id, "shipping"),
    contacts: (request) => contacts(request.context()),
    createContact: (request) => createContact(request.context(), request.body),
    updateContact: (request) => editContact(request.context(), request.params.id, request.body),
    users: (request) => companyUsers(request.context()),
    inviteUser: {
      config: { ...mailLimit },
      handle: (request) => inviteUser(request.context(), request.body),
    },
    resendInvitation: {
      config: mailLimit,
      handle: (request) => resendInvitation(request.context(), request.params.id),
    },
    changeUserRole: (request) => changeUserRole(request.context(), request.params.id, request.body.role),
    disableUser: (request) => disableUser(request.context(), request.params.id),
    enableUser: (request) => enableUser(request.context(), request.params.id),
  });

  implement(app, invitationEndpoints, {
    detail: {
      config: { rateLimit },
      handle: (request) => getInvitation({ db: app.db, request }, request.params.token),
    },
    accept: {
      config: { rateLimit },
      handle: (request) => acceptInvitation({ db: app.db, request }, request.body),
    },
  });
};
