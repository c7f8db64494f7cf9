import { expect, type APIResponse, type Page } from "@playwright/test";
import { registerCompany, signInByApi } from "./accounts.ts";

export const STAFF = { email: "staff@lindqvar.example", password: "demo-staff-2026" } as const;

/** The `data` of an API answer, after checking it succeeded. */
export async function apiData<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Staff quote SB-7 sensor boards to a customer company (by its name) and send the quote, after making
 * sure an active parcel service exists for the order that follows. Answers the sent quote.
 */
export async function sendSensorBoardQuote(
  staff: Page,
  customer: Page,
  options: {
    company: string;
    title: string;
    quantities?: readonly number[];
    /** The line is built to this version of one of the company's assembly specifications. */
    assemblySpecVersionId?: string;
  },
): Promise<{ id: string; number: string }> {
  const customers = await apiData<{ items: { id: string; name: string }[] }>(
    await staff.request.get(`/api/staff/customers?q=${encodeURIComponent(options.company)}`),
  );
  const company = customers.items.find((c) => c.name === options.company);
  expect(company, options.company).toBeTruthy();

  await apiData(
    await staff.request.post("/api/staff/parcel-services", {
      data: {
        name: `DHL Express ${Date.now()}`,
        carrier: "DHL",
        price_minor: 2490,
        currency: "EUR",
        transit_days: 2,
        active: true,
      },
    }),
  ).catch(async () => {
    // Another journey may have made one already; any active service will do.
    const services = await apiData<{ id: string; active: boolean }[]>(
      await customer.request.get("/api/parcel-services"),
    );
    expect(services.some((s) => s.active)).toBe(true);
  });

  const quote = await apiData<{ id: string; number: string }>(
    await staff.request.post("/api/staff/quotes", {
      data: {
        company_id: company!.id,
        title: options.title,
        currency: "EUR",
        valid_until: day(30),
        lines: [
          {
            category: "assemblies",
            description: "SB-7 sensor board, SMT both sides",
            ...(options.assemblySpecVersionId
              ? { assembly_spec_version_id: options.assemblySpecVersionId }
              : {}),
            lead_time_days: 10,
            engineering_cost_minor: 15_000,
            tiers: (options.quantities ?? [100, 250]).map((quantity, i) => ({
              quantity,
              unit_price_minor: 1_250 - i * 150,
            })),
          },
        ],
      },
    }),
  );
  await apiData(
    await staff.request.post(`/api/staff/quotes/${quote.id}/send`, { data: { valid_until: day(30) } }),
  );
  return quote;
}

/**
 * The signed-in customer orders `quantity` of a sent quote's first line through the API (placeOrder),
 * with the company's default addresses and the cheapest active parcel service.
 */
export async function orderQuoteByApi(
  customer: Page,
  quoteId: string,
  quantity: number,
): Promise<{ order_id: string; order_number: string }> {
  const detail = await apiData<{ lines: { id: string }[] }>(
    await customer.request.get(`/api/quotes/${quoteId}`),
  );
  const addresses = await apiData<{ id: string; is_billing: boolean; is_shipping: boolean }[]>(
    await customer.request.get("/api/company/addresses"),
  );
  const services = await apiData<{ id: string; active: boolean }[]>(
    await customer.request.get("/api/parcel-services"),
  );
  const terms = await apiData<{ version: string }>(await customer.request.get("/api/orders/terms"));
  return apiData<{ order_id: string; order_number: string }>(
    await customer.request.post("/api/orders", {
      data: {
        quote_id: quoteId,
        lines: [{ line_id: detail.lines[0]!.id, quantity }],
        po_number: `PO-${Date.now()}`,
        billing_address_id: addresses.find((a) => a.is_billing)!.id,
        shipping_address_id: addresses.find((a) => a.is_shipping)!.id,
        parcel_service_id: services.find((s) => s.active)!.id,
        terms_version: terms.version,
        accept_terms: true,
      },
    }),
  );
}

/**
 * Quote to order through the API: staff quote 100 or 250 SB-7 sensor boards to a company (the demo
 * company, Nordwind Sensorik GmbH, unless named) and send the quote; the signed-in customer orders
 * 100 of them.
 */
export async function placeSensorBoardOrder(
  staff: Page,
  customer: Page,
  title = "Sensor board SB-7, pilot run",
  company = "Nordwind Sensorik GmbH",
): Promise<{ order_id: string; order_number: string }> {
  const quote = await sendSensorBoardQuote(staff, customer, { company, title });
  return orderQuoteByApi(customer, quote.id, 100);
}

/**
 * A new company of `country` registers, signs in and adds the address its documents go to; answers
 * the user's e-mail. A journey that bills its own company reads figures no other journey changes.
 */
export async function registerCustomer(
  page: Page,
  stamp: number,
  who: { company: string; country: string; vatId?: string; street: string; postcode: string; city: string },
): Promise<string> {
  const email = `finance.${stamp}@${who.country.toLowerCase()}-customer.example`;
  const password = `cross border invoicing ${stamp}`;
  await registerCompany(page, {
    company: who.company,
    firstName: "Maja",
    lastName: "Lind",
    email,
    password,
    country: who.country,
    vatId: who.vatId,
  });
  await signInByApi(page, email, password);
  await apiData(
    await page.request.post("/api/company/addresses", {
      data: {
        label: "Head office",
        street: who.street,
        postal_code: who.postcode,
        city: who.city,
        country: who.country,
        is_billing: true,
        is_shipping: true,
      },
    }),
  );
  return email;
}
