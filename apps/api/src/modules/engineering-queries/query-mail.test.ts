import { afterEach, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { createAssemblySpec } from "@ems/db/assembly-factories";
import { createCompany, createPcbSpec, createUser, type CompanyRole } from "@ems/db/factories";
import { createSalesOrder } from "@ems/db/order-factories";
import { createHoliday } from "@ems/db/quote-factories";
import {
  companyFiles,
  engineeringQueries,
  engineeringQueryFiles,
  engineeringQueryMessages,
  mailOutbox,
  salesOrderLines,
  storedFiles,
  users,
} from "@ems/db/schema";
import type { QueryStatus } from "@ems/contracts/engineering-queries";
import { documentTexts } from "../documents/document-texts.ts";
import { loadEnv } from "../../env.ts";
import { useTestApp } from "../../test/test-app.ts";
import { queueQueryMail, type QueryMailEvent } from "./query-mail.ts";
import { sendDueQueryReminders } from "./query-reminders.ts";

/**
 * Issue 21 point 2, the e-mails: a new query, a reply and a closing each mail the other side in
 * their language, and an open query is reminded every QUERY_REMINDER_WORKING_DAYS working days
 * (weekends and holidays skipped) until it is answered. Queries are written straight to the
 * database, so these tests stand apart from the module's endpoints.
 */
const PUBLIC_URL = "https://portal.example.test";
const t = useTestApp({ RATE_LIMIT_MAX: "10000", PUBLIC_URL });
const db = () => t().db.db;

type User = Awaited<ReturnType<typeof createUser>>;

// Reminders look at every open query of the database: each test leaves none open for the next.
afterEach(async () => {
  await db()
    .update(engineeringQueries)
    .set({ status: "withdrawn" })
    .where(eq(engineeringQueries.status, "open"));
});

const member = (companyId: string, companyRole: CompanyRole, extra: Parameters<typeof createUser>[1] = {}) =>
  createUser(db(), { companyId, companyRole, password: null, ...extra });

let operatorId: string | undefined;
async function staffMember(extra: Parameters<typeof createUser>[1] = {}) {
  operatorId ??= (await createCompany(db(), { name: "Operator", isOperator: true })).id;
  return createUser(db(), { companyId: operatorId, role: "staff", password: null, ...extra });
}

/** A customer company with an English administrator, a German engineer and a buyer. */
async function customer() {
  const company = await createCompany(db(), { name: "Nordlicht Sensorik GmbH" });
  const admin = await member(company.id, "admin", { firstName: "Alice", language: "en" });
  const engineer = await member(company.id, "engineer", { firstName: "Jonas", language: "de" });
  const buyer = await member(company.id, "buyer", { firstName: "Bea" });
  return { company, admin, engineer, buyer };
}

let serial = 0;

/** An engineering query as the module stores it: the row and its question, raised at `at`. */
async function raise(input: {
  companyId: string;
  raisedBy: User | null;
  assemblySpecVersionId?: string;
  pcbSpecVersionId?: string;
  title?: string;
  description?: string;
  options?: string[];
  at?: Date;
  status?: QueryStatus;
}) {
  serial += 1;
  const at = input.at ?? new Date();
  const [query] = await db()
    .insert(engineeringQueries)
    .values({
      companyId: input.companyId,
      number: `EQ-2027-${String(90_000 + serial)}`,
      assemblySpecVersionId: input.assemblySpecVersionId ?? null,
      pcbSpecVersionId: input.pcbSpecVersionId ?? null,
      title: input.title ?? "Polarity of D3",
      description: input.description ?? "The silkscreen of D3 disagrees with the pick-and-place rotation.",
      location: { designators: ["D3"], bom_line_ids: [], points: [] },
      options: input.options ?? [],
      status: input.status ?? "open",
      raisedByUserId: input.raisedBy?.id ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await db()
    .insert(engineeringQueryMessages)
    .values({
      queryId: query!.id,
      kind: "question",
      side: "staff",
      authorUserId: input.raisedBy?.id ?? null,
      authorName: "Staff Engineer",
      body: query!.description,
      createdAt: at,
    });
  return query!;
}

/** A message of the thread, with `files` attached files. */
async function say(
  queryId: string,
  companyId: string,
  message: Partial<typeof engineeringQueryMessages.$inferInsert> &
    Pick<typeof engineeringQueryMessages.$inferInsert, "kind" | "side">,
  files = 0,
) {
  const [row] = await db()
    .insert(engineeringQueryMessages)
    .values({ queryId, authorName: "Someone", ...message })
    .returning();
  for (let i = 0; i < files; i += 1) {
    const sha256 = `${String(serial).padStart(8, "0")}${String(i).padStart(56, "a")}`;
    await db().insert(storedFiles).values({ sha256, size: 10 }).onConflictDoNothing();
    const [file] = await db()
      .insert(companyFiles)
      .values({
        companyId,
        sha256,
        name: `photo-${i}.jpg`,
        mediaType: "image/jpeg",
        size: 10,
        purpose: "query",
      })
      .returning();
    await db().insert(engineeringQueryFiles).values({ messageId: row!.id, fileId: file!.id });
  }
  return row!;
}

/** The orders' lines are built to this version. */
const buildTo = (orderIds: string[], version: { assemblySpecVersionId: string }) =>
  db().update(salesOrderLines).set(version).where(inArray(salesOrderLines.orderId, orderIds));

/** Runs queueQueryMail in a transaction of its own, as a service would inside its change. */
const mail = (event: QueryMailEvent, queryId: string) =>
  db().transaction((tx) =>
    queueQueryMail({ mailer: t().app.mailer, publicUrl: PUBLIC_URL }, tx, event, queryId),
  );

const remind = (now: Date, workingDays = 2) =>
  sendDueQueryReminders({ db: t().app.db, mailer: t().app.mailer, publicUrl: PUBLIC_URL, workingDays, now });

/** The outbox rows of a template to these people. */
async function mailsTo(template: string, ...people: User[]) {
  return db()
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.template, template),
        inArray(
          mailOutbox.toAddress,
          people.map((person) => person.email),
        ),
      ),
    );
}

