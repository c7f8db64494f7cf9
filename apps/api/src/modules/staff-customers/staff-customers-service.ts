import type { CompanyAddress } from "@ems/contracts/companies";
import type {
  StaffCustomer,
  StaffCustomerDetail,
  StaffCustomerListQuery,
  StaffCustomerPage,
} from "@ems/contracts/staff-customers";
import type { Database } from "@ems/db/client";
import { notFound } from "../../lib/app-error.ts";
import { pageOf, pagingOf } from "../../lib/list-query.ts";
import {
  findCustomer,
  listCustomerAddresses,
  listCustomerUsers,
  listCustomers,
  type AddressRow,
  type CustomerRow,
} from "./staff-customers-repository.ts";

function customerDto(row: CustomerRow): StaffCustomer {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    vat_id: row.vatId,
    users_count: row.usersCount,
    open_quotes_count: row.openQuotesCount,
    orders_count: row.ordersCount,
    unpaid_invoices_count: row.unpaidInvoicesCount,
    created_at: row.createdAt.toISOString(),
  };
}

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

/** The back office's directory of customer companies (the operator's own company is not one). */
export async function customerPage(db: Database, query: StaffCustomerListQuery): Promise<StaffCustomerPage> {
  return pageOf(
    query,
    await listCustomers(db, {
      q: query.q,
      sort: query.sort,
      dir: query.dir,
      ...pagingOf(query),
    }),
    customerDto,
  );
}

/** One customer company with its users and addresses; the operator's company answers 404. */
export async function customerDetail(db: Database, id: string): Promise<StaffCustomerDetail> {
  const row = await findCustomer(db, id);
  if (!row) throw notFound("No such customer");
  const [members, addresses] = await Promise.all([listCustomerUsers(db, id), listCustomerAddresses(db, id)]);
  return {
    company: { ...customerDto(row), phone: row.phone, website: row.website },
    users: members.map((member) => ({
      id: member.id,
      name: `${member.firstName} ${member.lastName}`.trim(),
      email: member.email,
      role: member.role,
      status: member.status,
      language: member.language,
    })),
    addresses: addresses.map(addressDto),
  };
}
