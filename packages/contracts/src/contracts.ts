import { z } from "zod";
import { multiLine, singleLine } from "./text.ts";
import { currencySchema, minorSchema } from "./money.ts";
import { listQuerySchema, pageOf } from "./lists.ts";
import { companyMembersWith, defineEndpoints, PDF_DOWNLOAD, STAFF } from "./endpoints.ts";
import { idParamSchema } from "./companies.ts";

/**
 * Contracts (docs/behaviour/billing.md#contracts): agreements between a customer and the operator,
 * named like their routes and the API module (the package's name means the API's contracts; this
 * file is the domain). A customer requests one (requested); staff make it active or end it:
 * requested → active | ended, active → ended.
 */

export const CONTRACT_KINDS = ["framework", "nda", "quality", "consignment"] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

export const CONTRACT_STATUSES = ["requested", "active", "ended"] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** The statuses staff may move a contract to, from each status; ended is final. */
export const CONTRACT_TRANSITIONS: Record<ContractStatus, readonly ContractStatus[]> = {
  requested: ["active", "ended"],
  active: ["ended"],
  ended: [],
};

export const CONTRACT_SORTS = ["created_at", "number", "title", "starts_on"] as const;
export const CONTRACT_TERMS_MAX = 20_000;

/** `q` matches the contract number or title. */
export const contractListQuerySchema = listQuerySchema({
  sorts: CONTRACT_SORTS,
  defaultSort: "created_at",
  filters: { status: z.enum(CONTRACT_STATUSES).optional(), kind: z.enum(CONTRACT_KINDS).optional() },
});

/** The back office lists every company's contracts; company_id narrows it to one customer. */
export const staffContractListQuerySchema = contractListQuerySchema.extend({
  company_id: z.uuid().optional(),
});

export const contractSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    kind: z.enum(CONTRACT_KINDS),
    title: z.string(),
    status: z.enum(CONTRACT_STATUSES),
    starts_on: z.string(),
    /** null: open-ended. */
    ends_on: z.string().nullable(),
    annual_volume_minor: z.number().int().nullable(),
    currency: z.string(),
    terms: z.string(),
    created_at: z.string(),
  })
  .meta({ id: "Contract" });

/** A contract as the back office sees it: with the customer company it belongs to. */
export const staffContractSchema = contractSchema
  .extend({ company_id: z.uuid(), company_name: z.string() })
  .meta({ id: "StaffContract" });

export const contractPageSchema = pageOf(contractSchema).meta({ id: "ContractPage" });
export const staffContractPageSchema = pageOf(staffContractSchema).meta({ id: "StaffContractPage" });

/** A customer's request for a contract; annual_volume_minor belongs to framework agreements only. */
export const contractCreateSchema = z
  .strictObject({
    kind: z.enum(CONTRACT_KINDS),
    title: singleLine().min(3).max(200),
    starts_on: z.iso.date(),
    ends_on: z.iso.date().optional(),
    annual_volume_minor: minorSchema.optional(),
    currency: currencySchema,
    terms: multiLine().min(1).max(CONTRACT_TERMS_MAX),
  })
  .refine((body) => body.ends_on === undefined || body.ends_on > body.starts_on, {
    path: ["ends_on"],
    message: "must be after starts_on",
  })
  .refine((body) => body.annual_volume_minor === undefined || body.kind === "framework", {
    path: ["annual_volume_minor"],
    message: "only framework agreements have an annual volume",
  })
  .meta({ id: "ContractCreate" });

/** Staff: the status to move a contract to (see CONTRACT_TRANSITIONS). */
export const contractStatusChangeSchema = z
  .strictObject({ status: z.enum(["active", "ended"]) })
  .meta({ id: "ContractStatusChange" });

export type ContractListQuery = z.infer<typeof contractListQuerySchema>;
export type StaffContractListQuery = z.infer<typeof staffContractListQuerySchema>;
export type Contract = z.infer<typeof contractSchema>;
export type StaffContract = z.infer<typeof staffContractSchema>;
export type ContractPage = z.infer<typeof contractPageSchema>;
export type StaffContractPage = z.infer<typeof staffContractPageSchema>;
export type ContractCreate = z.infer<typeof contractCreateSchema>;
export type ContractStatusChange = z.infer<typeof contractStatusChangeSchema>;

export const contractEndpoints = defineEndpoints("contracts", {
  list: {
    method: "GET",
    path: "/api/contracts",
    summary: "The company's contracts",
    access: companyMembersWith("contracts.read"),
    query: contractListQuerySchema,
    response: contractPageSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  create: {
    method: "POST",
    path: "/api/contracts",
    summary: "Requests a contract (administrators and buyers)",
    access: companyMembersWith("contracts.request"),
    body: contractCreateSchema,
    response: contractSchema,
    created: true,
    errors: [404, 429],
    caching: "private",
    idempotent: true,
  },
  detail: {
    method: "GET",
    path: "/api/contracts/:id",
    summary: "One contract",
    access: companyMembersWith("contracts.read"),
    params: idParamSchema,
    response: contractSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/contracts/:id/pdf",
    summary: "The contract as a PDF (application/pdf) in the caller's language",
    access: companyMembersWith("contracts.read"),
    params: idParamSchema,
    response: PDF_DOWNLOAD,
    errors: [404, 409, 429],
    caching: "private",
  },
});

export const staffContractEndpoints = defineEndpoints("staff", {
  list: {
    method: "GET",
    path: "/api/staff/contracts",
    summary: "Every company's contracts",
    access: STAFF,
    query: staffContractListQuerySchema,
    response: staffContractPageSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  changeStatus: {
    method: "PUT",
    path: "/api/staff/contracts/:id/status",
    summary: "Activates or ends a contract; the requester is told by e-mail",
    description: "requested → active | ended, active → ended; anything else answers 409 CONFLICT.",
    access: STAFF,
    params: idParamSchema,
    body: contractStatusChangeSchema,
    response: staffContractSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
});