const queryRow = async (id: string) =>
  (await db().select().from(engineeringQueries).where(eq(engineeringQueries.id, id)))[0]!;

describe("the e-mail of a new query", () => {
  it("goes to the customer's engineers and administrators, each in their language, with the question, options, held orders and a link", async () => {
    const { company, admin, engineer, buyer } = await customer();
    const gone = await member(company.id, "engineer", { status: "disabled" });
    const stranger = await member((await createCompany(db())).id, "admin");
    const staff = await staffMember();
    const { spec, version } = await createAssemblySpec(db(), {
      companyId: company.id,
      fields: { name: "Sensor board" },
    });
    const { order } = await createSalesOrder(db(), { companyId: company.id });
    const { order: shipped } = await createSalesOrder(db(), { companyId: company.id, status: "shipped" });
    await buildTo([order.id, shipped.id], { assemblySpecVersionId: version.id });
    const query = await raise({
      companyId: company.id,
      raisedBy: staff,
      assemblySpecVersionId: version.id,
      title: "Polarity of D3",
      options: ["Rotate D3 by 180°", "Keep as is"],
    });

    await mail("raised", query.id);

    const sent = await mailsTo("query_raised", admin, engineer, buyer, gone, stranger);
    expect(sent.map((row) => [row.toAddress, row.language]).sort()).toEqual(
      [
        [admin.email, "en"],
        [engineer.email, "de"],
      ].sort(),
    );
    const german = sent.find((row) => row.toAddress === engineer.email)!;
    expect(german.subject).toBe(
      `Technische Rückfrage ${query.number} zu ${spec.number} Version 1: Polarity of D3`,
    );
    expect(german.textBody).toContain("Guten Tag Jonas,");
    expect(german.textBody).toContain(`Baugruppenspezifikation ${spec.number} „Sensor board“, Version 1`);
    expect(german.textBody).toContain("The silkscreen of D3 disagrees with the pick-and-place rotation.");
    expect(german.textBody).toContain("• Rotate D3 by 180°\n• Keep as is");
    expect(german.textBody).toContain(`Ihr Auftrag ${order.number} wartet auf Ihre Antwort`);
    expect(german.textBody).not.toContain(shipped.number);
    expect(german.textBody).toContain(
      `${PUBLIC_URL}/de/my/pcbas?pcba=${spec.id}&version=1&query=${query.id}`,
    );
    expect(german.htmlBody).toContain(">Frage beantworten</a>");
    const english = sent.find((row) => row.toAddress === admin.email)!;
    expect(english.subject).toBe(
      `Engineering question ${query.number} about ${spec.number} version 1: Polarity of D3`,
    );
    expect(english.textBody).toContain(`${PUBLIC_URL}/my/pcbas?pcba=${spec.id}&version=1&query=${query.id}`);
  });

  it("about a board goes to everyone of a company without engineers or administrators, and links to the PCB sheet", async () => {
    const company = await createCompany(db());
    const buyer = await member(company.id, "buyer", { language: "fr" });
    const viewer = await member(company.id, "viewer", { language: "sv" });
    const { spec, versions } = await createPcbSpec(db(), { companyId: company.id });
    const board = versions[0]!;
    // An assembly built on the board: its order waits for the board's question too.
    const { version: assembly } = await createAssemblySpec(db(), {
      companyId: company.id,
      pcbSpecVersionId: board.id,
    });
    const { order } = await createSalesOrder(db(), { companyId: company.id });
    await buildTo([order.id], { assemblySpecVersionId: assembly.id });
    const query = await raise({ companyId: company.id, raisedBy: null, pcbSpecVersionId: board.id });

    await mail("raised", query.id);

    const sent = await mailsTo("query_raised", buyer, viewer);
    expect(sent.map((row) => row.language).sort()).toEqual(["fr", "sv"]);
    const french = sent.find((row) => row.language === "fr")!;
    expect(french.subject).toBe(
      `Question technique ${query.number} sur ${spec.number} version 1 : Polarity of D3`,
    );
    expect(french.textBody).toContain("spécification de circuit imprimé");
    expect(french.textBody).toContain(`Votre commande ${order.number} attend votre réponse`);
    // No options offered: no list of them.
    expect(french.textBody).not.toContain("l’une de ces réponses");
    expect(french.textBody).toContain(`${PUBLIC_URL}/fr/my/pcbs?pcb=${spec.id}&version=1&query=${query.id}`);
  });

  it("writes nothing for a query that does not exist", async () => {
    const before = (await db().select().from(mailOutbox)).length;
    await mail("raised", "00000000-0000-4000-8000-000000000000");
    expect((await db().select().from(mailOutbox)).length).toBe(before);
  });
});

