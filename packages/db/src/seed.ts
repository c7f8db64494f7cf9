import { and, eq, sql } from "drizzle-orm";
import { siteConfig } from "@ems/config/site";
import type { Database } from "./client.ts";
import { nextDocumentNumber } from "./document-numbers.ts";
import { createCompany, createPcbSpec, createRedirectRule, createUser, type Executor } from "./factories.ts";
import { createAssemblySpec, createCustomerPart } from "./assembly-factories.ts";
import { createEngineeringQuery } from "./engineering-query-factories.ts";
import { taxOf } from "@ems/contracts/money";
import {
  createCreditNote,
  createDeliveryNote,
  createInvoice,
  createPayment,
  createSalesOrder,
} from "./order-factories.ts";
import { createQuote } from "./quote-factories.ts";
import { createContactMessage } from "./contact-factories.ts";
import {
  assemblySpecVersions,
  bomLines,
  companyAddresses,
  companyContacts,
  companyRelations,
  holidays,
  parcelServices,
  partSeries,
  pcbSpecVersions,
  placementSets,
  salesOrders,
  users,
} from "./schema.ts";

/** The demo sign-in that `npm start` prints; the demo brand and its customers are fictional. */
export const DEMO_USER = {
  email: "demo@customer.example",
  password: "demo-portal-2026",
  firstName: "Lena",
  lastName: "Hartmann",
} as const;

/**
 * One demo account per company role, plus the operator's staff (docs/behaviour/accounts.md#roles-and-permissions; ADR 0003). `npm start`
 * prints them. All share the demo company except the staff, who belong to the operator.
 */
export const DEMO_ACCOUNTS = [
  { ...DEMO_USER, role: "customer", companyRole: "admin", language: "en" },
  {
    email: "buyer@customer.example",
    password: "demo-buyer-2026",
    firstName: "Jonas",
    lastName: "Brenner",
    role: "customer",
    companyRole: "buyer",
    language: "de",
  },
  {
    email: "engineer@customer.example",
    password: "demo-engineer-2026",
    firstName: "Mira",
    lastName: "Castell",
    role: "customer",
    companyRole: "engineer",
    language: "en",
  },
  {
    email: "finance@customer.example",
    password: "demo-finance-2026",
    firstName: "Andrei",
    lastName: "Vlasceanu",
    role: "customer",
    companyRole: "finance",
    language: "ro",
  },
  {
    email: "viewer@customer.example",
    password: "demo-viewer-2026",
    firstName: "Sofie",
    lastName: "Lindahl",
    role: "customer",
    companyRole: "viewer",
    language: "sv",
  },
  {
    email: "staff@lindqvar.example",
    password: "demo-staff-2026",
    firstName: "Petra",
    lastName: "Keller",
    role: "staff_admin",
    companyRole: null,
    language: "de",
  },
  {
    email: "support@lindqvar.example",
    password: "demo-support-2026",
    firstName: "Tomas",
    lastName: "Lindgren",
    role: "staff",
    companyRole: null,
    language: "sv",
  },
] as const;

/** Where each demo account works, for the table `npm start` prints. */
export const DEMO_COMPANY_NAME = "Nordwind Sensorik GmbH";
export const OPERATOR_COMPANY_NAME = siteConfig.brand.legalName;

export interface SeedResult {
  created: boolean;
}

