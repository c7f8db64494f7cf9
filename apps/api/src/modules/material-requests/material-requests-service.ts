import { siteConfig } from "@ems/config/site";
import { ERROR_CODES } from "@ems/contracts/errors";
import type {
  MaterialRequest,
  MaterialRequestCreate,
  MaterialRequestListQuery,
  MaterialRequestPage,
  StaffMaterialRequest,
  StaffMaterialRequestListQuery,
  StaffMaterialRequestPage,
} from "@ems/contracts/material-requests";
import { AppError, notFound } from "../../lib/app-error.ts";
import { pageOf, pagingOf } from "../../lib/list-query.ts";
import { publicLink } from "../../lib/public-url.ts";
import { recordActivity } from "../activity/activity-service.ts";
import { nextDocumentNumber } from "../documents/documents-service.ts";
import { renderMaterialRequestPdf } from "./material-request-pdf.ts";
import {
  findActiveUser,
  findCompanyOrder,
  findMaterialRequest,
  insertMaterialRequest,
  listMaterialRequests,
  markReceived,
  type MaterialRequestRecord,
} from "./material-requests-repository.ts";
import type { RequestContext } from "../../plugins/request-context.ts";

export type MaterialRequestContext = Pick<
  RequestContext,
  "db" | "mailer" | "auth" | "tenant" | "actor" | "publicUrl" | "request"
>;

const blankToNull = (value: string | undefined) => (value === undefined || value === "" ? null : value);
const missing = () => notFound("No such material request");

function toDto({ request, orderNumber }: MaterialRequestRecord): MaterialRequest {
  return {
    id: request.id,
    number: request.number,
    status: request.status,
    order_id: request.orderId,
    order_number: orderNumber,
    expected_on: request.expectedOn,
    carrier: request.carrier,
    tracking_number: request.trackingNumber,
    notes: request.notes,
    lines: request.lines,
    created_at: request.createdAt.toISOString(),
    received_at: request.receivedAt ? request.receivedAt.toISOString() : null,
  };
}

function toStaffDto(record: MaterialRequestRecord): StaffMaterialRequest {
  return { ...toDto(record), company_id: record.request.companyId, company_name: record.companyName };
}

/** The caller's company's material requests (getAll, docs/behaviour/billing.md#material-requests). */
export async function materialRequestPage(
  ctx: MaterialRequestContext,
  query: MaterialRequestListQuery,
): Promise<MaterialRequestPage> {
  return pageOf(
    query,
    await listMaterialRequests(ctx.db, {
      companyId: ctx.tenant,
      status: query.status,
      q: query.q,
      sort: query.sort,
      dir: query.dir,
      ...pagingOf(query),
    }),
    toDto,
  );
}

export async function getMaterialRequest(ctx: MaterialRequestContext, id: string): Promise<MaterialRequest> {
  const record = await findMaterialRequest(ctx.db, ctx.tenant, id);
  if (!record) throw missing();
  return toDto(record);
}

/** Material request PDF (the delivery notice), in the caller's language. */
export async function materialRequestPdf(
  ctx: MaterialRequestContext,
  id: string,
): Promise<{ number: string; pdf: Buffer }> {
  const record = await findMaterialRequest(ctx.db, ctx.tenant, id);
  if (!record) throw missing();
  const pdf = await renderMaterialRequestPdf(
    toDto(record),
    { name: record.companyName },
    ctx.auth.user.language,
  );
  return { number: record.request.number, pdf };
}

/** The part numbers of a request in a few words, for the staff notification's subject line. */
function partsSummary(lines: MaterialRequestCreate["lines"]): string {
  const all = lines.map((line) => line.mpn).join(", ");
  return all.length <= 120 ? all : `${all.slice(0, 119)}…`;
}

/**
 * Announces a delivery of parts: numbered MR-YYYY-NNNNN in one transaction with its activity entry
 * and the mail that tells the operator's goods receiving (delivered once it is committed).
 */
export async function createMaterialRequest(
  ctx: MaterialRequestContext,
  input: MaterialRequestCreate,
): Promise<MaterialRequest> {
  const created = await ctx.db.transaction(async (tx) => {
    if (input.order_id !== undefined && !(await findCompanyOrder(tx, ctx.tenant, input.order_id)))
      throw new AppError(404, ERROR_CODES.notFound, "No such order", { field: "order_id" });
    const row = await insertMaterialRequest(tx, {
      companyId: ctx.tenant,
      orderId: input.order_id ?? null,
      number: await nextDocumentNumber(tx, "material"),
      expectedOn: input.expected_on,
      carrier: blankToNull(input.carrier),
      trackingNumber: blankToNull(input.tracking_number),
      notes: blankToNull(input.notes),
      lines: input.lines.map((line) => ({
        mpn: line.mpn,
        manufacturer: blankToNull(line.manufacturer),
        description: blankToNull(line.description),
        quantity: line.quantity,
        packaging: line.packaging,
      })),
      createdByUserId: ctx.auth.user.id,
    });
    await recordActivity(tx, {
      action: "material_request.created",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "material_request", id: row.id },
      details: { number: row.number, lines: row.lines.length },
      request: ctx.request,
    });
    const record = await findMaterialRequest(tx, ctx.tenant, row.id);
    if (!record) throw missing();
    await ctx.mailer.write(tx, {
      to: siteConfig.contact.email,
      language: "en",
      template: "staff_request",
      values: {
        name: `${siteConfig.brand.name} team`,
        kind: "material",
        number: row.number,
        company: record.companyName,
        title: partsSummary(input.lines),
        url: publicLink(ctx.publicUrl, { page: "staff-supply" }, "en"),
      },
    });
    return record;
  });
  ctx.mailer.deliverSoon();
  return toDto(created);
}

// Back office

export async function staffMaterialRequestPage(
  ctx: MaterialRequestContext,
  query: StaffMaterialRequestListQuery,
): Promise<StaffMaterialRequestPage> {
  return pageOf(
    query,
    await listMaterialRequests(ctx.db, {
      companyId: query.company_id,
      status: query.status,
      q: query.q,
      sort: query.sort,
      dir: query.dir,
      ...pagingOf(query),
    }),
    toStaffDto,
  );
}

/**
 * Staff check an announced delivery in (announced → received). Any other status answers 409, also
 * for the loser of two concurrent calls; the creator is told by e-mail in their language.
 */
export async function receiveMaterialRequest(
  ctx: MaterialRequestContext,
  id: string,
): Promise<StaffMaterialRequest> {
  const received = await ctx.db.transaction(async (tx) => {
    const row = await markReceived(tx, id, new Date());
    if (!row) {
      const existing = await findMaterialRequest(tx, undefined, id);
      if (!existing) throw missing();
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `Only an announced request can be received; this one is ${existing.request.status}`,
      );
    }
    await recordActivity(tx, {
      action: "material_request.received",
      companyId: row.companyId,
      actor: ctx.actor,
      subject: { type: "material_request", id: row.id },
      details: { number: row.number },
      request: ctx.request,
    });
    return row;
  });
  const creator = received.createdByUserId ? await findActiveUser(ctx.db, received.createdByUserId) : null;
  if (creator) {
    await ctx.mailer.send({
      to: creator.email,
      language: creator.language,
      template: "material_received",
      values: { name: creator.firstName, number: received.number },
    });
  }
  const record = await findMaterialRequest(ctx.db, undefined, id);
  if (!record) throw missing();
  return toStaffDto(record);
}