describe("the e-mail of a reply", () => {
  it("goes to the staff member who raised the query, in their language, with the chosen option, the words and the files", async () => {
    const { company, admin, engineer } = await customer();
    const staff = await staffMember({ language: "de", firstName: "Petra" });
    const { spec, version } = await createAssemblySpec(db(), { companyId: company.id });
    const query = await raise({
      companyId: company.id,
      raisedBy: staff,
      assemblySpecVersionId: version.id,
      options: ["Rotate D3 by 180°", "Keep as is"],
    });
    await say(
      query.id,
      company.id,
      {
        kind: "reply",
        side: "customer",
        authorName: "Jonas Weber",
        authorUserId: engineer.id,
        optionIndex: 1,
        body: "The footprint is right; the silkscreen is wrong.",
      },
      2,
    );

    await mail("replied", query.id);

    const [sent, ...more] = await mailsTo("query_replied", staff);
    expect(more).toHaveLength(0);
    expect(sent!.language).toBe("de");
    expect(sent!.subject).toBe(`${company.name} hat die technische Rückfrage ${query.number} beantwortet`);
    expect(sent!.textBody).toContain("Guten Tag Petra,");
    expect(sent!.textBody).toContain(
      `Jonas Weber (${company.name}) hat die technische Rückfrage ${query.number}`,
    );
    expect(sent!.textBody).toContain(`zu ${spec.number} Version 1`);
    expect(sent!.textBody).toContain(
      "Gewählte Antwort: Keep as is\n\nThe footprint is right; the silkscreen is wrong.",
    );
    expect(sent!.textBody).toContain("Der Antwort sind 2 Dateien beigefügt.");
    expect(sent!.textBody).toContain(
      `${PUBLIC_URL}/de/staff/pcbas?pcba=${spec.id}&version=1&query=${query.id}`,
    );
    // The customer's side hears nothing of its own reply.
    expect(await mailsTo("query_replied", admin, engineer)).toHaveLength(0);
  });

  it("goes to nobody once the staff member who raised it is gone or unknown", async () => {
    const { company } = await customer();
    const staff = await staffMember();
    const { version } = await createAssemblySpec(db(), { companyId: company.id });
    const query = await raise({ companyId: company.id, raisedBy: staff, assemblySpecVersionId: version.id });
    await say(query.id, company.id, { kind: "reply", side: "customer", body: "Keep it." });
    await db().update(users).set({ status: "disabled" }).where(eq(users.id, staff.id));
    await mail("replied", query.id);
    expect(await mailsTo("query_replied", staff)).toHaveLength(0);

    const orphan = await raise({ companyId: company.id, raisedBy: null, assemblySpecVersionId: version.id });
    await say(orphan.id, company.id, { kind: "reply", side: "customer", body: "Keep it." });
    const before = (await db().select().from(mailOutbox)).length;
    await mail("replied", orphan.id);
    expect((await db().select().from(mailOutbox)).length).toBe(before);
  });
});