/** Writes the demo data once; running it again changes nothing. */
export async function seedDemoData(db: Database): Promise<SeedResult> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_USER.email))
    .limit(1);
  if (existing.length > 0) return { created: false };

  await db.transaction(async (tx) => {
    const customer = await createCompany(tx, {
      name: DEMO_COMPANY_NAME,
      country: "DE",
      vatId: "DE999010004",
      phone: "+49 421 000000",
      website: "https://nordwind-sensorik.example",
    });
    const operator = await createCompany(tx, {
      name: OPERATOR_COMPANY_NAME,
      country: "DE",
      vatId: "DE111010009",
      isOperator: true,
    });
    const customerUsers = new Map<string, string>();
    for (const { companyRole, ...account } of DEMO_ACCOUNTS) {
      const user = await createUser(tx, {
        ...account,
        companyId: companyRole ? customer.id : operator.id,
        ...(companyRole ? { companyRole } : {}),
      });
      if (companyRole) customerUsers.set(companyRole, user.id);
    }

    const second = await createCompany(tx, {
      name: "Carpathia Drives SRL",
      country: "RO",
      vatId: "RO9900006",
    });
    await createUser(tx, {
      email: "ioana.popescu@carpathia.example",
      password: "carpathia-demo-2026",
      firstName: "Ioana",
      lastName: "Popescu",
      language: "ro",
      companyId: second.id,
    });

    await tx.insert(companyAddresses).values([
      {
        companyId: customer.id,
        label: "Head office",
        recipient: "Nordwind Sensorik GmbH – Accounts payable",
        street: "Am Speicher 4",
        postalCode: "28217",
        city: "Bremen",
        country: "DE",
        isBilling: true,
      },
      {
        companyId: customer.id,
        label: "Production site",
        recipient: "Nordwind Sensorik GmbH – Goods receiving",
        street: "Gewerbering 17",
        postalCode: "27711",
        city: "Osterholz-Scharmbeck",
        country: "DE",
        isShipping: true,
      },
    ]);
    await tx.insert(companyContacts).values({
      companyId: customer.id,
      firstName: "Greta",
      lastName: "Ohlsen",
      email: "wareneingang@nordwind-sensorik.example",
      phone: "+49 4791 000000",
      position: "Goods receiving",
    });
    // Carpathia builds the drives Nordwind's sensors go into: each is the other's affiliate.
    await tx.insert(companyRelations).values([
      { companyId: customer.id, relatedCompanyId: second.id, relation: "affiliate" },
      { companyId: second.id, relatedCompanyId: customer.id, relation: "affiliate" },
    ]);

    await seedReferenceData(tx);
    await seedDemoDocuments(tx, customer.id, customerUsers);
    await seedBackOfficeQueues(tx, second.id);

    // Short addresses that printed material and e-mail signatures use.
    await createRedirectRule(tx, { fromPath: "/imprint", target: "/legal/imprint" });
    await createRedirectRule(tx, { fromPath: "/privacy", target: "/legal/privacy" });
    await createRedirectRule(tx, { fromPath: "/impressum", target: "/de/rechtliches/impressum" });
  });
  return { created: true };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number, from = new Date()) =>
  new Date(from.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/**
 * The operator's parcel services and non-working days (German public holidays at the Bamberg site
 * and the Christmas shutdown) for this year and the next, so delivery dates are right from day one.
 */
async function seedReferenceData(tx: Executor): Promise<void> {
  await tx.insert(parcelServices).values([
    { name: "DHL Express 12:00", carrier: "DHL", priceMinor: 4_900, currency: "EUR", transitDays: 1 },
    { name: "UPS Standard", carrier: "UPS", priceMinor: 1_950, currency: "EUR", transitDays: 3 },
    { name: "DPD Classic", carrier: "DPD", priceMinor: 1_290, currency: "EUR", transitDays: 2 },
    { name: "Pick-up in Bamberg", carrier: "Pick-up", priceMinor: 0, currency: "EUR", transitDays: 0 },
  ]);
  const year = new Date().getUTCFullYear();
  const fixed = [
    ["01-01", "New Year's Day"],
    ["01-06", "Epiphany"],
    ["05-01", "Labour Day"],
    ["08-15", "Assumption Day"],
    ["10-03", "Day of German Unity"],
    ["11-01", "All Saints' Day"],
    ["12-24", "Christmas shutdown"],
    ["12-25", "Christmas Day"],
    ["12-26", "Second Day of Christmas"],
    ["12-31", "Christmas shutdown"],
  ] as const;
  const rows = [year, year + 1].flatMap((y) => [
    ...fixed.map(([day, name]) => ({ date: `${y}-${day}`, name })),
    ...easterHolidays(y),
  ]);
  await tx.insert(holidays).values(rows);
}

/** Good Friday, Easter Monday, Ascension, Whit Monday and Corpus Christi (Bavaria) of a year. */
function easterHolidays(year: number): { date: string; name: string }[] {
  // Anonymous Gregorian algorithm (Meeus/Jones/Butcher).
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  const easter = new Date(Date.UTC(year, month - 1, day));
  return [
    [-2, "Good Friday"],
    [1, "Easter Monday"],
    [39, "Ascension Day"],
    [50, "Whit Monday"],
    [60, "Corpus Christi"],
  ].map(([offset, name]) => ({ date: isoDay(offset as number, easter), name: name as string }));
}

const NORDWIND_BILLING = {
  recipient: "Nordwind Sensorik GmbH – Accounts payable",
  street: "Am Speicher 4",
  street2: null,
  postal_code: "28217",
  city: "Bremen",
  region: null,
  country: "DE",
};
const NORDWIND_SHIPPING = {
  ...NORDWIND_BILLING,
  recipient: "Nordwind Sensorik GmbH – Goods receiving",
  street: "Gewerbering 17",
  postal_code: "27711",
  city: "Osterholz-Scharmbeck",
};

/**
 * A few months of business with the demo company, so every portal page has something to show: quotes
 * in each status, an order in production, a shipped and invoiced order, a paid one.
 */
async function seedDemoDocuments(
  tx: Executor,
  companyId: string,
  userIds: Map<string, string>,
): Promise<void> {
  const buyer = userIds.get("buyer") ?? null;
  const engineer = userIds.get("engineer") ?? null;
  const assembly = (description: string, tiers: [number, number][], engineering: number, lead: number) => ({
    category: "assemblies" as const,
    description,
    tiers: tiers.map(([quantity, unit_price_minor]) => ({ quantity, unit_price_minor })),
    engineeringCostMinor: engineering,
    leadTimeDays: lead,
  });

  // The bare board of the sensor quote, as an engineer specified it: rev C is what was quoted.
  const sensorBoard = await createPcbSpec(tx, {
    companyId,
    fields: {
      name: "NW-420 humidity sensor",
      customer_part_number: "NW-420-PCB",
      layers: 6,
      inner_copper_um: 18,
      width_mm: 48.5,
      height_mm: 32,
      min_track_um: 100,
      min_gap_um: 100,
      min_drill_mm: 0.2,
      via_treatment: "plugged",
      date_code: true,
    },
    versions: [{ revision: "B" }, { revision: "C", mask_top: "black", mask_bottom: "black" }],
    spec: { createdByUserId: engineer },
    version: { createdByUserId: engineer },
  });
  const quotedBoard = sensorBoard.versions[1]!;
  await tx
    .update(pcbSpecVersions)
    .set({ frozenAt: new Date(), frozenReason: "quote" })
    .where(eq(pcbSpecVersions.id, quotedBoard.id));
  const sensorAssembly = await seedSensorAssembly(tx, companyId, quotedBoard.id, engineer);
  await seedEngineeringQueries(tx, companyId, sensorAssembly, engineer);

  await createQuote(tx, {
    companyId,
    status: "Open",
    title: "NW-420 humidity sensor, rev C",
    customerReference: "RFQ-2026-117",
    requestedByUserId: engineer,
    validUntil: isoDay(24),
    lines: [
      {
        ...assembly(
          "NW-420 sensor board, SMT both sides, 0402 passives, BGA",
          [
            [50, 3_890],
            [250, 2_740],
            [1_000, 2_115],
          ],
          48_000,
          15,
        ),
        assemblySpecVersionId: sensorAssembly,
      },
      {
        category: "pcb",
        description: "NW-420 bare PCB, 6 layers FR-4, ENIG, 1.6 mm",
        pcbSpecVersionId: quotedBoard.id,
        tiers: [
          { quantity: 50, unit_price_minor: 1_240 },
          { quantity: 250, unit_price_minor: 690 },
        ],
        engineeringCostMinor: 18_500,
        leadTimeDays: 10,
      },
    ],
  });
  await createQuote(tx, {
    companyId,
    status: "In Progress",
    title: "Gateway main board, prototype run",
    requestNotes: "Ten prototypes first; the BOM is final, two connectors may change.",
    requestedByUserId: buyer,
    lines: [assembly("Gateway main board, THT connectors", [[10, 0]], 0, 10)],
  });
  await createQuote(tx, {
    companyId,
    status: "Expired",
    title: "Display adapter, small series",
    validUntil: isoDay(-12),
    lines: [
      assembly(
        "Display adapter board",
        [
          [100, 1_450],
          [500, 980],
        ],
        22_000,
        12,
      ),
    ],
  });
  await createQuote(tx, {
    companyId,
    status: "Declined",
    title: "Battery monitor, cost-down variant",
    declineReason: "The project was put on hold by our customer.",
    decidedAt: new Date(Date.now() - 20 * DAY_MS),
    lines: [assembly("Battery monitor board, single-sided", [[500, 860]], 12_000, 15)],
  });

  // An order in production: SMT is done, THT is half-way.
  const running = await createQuote(tx, {
    companyId,
    status: "Ordered",
    title: "NW-300 pressure sensor, series 3",
    requestedByUserId: buyer,
    validUntil: isoDay(10),
    decidedAt: new Date(Date.now() - 9 * DAY_MS),
    lines: [
      assembly(
        "NW-300 sensor board, series",
        [
          [500, 2_150],
          [1_000, 1_790],
        ],
        0,
        20,
      ),
    ],
  });
  const inProduction = await createSalesOrder(tx, {
    companyId,
    quoteId: running.quote.id,
    number: await nextDocumentNumber(tx, "order"),
    status: "in_production",
    poNumber: "PO-4711-0932",
    placedByUserId: buyer,
    billingAddress: NORDWIND_BILLING,
    shippingAddress: NORDWIND_SHIPPING,
    parcelServiceName: "UPS Standard",
    shippingMinor: 1_950,
    deliveryDate: isoDay(16),
    createdAt: new Date(Date.now() - 9 * DAY_MS),
    lines: [
      {
        description: "NW-300 sensor board, series",
        quantity: 1_000,
        unitPriceMinor: 1_790,
        engineeringCostMinor: 0,
        leadTimeDays: 20,
        deliveryDate: isoDay(16),
      },
    ],
    stagePercents: { material_procurement: 100, smt: 100, tht: 50 },
  });
  void inProduction;

  // A shipped, invoiced order whose invoice is still open, and an older one that is paid.
  for (const [title, daysAgo, paid] of [
    ["NW-200 level sensor, pilot batch", 40, false],
    ["NW-100 flow sensor, reorder", 95, true],
  ] as const) {
    const quote = await createQuote(tx, {
      companyId,
      status: "Ordered",
      title,
      validUntil: isoDay(-daysAgo + 20),
      sentAt: new Date(Date.now() - (daysAgo + 5) * DAY_MS),
      decidedAt: new Date(Date.now() - daysAgo * DAY_MS),
      lines: [assembly(`${title.split(",")[0]} board`, [[250, 1_980]], 15_000, 15)],
    });
    const placed = new Date(Date.now() - daysAgo * DAY_MS);
    const { order } = await createSalesOrder(tx, {
      companyId,
      quoteId: quote.quote.id,
      number: await nextDocumentNumber(tx, "order", placed),
      status: paid ? "completed" : "shipped",
      poNumber: paid ? "PO-4711-0815" : "PO-4711-0870",
      placedByUserId: buyer,
      billingAddress: NORDWIND_BILLING,
      shippingAddress: NORDWIND_SHIPPING,
      parcelServiceName: "DHL Express 12:00",
      shippingMinor: 4_900,
      deliveryDate: isoDay(-daysAgo + 21),
      createdAt: placed,
      lines: [
        {
          description: `${title.split(",")[0]} board`,
          quantity: 250,
          unitPriceMinor: 1_980,
          engineeringCostMinor: 15_000,
          leadTimeDays: 15,
          deliveryDate: isoDay(-daysAgo + 21),
        },
      ],
      stagePercents: {
        material_procurement: 100,
        smt: 100,
        tht: 100,
        inspection: 100,
        testing: 100,
        packing: 100,
        shipped: 100,
      },
    });
    const shippedAt = new Date(Date.now() - (daysAgo - 21) * DAY_MS);
    await createDeliveryNote(tx, {
      orderId: order.id,
      number: await nextDocumentNumber(tx, "delivery", shippedAt),
      carrier: "DHL",
      trackingNumber: paid ? "00340434161094015902" : "00340434161094042557",
      shippedAt,
    });
    const invoice = await createInvoice(tx, {
      orderId: order.id,
      number: await nextDocumentNumber(tx, "invoice", shippedAt),
      issuedOn: isoDay(-(daysAgo - 21)),
      dueOn: isoDay(-(daysAgo - 51)),
      status: paid ? "paid" : "unpaid",
      paidAt: paid ? new Date(Date.now() - (daysAgo - 40) * DAY_MS) : null,
    });
    if (paid) {
      await createPayment(tx, {
        invoiceId: invoice.id,
        companyId,
        method: "bank_transfer",
        provider: "bank_transfer",
        amountMinor: invoice.totalMinor,
        currency: invoice.currency,
        paidOn: isoDay(-(daysAgo - 40)),
        status: "succeeded",
      });
    } else {
      // Five boards arrived damaged: corrected by a credit note, so the open amount is less the credit.
      const line = invoice.lines.find((l) => l.position > 0)!;
      const credited = { ...line, quantity: 5, amount_minor: 5 * line.unit_price_minor };
      const tax = taxOf(credited.amount_minor, invoice.taxRateBp);
      const creditedAt = new Date(Date.now() - (daysAgo - 25) * DAY_MS);
      await createCreditNote(tx, {
        invoiceId: invoice.id,
        number: await nextDocumentNumber(tx, "credit_note", creditedAt),
        reason: "5 boards damaged in transit (carrier claim DHL-4471)",
        lines: [credited],
        subtotalMinor: credited.amount_minor,
        taxMinor: tax,
        totalMinor: credited.amount_minor + tax,
        issuedOn: isoDay(-(daysAgo - 25)),
      });
    }
  }
}

const CARPATHIA_ADDRESS = {
  recipient: "Carpathia Drives SRL – Recepție marfă",
  street: "Strada Fabricii 12",
  street2: null,
  postal_code: "400620",
  city: "Cluj-Napoca",
  region: null,
  country: "RO",
};

/**
 * Something in every queue of the back-office home (docs/behaviour/back-office.md#home) beside
 * Nordwind's documents: Carpathia has an order in production due within the week, an order on
 * hold that is already late, an invoice whose bank transfer it announced, and two visitors wrote
 * through the contact form.
 */
async function seedBackOfficeQueues(tx: Executor, companyId: string): Promise<void> {
  const order = async (
    title: string,
    options: { daysAgo: number; dueIn: number; status: "confirmed" | "in_production" | "shipped" },
  ) => {
    const placed = new Date(Date.now() - options.daysAgo * DAY_MS);
    const quote = await createQuote(tx, {
      companyId,
      status: "Ordered",
      title,
      currency: "EUR",
      taxRateBp: 0,
      taxTreatment: "reverse_charge",
      customerVatId: "RO9900006",
      validUntil: isoDay(-options.daysAgo + 20),
      sentAt: new Date(placed.getTime() - 3 * DAY_MS),
      decidedAt: placed,
      lines: [
        {
          category: "assemblies",
          description: `${title.split(",")[0]} board`,
          tiers: [{ quantity: 200, unit_price_minor: 2_480 }],
          engineeringCostMinor: 0,
          leadTimeDays: 15,
        },
      ],
    });
    return createSalesOrder(tx, {
      companyId,
      quoteId: quote.quote.id,
      number: await nextDocumentNumber(tx, "order", placed),
      status: options.status,
      poNumber: `CD-${placed.getUTCFullYear()}-${100 + options.daysAgo}`,
      billingAddress: { ...CARPATHIA_ADDRESS, recipient: "Carpathia Drives SRL – Contabilitate" },
      shippingAddress: CARPATHIA_ADDRESS,
      parcelServiceName: "DHL Express 12:00",
      shippingMinor: 4_900,
      taxRateBp: 0,
      taxTreatment: "reverse_charge",
      customerVatId: "RO9900006",
      deliveryDate: isoDay(options.dueIn),
      createdAt: placed,
      lines: [
        {
          description: `${title.split(",")[0]} board`,
          quantity: 200,
          unitPriceMinor: 2_480,
          engineeringCostMinor: 0,
          leadTimeDays: 15,
          deliveryDate: isoDay(options.dueIn),
        },
      ],
      stagePercents:
        options.status === "shipped"
          ? {
              material_procurement: 100,
              smt: 100,
              tht: 100,
              inspection: 100,
              testing: 100,
              packing: 100,
              shipped: 100,
            }
          : options.status === "in_production"
            ? { material_procurement: 100, smt: 60 }
            : {},
    });
  };

  await order("CD-7 motor controller, series 2", { daysAgo: 12, dueIn: 4, status: "in_production" });
  const held = await order("CD-9 encoder interface, pilot", { daysAgo: 20, dueIn: -2, status: "confirmed" });
  await tx
    .update(salesOrders)
    .set({
      productionHeldAt: new Date(Date.now() - 3 * DAY_MS),
      productionHoldReason: "Waiting for the customer's approval of the changed connector footprint.",
    })
    .where(eq(salesOrders.id, held.order.id));

  const shipped = await order("CD-5 brake driver, reorder", { daysAgo: 45, dueIn: -24, status: "shipped" });
  const shippedAt = new Date(Date.now() - 24 * DAY_MS);
  await createDeliveryNote(tx, {
    orderId: shipped.order.id,
    number: await nextDocumentNumber(tx, "delivery", shippedAt),
    carrier: "DHL",
    trackingNumber: "00340434161094077311",
    shippedAt,
  });
  const invoice = await createInvoice(tx, {
    orderId: shipped.order.id,
    number: await nextDocumentNumber(tx, "invoice", shippedAt),
    taxTreatment: "reverse_charge",
    customerVatId: "RO9900006",
    issuedOn: isoDay(-24),
    dueOn: isoDay(6),
  });
  // The customer announced the transfer yesterday; staff have not seen the money yet.
  await createPayment(tx, {
    invoiceId: invoice.id,
    paidOn: isoDay(-1),
    createdAt: new Date(Date.now() - DAY_MS),
  });

  await createContactMessage(tx, {
    reference: await nextDocumentNumber(tx, "contact", new Date(Date.now() - 2 * DAY_MS)),
    name: "Maja Lindholm",
    company: "Aurora Marine Oy",
    email: "maja.lindholm@aurora-marine.example",
    phone: "+358 40 000 0000",
    message:
      "We build navigation displays for workboats and need 200 assembled controller boards per quarter, IPC class 3. Could you quote a framework agreement? Gerber and BOM are ready.",
    language: "en",
    createdAt: new Date(Date.now() - 2 * DAY_MS),
  });
  await createContactMessage(tx, {
    reference: await nextDocumentNumber(tx, "contact"),
    name: "Jonas Keller",
    company: null,
    email: "jonas.keller@example.org",
    message:
      "Guten Tag, fertigen Sie auch Kleinserien von 20 Stück mit THT-Steckverbindern? Ich entwickle einen Synthesizer-Baustein und suche einen Fertiger in Europa.",
    language: "de",
  });
}

/** The id of the line of the assembly version's BOM that names the designator. */
async function bomLineNaming(tx: Executor, assemblyVersionId: string, designator: string): Promise<string> {
  const [line] = await tx
    .select({ id: bomLines.id })
    .from(bomLines)
    .innerJoin(assemblySpecVersions, eq(assemblySpecVersions.bomVersionId, bomLines.bomVersionId))
    .where(
      and(
        eq(assemblySpecVersions.id, assemblyVersionId),
        sql`${bomLines.designators} @> ${JSON.stringify([designator])}::jsonb`,
      ),
    )
    .limit(1);
  if (!line) throw new Error(`The demo BOM has no line naming ${designator}`);
  return line.id;
}

/**
 * Two engineering queries our engineers raised on the NW-420 assembly: the LED's polarity, still
 * waiting for the customer's answer, and the flash's package, which the customer's engineer answered.
 * Both pin their BOM line too, so the BOM page marks the lines they are about.
 */
async function seedEngineeringQueries(
  tx: Executor,
  companyId: string,
  assemblyVersionId: string,
  engineer: string | null,
): Promise<void> {
  const staffAccount = DEMO_ACCOUNTS.find((account) => account.role === "staff_admin")!;
  const [raiser] = await tx.select({ id: users.id }).from(users).where(eq(users.email, staffAccount.email));
  const raisedBy = {
    raisedByUserId: raiser?.id ?? null,
    raisedByName: `${staffAccount.firstName} ${staffAccount.lastName}`,
  };
  await createEngineeringQuery(tx, {
    companyId,
    assemblySpecVersionId: assemblyVersionId,
    ...raisedBy,
    title: "D1 polarity: silkscreen and footprint disagree",
    description:
      "The silkscreen marks D1's cathode next to pad 2, while the footprint's pad 1 is the cathode (as in the LED's datasheet). Which one should we follow when placing the LED?",
    location: {
      designators: ["D1"],
      bom_line_ids: [await bomLineNaming(tx, assemblyVersionId, "D1")],
      points: [],
    },
    options: ["Follow the footprint: cathode on pad 1", "Follow the silkscreen: rotate D1 by 180°"],
    createdAt: new Date(Date.now() - 2 * DAY_MS),
  });
  await createEngineeringQuery(tx, {
    companyId,
    assemblySpecVersionId: assemblyVersionId,
    ...raisedBy,
    title: "U4 flash: 150 mil or 208 mil SOIC-8?",
    description:
      "The BOM names W25Q16JVSNIQ (150 mil body), but the footprint's pads are spaced for the 208 mil body. Please confirm which package you want.",
    location: {
      designators: ["U4"],
      bom_line_ids: [await bomLineNaming(tx, assemblyVersionId, "U4")],
      points: [],
    },
    options: ["150 mil, as in the BOM (W25Q16JVSNIQ)", "208 mil (W25Q16JVSSIQ)"],
    createdAt: new Date(Date.now() - 6 * DAY_MS),
    answer: {
      userId: engineer,
      name: "Mira Castell",
      optionIndex: 0,
      body: "150 mil as in the BOM; the wide pads were left over from rev B and solder fine.",
      at: new Date(Date.now() - 4 * DAY_MS),
    },
  });
}

/**
 * The NW-420's assembly as its engineer specified it: the item master's parts, a BOM of real parts
 * (most matched, two not yet in the item master, test points not fitted) with a substitute our
 * engineering proposed, quoted as version 1. Answers the version's id.
 */
async function seedSensorAssembly(
  tx: Executor,
  companyId: string,
  pcbVersionId: string,
  engineer: string | null,
): Promise<string> {
  const part = (
    partNumber: string,
    description: string,
    type: "ic" | "capacitor" | "resistor" | "led",
    manufacturer: string,
    mpn: string,
    lifecycle: "active" | "nrnd" | null = "active",
  ) =>
    createCustomerPart(tx, {
      companyId,
      partNumber,
      description,
      type,
      mpns: [{ manufacturer, mpn }],
      part: {
        createdByUserId: engineer,
        msl: type === "ic" ? "3" : null,
        polarized: type === "ic" || type === "led",
        lifecycle,
      },
    });
  const mcu = await part(
    "NW-0001",
    "MCU Cortex-M0+ 192 KB flash",
    "ic",
    "STMicroelectronics",
    "STM32L072CZT6",
  );
  const sensor = await part(
    "NW-0002",
    "Humidity and temperature sensor ±1.8 %RH",
    "ic",
    "Sensirion",
    "SHT40-AD1B-R2",
  );
  const buck = await part("NW-0003", "Step-down converter 300 mA, 360 nA IQ", "ic", "TI", "TPS62740DSSR");
  const c100n = await part("NW-0004", "100 nF 16 V X7R 0402", "capacitor", "Murata", "GRM155R71C104KA88D");
  // A commodity resistor nobody looked up, and an LED the distributor flags: the BOM shows both cases.
  const r10k = await part("NW-0005", "10 kΩ 1 % 0402", "resistor", "Yageo", "RC0402FR-0710KL", null);
  const led = await part("NW-0006", "LED green 0603", "led", "Würth Elektronik", "150060GS75000", "nrnd");
  await tx
    .insert(partSeries)
    .values({ companyId, prefix: "NW-", digits: 4, nextNumber: 7 })
    .onConflictDoNothing();

  const { spec, version } = await createAssemblySpec(tx, {
    companyId,
    pcbSpecVersionId: pcbVersionId,
    createdByUserId: engineer,
    fields: {
      name: "NW-420 humidity sensor",
      customer_part_number: "NW-420-A",
      revision: "C",
      top_smt: true,
      top_tht: true,
      bottom_smt: true,
      parts_sourcing: "turnkey",
      quantity_tiers: [50, 250, 1_000],
      programming: true,
      programming_notes: "Flash firmware nw420-2.3.1.hex through J1 (SWD) and check the version over UART.",
    },
    bom: [
      {
        designators: ["U1"],
        value: "STM32L072CZT6",
        footprint: "LQFP-64",
        parts: [{ manufacturer: "STMicroelectronics", mpn: "STM32L072CZT6" }],
        partId: mcu.id,
      },
      {
        designators: ["U2"],
        value: "SHT40",
        footprint: "DFN-4 1.5x1.5",
        parts: [{ manufacturer: "Sensirion", mpn: "SHT40-AD1B-R2" }],
        partId: sensor.id,
      },
      {
        designators: ["U3"],
        value: "TPS62740",
        footprint: "WSON-12",
        parts: [{ manufacturer: "Texas Instruments", mpn: "TPS62740DSSR" }],
        partId: buck.id,
      },
      {
        designators: ["U4"],
        value: "W25Q16JV",
        footprint: "SOIC-8",
        parts: [{ manufacturer: "Winbond", mpn: "W25Q16JVSNIQ" }],
      },
      {
        designators: ["C1", "C2", "C3", "C4", "C5", "C6"],
        value: "100nF",
        footprint: "0402",
        parts: [{ manufacturer: "Murata", mpn: "GRM155R71C104KA88D" }],
        partId: c100n.id,
      },
      {
        designators: ["C7", "C8"],
        value: "10uF",
        footprint: "0603",
        parts: [{ manufacturer: "Murata", mpn: "GRM188R61A106KE69D" }],
      },
      {
        designators: ["R1", "R2", "R3"],
        value: "10k",
        footprint: "0402",
        parts: [{ manufacturer: "Yageo", mpn: "RC0402FR-0710KL" }],
        partId: r10k.id,
      },
      {
        designators: ["L1"],
        value: "2.2uH",
        footprint: "1008",
        parts: [{ manufacturer: "Murata", mpn: "LQM2HPN2R2MG0L" }],
        substitution: {
          manufacturer: "TDK",
          mpn: "MLP2520S2R2MT0S1",
          reason:
            "LQM2HPN2R2MG0L has a lead time of 26 weeks; the TDK part has the same footprint, current rating and DCR.",
          status: "proposed",
          proposed_at: new Date().toISOString(),
          decided_at: null,
        },
      },
      {
        designators: ["Y1"],
        value: "32.768kHz",
        footprint: "2012",
        parts: [{ manufacturer: "Abracon", mpn: "ABS07-32.768KHZ-T" }],
      },
      {
        designators: ["D1"],
        value: "green",
        footprint: "0603",
        parts: [{ manufacturer: "Würth Elektronik", mpn: "150060GS75000" }],
        partId: led.id,
      },
      {
        designators: ["J1"],
        value: "SWD 1x6",
        footprint: "PinHeader_1x06_P2.54",
        parts: [{ manufacturer: "Samtec", mpn: "TSW-106-07-G-S" }],
      },
      { designators: ["TP1", "TP2", "TP3"], value: "TP", footprint: "TestPoint_Pad_1.0mm", dnp: true },
    ],
  });
  const placements = await seedSensorPlacements(tx, spec.id, engineer);
  await tx
    .update(assemblySpecVersions)
    .set({ frozenAt: new Date(), frozenReason: "quote", placementSetId: placements })
    .where(eq(assemblySpecVersions.id, version.id));
  return version.id;
}

/**
 * The NW-420's pick-and-place data as its engineer exported it (KiCad, mm, origin at the board's
 * lower left corner on its 48.5 × 32 mm board): every fitted part of the BOM, the humidity sensor on
 * the bottom, so the board views can show where a BOM line or an engineering query's parts sit.
 */
async function seedSensorPlacements(
  tx: Executor,
  assemblyId: string,
  engineer: string | null,
): Promise<string> {
  const parts: [string, number, number, number, "top" | "bottom", string, string][] = [
    ["U1", 20, 16, 0, "top", "STM32L072CZT6", "LQFP-64_10x10mm_P0.5mm"],
    ["U2", 24, 4.5, 0, "bottom", "SHT40", "Sensirion_DFN-4_1.5x1.5mm"],
    ["U3", 37.5, 24, 90, "top", "TPS62740", "WSON-12_2x3mm"],
    ["U4", 38, 10, 0, "top", "W25Q16JV", "SOIC-8_3.9x4.9mm"],
    ["C1", 13.5, 23.5, 0, "top", "100nF", "C_0402"],
    ["C2", 13.5, 8.5, 0, "top", "100nF", "C_0402"],
    ["C3", 26.5, 23.5, 0, "top", "100nF", "C_0402"],
    ["C4", 26.5, 8.5, 0, "top", "100nF", "C_0402"],
    ["C5", 33, 27, 90, "top", "100nF", "C_0402"],
    ["C6", 43.5, 5, 0, "top", "100nF", "C_0402"],
    ["C7", 41, 28, 0, "top", "10uF", "C_0603"],
    ["C8", 45, 28, 0, "top", "10uF", "C_0603"],
    ["R1", 8.5, 20, 90, "top", "10k", "R_0402"],
    ["R2", 8.5, 16, 90, "top", "10k", "R_0402"],
    ["R3", 8.5, 12, 90, "top", "10k", "R_0402"],
    ["L1", 44, 17, 90, "top", "2.2uH", "L_1008"],
    ["Y1", 20, 27.5, 0, "top", "32.768kHz", "Crystal_2012"],
    ["D1", 4.5, 28, 180, "top", "green", "LED_0603"],
    ["J1", 3, 14, 90, "top", "SWD 1x6", "PinHeader_1x06_P2.54mm"],
  ];
  const [set] = await tx
    .insert(placementSets)
    .values({
      assemblyId,
      sourceName: "NW-420-C-all-pos.csv",
      tool: "kicad",
      unit: "mm",
      panelCopies: 1,
      origin: "lower_left",
      placements: parts.map(([designator, x, y, rotation, side, value, footprint], index) => ({
        row: index + 2,
        designator,
        x,
        y,
        rotation,
        side,
        mount: designator === "J1" ? "tht" : "smt",
        value,
        footprint,
      })),
      problems: [],
      createdByUserId: engineer,
    })
    .returning({ id: placementSets.id });
  if (!set) throw new Error("seedSensorPlacements inserted no placement set");
  return set.id;
}
