import { siteConfig } from "@ems/config/site";
import {
  CONTRACT_TRANSITIONS,
  type Contract,
  type ContractCreate,
  type ContractListQuery,
  type ContractPage,
  type StaffContract,
  type StaffContractListQuery,
  type StaffContractPage,
} from "@ems/contracts/contracts";
import { ERROR_CODES } from "@ems/contracts/errors";
import { AppError, notFound } from "../../lib/app-error.ts";
import { pageOf, pagingOf } from "../../lib/list-query.ts";
import { publicLink } from "../../lib/public-url.ts";
import { recordActivity } from "../activity/activity-service.ts";
import { nextDocumentNumber } from "../documents/documents-service.ts";
import { renderContractPdf } from "./contract-pdf.ts";
import {
  findActiveUser,
  findContract,
  insertContract,
  listContracts,
  lockContract,
  setContractStatus,
  type ContractRecord,
} from "./contracts-repository.ts";
import type { RequestContext } from "../../plugins/request-context.ts";

export type ContractContext = Pick<
  RequestContext,
  "db" | "mailer" | "auth" | "tenant" | "actor" | "publicUrl" | "request"
>;

const missing = () => notFound("No such contract");

function toDto({ contract }: ContractRecord): Contract {
  return {
    id: contract.id,
    number: contract.number,
    kind: contract.kind,
    title: contract.title,
    status: contract.status,
    starts_on: contract.startsOn,
    ends_on: contract.endsOn,
    annual_volume_minor: contract.annualVolumeMinor,
    currency: contract.currency,
    terms: contract.terms,
    created_at: contract.createdAt.toISOString(),
  };
}

function toStaffDto(record: ContractRecord): StaffContract {
  return { ...toDto(record), company_id: record.contract.companyId, company_name: record.companyName };
}

/** Contract getAll (docs/behaviour/billing.md#contracts): the caller's company's contracts. */
export async function contractPage(ctx: ContractContext, query: ContractListQuery): Promise<ContractPage> {
  return pageOf(
    query,
    await listContracts(ctx.db, {
      companyId: ctx.tenant,
      status: query.status,
      kind: query.kind,
      q: query.q,
      sort: query.sort,
      dir: query.dir,
      ...pagingOf(query),
    }),
    toDto,
  );
}

export async function getContract(ctx: ContractContext, id: string): Promise<Contract> {
  const record = await findContract(ctx.db, ctx.tenant, id);
  if (!record) throw missing();
  return toDto(record);
}

/** The contract as a PDF in the caller's language. */
export async function contractPdf(
  ctx: ContractContext,
  id: string,
): Promise<{ number: string; pdf: Buffer }> {
  const record = await findContract(ctx.db, ctx.tenant, id);
  if (!record) throw missing();
  const pdf = await renderContractPdf(
    toDto(record),
    { name: record.companyName, vatId: record.companyVatId },
    ctx.auth.user.language,
  );
  return { number: record.contract.number, pdf };
}

/**
 * Contract create: the customer requests an agreement (status requested, numbered CTR-YYYY-NNNNN in
 * the transaction that logs it and writes the operator's mail).
 */
export async function createContract(ctx: ContractContext, input: ContractCreate): Promise<Contract> {
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertContract(tx, {
      companyId: ctx.tenant,
      number: await nextDocumentNumber(tx, "contract"),
      kind: input.kind,
      title: input.title,
      status: "requested",
      startsOn: input.starts_on,
      endsOn: input.ends_on ?? null,
      annualVolumeMinor: input.annual_volume_minor ?? null,
      currency: input.currency,
      terms: input.terms,
      createdByUserId: ctx.auth.user.id,
    });
    await recordActivity(tx, {
      action: "contract.created",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "contract", id: row.id },
      details: { number: row.number, kind: row.kind },
      request: ctx.request,
    });
    const record = await findContract(tx, ctx.tenant, row.id);
    if (!record) throw missing();
    await ctx.mailer.write(tx, {
      to: siteConfig.contact.email,
      language: "en",
      template: "staff_request",
      values: {
        name: `${siteConfig.brand.name} team`,
        kind: "contract",
        number: row.number,
        company: record.companyName,
        title: row.title,
        url: publicLink(ctx.publicUrl, { page: "staff-supply" }, "en"),
      },
    });
    return record;
  });
  ctx.mailer.deliverSoon();
  return toDto(created);
}

// Back office

export async function staffContractPage(
  ctx: ContractContext,
  query: StaffContractListQuery,
): Promise<StaffContractPage> {
  return pageOf(
    query,
    await listContracts(ctx.db, {
      companyId: query.company_id,
      status: query.status,
      kind: query.kind,
      q: query.q,
      sort: query.sort,
      dir: query.dir,
      ...pagingOf(query),
    }),
    toStaffDto,
  );
}

/**
 * Staff activate or end a contract (requested → active | ended, active → ended). Any other move
 * answers 409, also for the loser of two concurrent changes; the creator is told by e-mail.
 */
export async function changeContractStatus(
  ctx: ContractContext,
  id: string,
  status: "active" | "ended",
): Promise<StaffContract> {
  const changed = await ctx.db.transaction(async (tx) => {
    const row = await lockContract(tx, id);
    if (!row) throw missing();
    const from = row.status;
    if (!CONTRACT_TRANSITIONS[from].includes(status))
      throw new AppError(409, ERROR_CODES.conflict, `A contract that is ${from} cannot become ${status}`);
    await setContractStatus(tx, id, status, new Date());
    await recordActivity(tx, {
      action: "contract.status_changed",
      companyId: row.companyId,
      actor: ctx.actor,
      subject: { type: "contract", id: row.id },
      details: { number: row.number, from, to: status },
      request: ctx.request,
    });
    return row;
  });
  const creator = changed.createdByUserId ? await findActiveUser(ctx.db, changed.createdByUserId) : null;
  if (creator) {
    const language = creator.language;
    await ctx.mailer.send({
      to: creator.email,
      language,
      template: "contract_status",
      values: {
        name: creator.firstName,
        number: changed.number,
        title: changed.title,
        status,
        url: publicLink(ctx.publicUrl, { page: "my-contracts", query: { id: changed.id } }, language),
      },
    });
  }
  const record = await findContract(ctx.db, undefined, id);
  if (!record) throw missing();
  return toStaffDto(record);
}