describe("the e-mail of a closing", () => {
  it("tells the customer's people, with staff's closing note when there is one", async () => {
    const { company, admin, engineer, buyer } = await customer();
    const staff = await staffMember();
    const { spec, version } = await createAssemblySpec(db(), { companyId: company.id });
    const query = await raise({ companyId: company.id, raisedBy: staff, assemblySpecVersionId: version.id });
    await say(query.id, company.id, {
      kind: "closed",
      side: "staff",
      body: "We place D3 as drawn on the silkscreen.",
    });
    await mail("closed", query.id);

    const sent = await mailsTo("query_closed", admin, engineer, buyer);
    expect(sent.map((row) => row.toAddress).sort()).toEqual([admin.email, engineer.email].sort());
    const german = sent.find((row) => row.toAddress === engineer.email)!;
    expect(german.subject).toBe(`Technische Rückfrage ${query.number} ist abgeschlossen`);
    expect(german.textBody).toContain(
      `zu ${spec.number} Version 1 abgeschlossen.\n\nUnsere Anmerkung dazu:\n\nWe place D3 as drawn on the silkscreen.`,
    );
    expect(german.textBody).toContain(`${PUBLIC_URL}/de/my/pcbas?pcba=${spec.id}`);

    const silent = await raise({ companyId: company.id, raisedBy: staff, assemblySpecVersionId: version.id });
    await say(silent.id, company.id, { kind: "closed", side: "staff", body: null });
    await mail("closed", silent.id);
    const [english] = (await mailsTo("query_closed", admin)).filter((row) =>
      row.subject.includes(silent.number),
    );
    expect(english!.subject).toBe(`Engineering question ${silent.number} is closed`);
    expect(english!.textBody).not.toContain("Our note");
    expect(english!.textBody).toContain("Thank you for your help.");
  });
});

describe("the e-mail of a withdrawal", () => {
  it("tells the customer's people that nothing waits for their answer any more, with staff's reason", async () => {
    const { company, admin, engineer, buyer } = await customer();
    const staff = await staffMember();
    const { spec, version } = await createAssemblySpec(db(), { companyId: company.id });
    const query = await raise({ companyId: company.id, raisedBy: staff, assemblySpecVersionId: version.id });
    await say(query.id, company.id, {
      kind: "withdrawn",
      side: "staff",
      body: "Raised on the wrong revision.",
    });
    await mail("withdrawn", query.id);

    const sent = await mailsTo("query_withdrawn", admin, engineer, buyer);
    expect(sent.map((row) => row.toAddress).sort()).toEqual([admin.email, engineer.email].sort());
    const german = sent.find((row) => row.toAddress === engineer.email)!;
    expect(german.subject).toBe(`Technische Rückfrage ${query.number} wurde zurückgezogen`);
    expect(german.textBody).toContain(
      `zu ${spec.number} Version 1 zurückgezogen. Sie müssen sie nicht mehr beantworten, und kein Auftrag wartet mehr darauf.\n\nDer Grund:\n\nRaised on the wrong revision.`,
    );
    const english = sent.find((row) => row.toAddress === admin.email)!;
    expect(english.subject).toBe(`Engineering question ${query.number} is withdrawn`);
    expect(english.textBody).toContain(`${PUBLIC_URL}/my/pcbas?pcba=${spec.id}`);
  });
});

describe("reminders", () => {
  // Friday 5 March 2027, 09:30 UTC.
  const FRIDAY = new Date("2027-03-05T09:30:00Z");
  const at = (day: string, time = "09:30:00") => new Date(`${day}T${time}Z`);

  async function waiting(at: Date = FRIDAY, status: QueryStatus = "open") {
    const { company, admin, engineer } = await customer();
    const staff = await staffMember();
    const { spec, version } = await createAssemblySpec(db(), { companyId: company.id });
    const query = await raise({
      companyId: company.id,
      raisedBy: staff,
      assemblySpecVersionId: version.id,
      at,
      status,
    });
    return { company, admin, engineer, spec, version, query };
  }

  it("reminds a query raised on a Friday on Tuesday with two working days, not on Monday, and once", async () => {
    const { admin, engineer, query } = await waiting();

    await remind(at("2027-03-08", "23:59:00")); // Monday night
    expect(await mailsTo("query_reminder", admin, engineer)).toHaveLength(0);
    await remind(at("2027-03-09", "09:00:00")); // Tuesday, before the hour it was raised
    expect(await mailsTo("query_reminder", admin, engineer)).toHaveLength(0);

    await remind(at("2027-03-09", "09:45:00"));
    const sent = await mailsTo("query_reminder", admin, engineer);
    expect(sent.map((row) => row.toAddress).sort()).toEqual([admin.email, engineer.email].sort());
    expect(await queryRow(query.id)).toMatchObject({
      reminderCount: 1,
      remindedAt: at("2027-03-09", "09:45:00"),
    });

    // Run again the same hour, and twice at once (two instances): nothing more.
    await remind(at("2027-03-09", "10:00:00"));
    await Promise.all([remind(at("2027-03-09", "11:00:00")), remind(at("2027-03-09", "11:00:00"))]);
    expect(await mailsTo("query_reminder", admin, engineer)).toHaveLength(2);

    // The next one counts from the reminder: Thursday, two working days after Tuesday.
    await remind(at("2027-03-10", "23:00:00"));
    expect(await mailsTo("query_reminder", admin, engineer)).toHaveLength(2);
    await remind(at("2027-03-11", "10:00:00"));
    expect(await mailsTo("query_reminder", admin, engineer)).toHaveLength(4);
    expect((await queryRow(query.id)).reminderCount).toBe(2);
  });

  it("skips the operator's holidays: a holiday on Tuesday moves the reminder to Wednesday", async () => {
    await createHoliday(db(), { date: "2027-03-16", name: "Test holiday" });
    const { admin, engineer } = await waiting(at("2027-03-12"));

    await remind(at("2027-03-16", "12:00:00"));
    expect(await mailsTo("query_reminder", admin, engineer)).toHaveLength(0);
    await remind(at("2027-03-17", "09:00:00"));
    expect(await mailsTo("query_reminder", admin, engineer)).toHaveLength(0);
    await remind(at("2027-03-17", "10:00:00"));
    expect(await mailsTo("query_reminder", admin, engineer)).toHaveLength(2);
  });

  it("follows QUERY_REMINDER_WORKING_DAYS", async () => {
    const { admin } = await waiting(at("2027-03-19"));
    await remind(at("2027-03-22", "10:00:00"), 1); // Monday: one working day after Friday
    expect(await mailsTo("query_reminder", admin)).toHaveLength(1);
  });

  it("leaves answered, closed and withdrawn queries alone", async () => {
    const answered = await waiting(at("2027-04-09"), "answered");
    const closed = await waiting(at("2027-04-09"), "closed");
    const withdrawn = await waiting(at("2027-04-09"), "withdrawn");
    await remind(at("2027-04-20", "10:00:00"));
    for (const { admin, engineer, query } of [answered, closed, withdrawn]) {
      expect(await mailsTo("query_reminder", admin, engineer)).toHaveLength(0);
      expect((await queryRow(query.id)).reminderCount).toBe(0);
    }
  });

  it("says since when the question waits, which orders it holds and how often it reminds, in the recipient's language", async () => {
    const { company, engineer, spec, version, query } = await waiting(at("2027-04-16"));
    const { order } = await createSalesOrder(db(), { companyId: company.id });
    await buildTo([order.id], { assemblySpecVersionId: version.id });

    expect(await remind(at("2027-04-20", "10:00:00"))).toBe(1);

    const [german] = await mailsTo("query_reminder", engineer);
    expect(german!.language).toBe("de");
    expect(german!.subject).toBe(`Erinnerung: Technische Rückfrage ${query.number} wartet auf Ihre Antwort`);
    expect(german!.textBody).toContain(
      `Am ${documentTexts("de").date(query.createdAt)} haben Ihnen unsere Ingenieure eine Frage zu ${spec.number} Version 1 gestellt`,
    );
    expect(german!.textBody).toContain(
      `Bis dahin kann die Fertigung Ihres Auftrags ${order.number} nicht weitergehen.`,
    );
    expect(german!.textBody).toContain("erinnern wir Sie alle 2 Arbeitstage daran.");
    expect(german!.textBody).toContain(
      `${PUBLIC_URL}/de/my/pcbas?pcba=${spec.id}&version=1&query=${query.id}`,
    );
  });

  it("waits another interval without a mail when the company has nobody to mail", async () => {
    const company = await createCompany(db());
    const { version } = await createAssemblySpec(db(), { companyId: company.id });
    const query = await raise({
      companyId: company.id,
      raisedBy: null,
      assemblySpecVersionId: version.id,
      at: at("2027-04-23"),
    });
    expect(await remind(at("2027-04-27", "10:00:00"))).toBe(0);
    expect(await queryRow(query.id)).toMatchObject({
      reminderCount: 0,
      remindedAt: at("2027-04-27", "10:00:00"),
    });
  });
});

describe("QUERY_REMINDER_WORKING_DAYS", () => {
  it("is two working days unless set, and between 1 and 30", () => {
    expect(loadEnv({}).QUERY_REMINDER_WORKING_DAYS).toBe(2);
    expect(loadEnv({ QUERY_REMINDER_WORKING_DAYS: "5" }).QUERY_REMINDER_WORKING_DAYS).toBe(5);
    for (const value of ["0", "31", "1.5", "two", "-2"])
      expect(() => loadEnv({ QUERY_REMINDER_WORKING_DAYS: value }), value).toThrow(
        "QUERY_REMINDER_WORKING_DAYS",
      );
  });
});
