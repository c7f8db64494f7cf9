import { describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { createCompany, createSession, createUser, type CompanyRole } from "@ems/db/factories";
import {
  activityLog,
  companies,
  companyAddresses,
  companyContacts,
  companyMembers,
  companyRelations,
  emailTokens,
  sessions,
  users,
} from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const db = () => t().db.db;
const PASSWORD = "a long and unusual passphrase 42";

type Method = "GET" | "POST" | "PUT" | "DELETE";

async function signIn(
  companyId: string,
  companyRole: CompanyRole = "admin",
  extra: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(db(), { companyId, companyRole, password: PASSWORD, ...extra });
  const { token } = await createSession(db(), { userId: user.id });
  const call = (method: Method, url: string, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      headers: { cookie: `session=${token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return { user, token, call };
}

async function companyWithAdmin() {
  const company = await createCompany(db(), { name: "Alpha Sensors GmbH", country: "DE" });
  const admin = await signIn(company.id, "admin");
  return { company, admin };
}

const address = (overrides: Record<string, unknown> = {}) => ({
  label: "Head office",
  street: "Hafenstraße 12",
  postal_code: "28195",
  city: "Bremen",
  country: "DE",
  ...overrides,
});

const rows = async (
  table: typeof companyAddresses | typeof companyContacts | typeof users | typeof activityLog,
) => (await db().select({ n: count() }).from(table))[0]!.n;

async function outbox(to: string) {
  const res = await t().app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json().data as {
    template: string;
    text: string;
    html: string;
    subject: string;
    language: string;
  }[];
}

const tokenFrom = (text: string) => /invitation=([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe("company details", () => {
  it("answers the company with counts, lets admins edit it and logs it", async () => {
    const { company, admin } = await companyWithAdmin();
    const res = await admin.call("GET", "/api/company");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: company.id,
      name: "Alpha Sensors GmbH",
      counts: { users: 1 },
    });

    const put = await admin.call("PUT", "/api/company", {
      name: "Alpha Sensors AG",
      country: "AT",
      vat_id: "ATU12345675",
      phone: "",
      website: "https://alpha.example",
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ name: "Alpha Sensors AG", country: "AT", phone: null });
    const log = await db().select().from(activityLog).where(eq(activityLog.companyId, company.id));
    expect(log.map((e) => e.action)).toContain("company.updated");
  });

  it("lists related companies with name, country and relation", async () => {
    const { company, admin } = await companyWithAdmin();
    const other = await createCompany(db(), { name: "Beta Drives SRL", country: "RO" });
    await db()
      .insert(companyRelations)
      .values({ companyId: company.id, relatedCompanyId: other.id, relation: "affiliate" });
    const res = await admin.call("GET", "/api/company/related");
    expect(res.json().data).toEqual([
      expect.objectContaining({
        company_id: other.id,
        name: "Beta Drives SRL",
        country: "RO",
        relation: "affiliate",
      }),
    ]);
  });

  it("refuses bad company updates with the field and changes nothing", async () => {
    const { company, admin } = await companyWithAdmin();
    for (const [payload, field] of [
      [{ name: "", country: "DE" }, "name"],
      [{ name: "x".repeat(201), country: "DE" }, "name"],
      [{ name: "Ok", country: "Germany" }, "country"],
      [{ name: "Ok", country: "DE", is_operator: true }, "is_operator"],
      [{ country: "DE" }, "name"],
    ] as const) {
      const res = await admin.call("PUT", "/api/company", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const [row] = await db().select().from(companies).where(eq(companies.id, company.id));
    expect(row).toMatchObject({ name: "Alpha Sensors GmbH", isOperator: false });
  });
});

describe("addresses", () => {
  it("creates addresses, moves the billing and shipping flags and deletes a free one", async () => {
    const { company, admin } = await companyWithAdmin();
    const first = (
      await admin.call("POST", "/api/company/addresses", address({ is_billing: true, is_shipping: true }))
    ).json().data;
    expect(first).toMatchObject({ is_billing: true, is_shipping: true, postal_code: "28195" });
    const second = await admin.call("POST", "/api/company/addresses", address({ label: "Warehouse" }));
    expect(second.statusCode).toBe(201);
    const secondId = second.json().data.id as string;

    const moved = await admin.call("POST", `/api/company/addresses/${secondId}/shipping`);
    expect(moved.statusCode).toBe(200);
    const list = moved.json().data as { id: string; is_billing: boolean; is_shipping: boolean }[];
    expect(list.find((a) => a.id === first.id)).toMatchObject({ is_billing: true, is_shipping: false });
    expect(list.find((a) => a.id === secondId)).toMatchObject({ is_billing: false, is_shipping: true });

    // The shipping address cannot go; the free one can.
    const refused = await admin.call("DELETE", `/api/company/addresses/${secondId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("ADDRESS_IN_USE");
    await admin.call("POST", `/api/company/addresses/${first.id}/shipping`);
    await admin.call("POST", `/api/company/addresses/${first.id}/billing`);
    expect((await admin.call("DELETE", `/api/company/addresses/${secondId}`)).statusCode).toBe(200);
    const left = await db().select().from(companyAddresses).where(eq(companyAddresses.companyId, company.id));
    expect(left.map((a) => a.id)).toEqual([first.id]);
    const actions = (await db().select().from(activityLog).where(eq(activityLog.companyId, company.id))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        "company.address_created",
        "company.address_shipping",
        "company.address_billing",
        "company.address_deleted",
      ]),
    );
  });

  it("refuses malformed, oversized and hostile input and writes nothing", async () => {
    const { admin } = await companyWithAdmin();
    const before = await rows(companyAddresses);
    const beforeLog = await rows(activityLog);
    for (const [payload, field] of [
      [address({ label: "" }), "label"],
      [address({ street: "x".repeat(201) }), "street"],
      [address({ country: "de" }), "country"],
      [address({ company_id: "00000000-0000-4000-8000-000000000000" }), "company_id"],
      [address({ is_billing: "yes" }), "is_billing"],
      [{ label: "Only a label" }, "street"],
    ] as const) {
      const res = await admin.call("POST", "/api/company/addresses", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const malformed = await t().app.inject({
      method: "POST",
      url: "/api/company/addresses",
      headers: { cookie: `session=${admin.token}`, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect((await admin.call("DELETE", "/api/company/addresses/not-a-uuid")).statusCode).toBe(400);
    expect(await rows(companyAddresses)).toBe(before);
    expect(await rows(activityLog)).toBe(beforeLog);
  });

  it("stores script in labels as text", async () => {
    const { admin } = await companyWithAdmin();
    const res = await admin.call(
      "POST",
      "/api/company/addresses",
      address({ label: "<script>alert(1)</script>" }),
    );
    expect(res.statusCode).toBe(201);
    const list = (await admin.call("GET", "/api/company/addresses")).json().data;
    expect(list[0].label).toBe("<script>alert(1)</script>");
  });
});

describe("contacts", () => {
  it("creates and lists contacts; bad input writes nothing", async () => {
    const { admin } = await companyWithAdmin();
    const res = await admin.call("POST", "/api/company/contacts", {
      first_name: "Greta",
      last_name: "Wareneingang",
      email: "goods-in@alpha.example",
      position: "Goods receiving",
    });
    expect(res.statusCode).toBe(201);
    expect((await admin.call("GET", "/api/company/contacts")).json().data).toEqual([
      expect.objectContaining({ first_name: "Greta", email: "goods-in@alpha.example", phone: null }),
    ]);
    const before = await rows(companyContacts);
    for (const [payload, field] of [
      [{ first_name: "A", last_name: "B", email: "not-an-email" }, "email"],
      [{ first_name: "", last_name: "B" }, "first_name"],
      [{ first_name: "A", last_name: "B", phone: "1".repeat(41) }, "phone"],
    ] as const) {
      const bad = await admin.call("POST", "/api/company/contacts", payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe(field);
    }
    expect(await rows(companyContacts)).toBe(before);
  });
});

describe("editing addresses and contacts", () => {
  it("changes an address, moves a flag only when asked and keeps one billing and one shipping address", async () => {
    const { company, admin } = await companyWithAdmin();
    const first = (
      await admin.call("POST", "/api/company/addresses", address({ is_billing: true, is_shipping: true }))
    ).json().data;
    const second = (
      await admin.call("POST", "/api/company/addresses", address({ label: "Warehouse" }))
    ).json().data;

    const put = await admin.call(
      "PUT",
      `/api/company/addresses/${first.id}`,
      address({ label: "Head office (new)", street2: "3rd floor", recipient: "", is_billing: false }),
    );
    expect(put.statusCode).toBe(200);
    // Clearing a flag in an edit does not leave the company without its billing address.
    expect(put.json().data).toMatchObject({
      id: first.id,
      label: "Head office (new)",
      street2: "3rd floor",
      recipient: null,
      is_billing: true,
      is_shipping: true,
    });

    const moved = await admin.call(
      "PUT",
      `/api/company/addresses/${second.id}`,
      address({ label: "Warehouse", city: "Hamburg", is_shipping: true }),
    );
    expect(moved.json().data).toMatchObject({ city: "Hamburg", is_billing: false, is_shipping: true });
    const list = (await admin.call("GET", "/api/company/addresses")).json().data as {
      id: string;
      is_billing: boolean;
      is_shipping: boolean;
    }[];
    expect(list.filter((a) => a.is_shipping).map((a) => a.id)).toEqual([second.id]);
    expect(list.filter((a) => a.is_billing).map((a) => a.id)).toEqual([first.id]);

    const actions = (await db().select().from(activityLog).where(eq(activityLog.companyId, company.id))).map(
      (e) => e.action,
    );
    expect(actions.filter((a) => a === "company.address_updated")).toHaveLength(2);
    expect(actions).toContain("company.address_shipping");
  });

  it("changes a contact and clears emptied optional fields", async () => {
    const { company, admin } = await companyWithAdmin();
    const created = (
      await admin.call("POST", "/api/company/contacts", {
        first_name: "Greta",
        last_name: "Wareneingang",
        email: "goods-in@alpha.example",
        phone: "+49 421 000",
        position: "Goods receiving",
      })
    ).json().data;
    const put = await admin.call("PUT", `/api/company/contacts/${created.id}`, {
      first_name: "Greta",
      last_name: "Lager",
      email: "",
      phone: "+49 421 111",
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({
      id: created.id,
      first_name: "Greta",
      last_name: "Lager",
      email: null,
      phone: "+49 421 111",
      position: null,
    });
    const log = await db().select().from(activityLog).where(eq(activityLog.companyId, company.id));
    expect(log.map((e) => e.action)).toContain("company.contact_updated");
  });

  it("lets buyers edit but not viewers, engineers or finance", async () => {
    const { company, admin } = await companyWithAdmin();
    const addressId = (await admin.call("POST", "/api/company/addresses", address())).json().data.id;
    const contactId = (
      await admin.call("POST", "/api/company/contacts", { first_name: "A", last_name: "B" })
    ).json().data.id;
    for (const role of ["viewer", "engineer", "finance", "buyer"] as const) {
      const { call } = await signIn(company.id, role);
      const expected = role === "buyer" ? 200 : 403;
      const a = await call("PUT", `/api/company/addresses/${addressId}`, address({ label: `By ${role}` }));
      expect(a.statusCode, role).toBe(expected);
      const c = await call("PUT", `/api/company/contacts/${contactId}`, { first_name: role, last_name: "B" });
      expect(c.statusCode, role).toBe(expected);
    }
    const [row] = await db().select().from(companyAddresses).where(eq(companyAddresses.id, addressId));
    expect(row!.label).toBe("By buyer");
  });

  it("answers 404 for another company's or a missing id and writes nothing", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const bAddress = (await b.admin.call("POST", "/api/company/addresses", address())).json().data.id;
    const bContact = (
      await b.admin.call("POST", "/api/company/contacts", { first_name: "Bea", last_name: "Beta" })
    ).json().data.id;
    const beforeLog = await rows(activityLog);
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const id of [bAddress, missing]) {
      const res = await a.admin.call(
        "PUT",
        `/api/company/addresses/${id}`,
        address({ label: "Taken", is_billing: true }),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("NOT_FOUND");
    }
    for (const id of [bContact, missing]) {
      const res = await a.admin.call("PUT", `/api/company/contacts/${id}`, {
        first_name: "X",
        last_name: "Y",
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("NOT_FOUND");
      expect(res.json().message).not.toContain(b.company.name);
    }
    const [addressRow] = await db().select().from(companyAddresses).where(eq(companyAddresses.id, bAddress));
    expect(addressRow).toMatchObject({ label: "Head office", isBilling: false });
    const [contactRow] = await db().select().from(companyContacts).where(eq(companyContacts.id, bContact));
    expect(contactRow).toMatchObject({ firstName: "Bea", lastName: "Beta" });
    expect(await rows(activityLog)).toBe(beforeLog);
  });

  it("refuses malformed, oversized and hostile edits with the field and writes nothing", async () => {
    const { admin } = await companyWithAdmin();
    const addressId = (await admin.call("POST", "/api/company/addresses", address())).json().data.id;
    const contactId = (
      await admin.call("POST", "/api/company/contacts", { first_name: "Greta", last_name: "Lager" })
    ).json().data.id;
    const beforeLog = await rows(activityLog);
    for (const [payload, field] of [
      [address({ label: "" }), "label"],
      [address({ street: "x".repeat(201) }), "street"],
      [address({ city: "Bre\nmen" }), "city"],
      [address({ country: "Germany" }), "country"],
      [address({ company_id: "00000000-0000-4000-8000-000000000000" }), "company_id"],
      [address({ is_shipping: "yes" }), "is_shipping"],
      [{ label: "Only a label" }, "street"],
    ] as const) {
      const res = await admin.call("PUT", `/api/company/addresses/${addressId}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    for (const [payload, field] of [
      [{ first_name: "Greta", last_name: "Lager", email: "not-an-email" }, "email"],
      [{ first_name: "", last_name: "Lager" }, "first_name"],
      [{ first_name: "Greta", last_name: "L".repeat(101) }, "last_name"],
      [{ first_name: "Greta", last_name: "Lager", company_id: addressId }, "company_id"],
    ] as const) {
      const res = await admin.call("PUT", `/api/company/contacts/${contactId}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await admin.call("PUT", "/api/company/addresses/not-a-uuid", address())).statusCode).toBe(400);
    expect(
      (await admin.call("PUT", "/api/company/contacts/not-a-uuid", { first_name: "A", last_name: "B" }))
        .statusCode,
    ).toBe(400);
    const [addressRow] = await db().select().from(companyAddresses).where(eq(companyAddresses.id, addressId));
    expect(addressRow).toMatchObject({ label: "Head office", street: "Hafenstraße 12", country: "DE" });
    const [contactRow] = await db().select().from(companyContacts).where(eq(companyContacts.id, contactId));
    expect(contactRow).toMatchObject({ firstName: "Greta", lastName: "Lager", email: null });
    expect(await rows(activityLog)).toBe(beforeLog);
  });
});

describe("roles", () => {
  it("lets every member read but refuses admin actions to other roles with 403", async () => {
    const { company, admin } = await companyWithAdmin();
    const addressId = (await admin.call("POST", "/api/company/addresses", address())).json().data.id;
    for (const role of ["viewer", "engineer", "finance", "buyer"] as const) {
      const { call } = await signIn(company.id, role);
      expect((await call("GET", "/api/company")).statusCode).toBe(200);
      expect((await call("GET", "/api/company/users")).statusCode).toBe(200);
      const adminOnly: [Method, string, unknown?][] = [
        ["PUT", "/api/company", { name: "Hijacked", country: "DE" }],
        ["DELETE", `/api/company/addresses/${addressId}`],
        [
          "POST",
          "/api/company/users",
          { email: `x-${role}@example.test`, first_name: "X", last_name: "Y", role: "admin", language: "en" },
        ],
        ["PUT", `/api/company/users/${admin.user.id}/role`, { role: "viewer" }],
        ["POST", `/api/company/users/${admin.user.id}/disable`],
      ];
      for (const [method, url, payload] of adminOnly) {
        const res = await call(method, url, payload);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      const creates = await call("POST", "/api/company/addresses", address());
      expect(creates.statusCode, role).toBe(role === "buyer" ? 201 : 403);
    }
    const [row] = await db().select().from(companies).where(eq(companies.id, company.id));
    expect(row!.name).toBe("Alpha Sensors GmbH");
  });

  it("refuses staff and visitors", async () => {
    const operator = await createCompany(db(), { isOperator: true });
    const staff = await signIn(operator.id, "admin", { role: "staff_admin" });
    expect((await staff.call("GET", "/api/company")).statusCode).toBe(403);
    expect((await t().app.inject({ method: "GET", url: "/api/company/users" })).statusCode).toBe(401);
  });
});

describe("tenancy", () => {
  it("answers 404 for every id of another company, exactly like a missing id", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const bAddress = (await b.admin.call("POST", "/api/company/addresses", address())).json().data.id;
    const bUser = await createUser(db(), { companyId: b.company.id, companyRole: "buyer" });
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const id of [bAddress, missing]) {
      for (const [method, url] of [
        ["DELETE", `/api/company/addresses/${id}`],
        ["POST", `/api/company/addresses/${id}/billing`],
        ["POST", `/api/company/addresses/${id}/shipping`],
      ] as const) {
        const res = await a.admin.call(method, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error).toBe("NOT_FOUND");
      }
    }
    for (const id of [bUser.id, b.admin.user.id, missing]) {
      for (const [method, url, payload] of [
        ["PUT", `/api/company/users/${id}/role`, { role: "viewer" }],
        ["POST", `/api/company/users/${id}/disable`, undefined],
        ["POST", `/api/company/users/${id}/enable`, undefined],
        ["POST", `/api/company/users/${id}/resend-invitation`, undefined],
      ] as const) {
        const res = await a.admin.call(method, url, payload);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).not.toContain(b.company.name);
      }
    }
    // Lists show only the caller's rows.
    expect((await a.admin.call("GET", "/api/company/addresses")).json().data).toEqual([]);
    const users_ = (await a.admin.call("GET", "/api/company/users")).json().data as { id: string }[];
    expect(users_.map((u) => u.id)).toEqual([a.admin.user.id]);
    // B's rows are untouched.
    const [bMember] = await db().select().from(companyMembers).where(eq(companyMembers.userId, bUser.id));
    expect(bMember).toMatchObject({ role: "buyer", status: "accepted" });
    expect(await db().select().from(companyAddresses).where(eq(companyAddresses.id, bAddress))).toHaveLength(
      1,
    );
  });
});

describe("users", () => {
  it("keeps the last administrator: no demotion, no disabling", async () => {
    const { company, admin } = await companyWithAdmin();
    const demote = await admin.call("PUT", `/api/company/users/${admin.user.id}/role`, { role: "viewer" });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toBe("LAST_ADMIN");
    expect((await admin.call("POST", `/api/company/users/${admin.user.id}/disable`)).json().error).toBe(
      "LAST_ADMIN",
    );

    // With a second administrator, the first may step down.
    const second = await createUser(db(), { companyId: company.id, companyRole: "admin" });
    expect(
      (await admin.call("PUT", `/api/company/users/${admin.user.id}/role`, { role: "buyer" })).statusCode,
    ).toBe(200);
    const [row] = await db().select().from(companyMembers).where(eq(companyMembers.userId, admin.user.id));
    expect(row!.role).toBe("buyer");
    // Now the second is the last one; the first no longer has admin rights.
    expect(
      (await admin.call("PUT", `/api/company/users/${second.id}/role`, { role: "viewer" })).statusCode,
    ).toBe(403);
  });

  it("changes a role, logs it and mails the user in their language", async () => {
    const { company, admin } = await companyWithAdmin();
    const colleague = await createUser(db(), {
      companyId: company.id,
      companyRole: "viewer",
      language: "de",
    });
    const res = await admin.call("PUT", `/api/company/users/${colleague.id}/role`, { role: "engineer" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: colleague.id, role: "engineer", status: "accepted" });
    const mail = (await outbox(colleague.email))[0]!;
    expect(mail).toMatchObject({ template: "role_changed", language: "de" });
    const log = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, company.id), eq(activityLog.action, "company.user_role_changed")));
    expect(log[0]!.details).toMatchObject({ from: "viewer", to: "engineer" });
    expect(
      (await admin.call("PUT", `/api/company/users/${colleague.id}/role`, { role: "owner" })).json().field,
    ).toBe("role");
  });

  it("ends a disabled user's existing session at once and lets them back when enabled", async () => {
    const { company, admin } = await companyWithAdmin();
    const colleague = await signIn(company.id, "buyer");
    expect((await colleague.call("GET", "/api/company")).statusCode).toBe(200);
    const res = await admin.call("POST", `/api/company/users/${colleague.user.id}/disable`);
    expect(res.json().data.status).toBe("disabled");
    expect((await colleague.call("GET", "/api/company")).statusCode).toBe(401);
    const live = await db().select().from(sessions).where(eq(sessions.userId, colleague.user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const enabled = await admin.call("POST", `/api/company/users/${colleague.user.id}/enable`);
    expect(enabled.json().data.status).toBe("accepted");
  });

  it("refuses an invitation for an address that already has an account and writes nothing", async () => {
    const { admin } = await companyWithAdmin();
    const other = await createUser(db());
    const before = await rows(users);
    const res = await admin.call("POST", "/api/company/users", {
      email: other.email.toUpperCase(),
      first_name: "Some",
      last_name: "One",
      role: "buyer",
      language: "en",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "EMAIL_IN_USE", field: "email" });
    for (const [payload, field] of [
      [{ email: "x@example.test", first_name: "A", last_name: "B", role: "owner", language: "en" }, "role"],
      [
        { email: "x@example.test", first_name: "A", last_name: "B", role: "buyer", language: "xx" },
        "language",
      ],
      [{ email: "nope", first_name: "A", last_name: "B", role: "buyer", language: "en" }, "email"],
      [
        {
          email: "x@example.test",
          first_name: "A",
          last_name: "B",
          role: "buyer",
          language: "en",
          password: "x",
        },
        "password",
      ],
    ] as const) {
      const bad = await admin.call("POST", "/api/company/users", payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe(field);
    }
    expect(await rows(users)).toBe(before);
  });
});

describe("invitations", () => {
  it("invites, shows and accepts an invitation end to end, then signs the colleague in", async () => {
    const { company, admin } = await companyWithAdmin();
    const email = `ana.invited.${Date.now()}@example.test`;
    const res = await admin.call("POST", "/api/company/users", {
      email,
      first_name: "<img src=x onerror=alert(1)>",
      last_name: "Ionescu",
      role: "engineer",
      language: "ro",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      email,
      role: "engineer",
      status: "invited",
      last_sign_in_at: null,
    });
    const [invited] = await db().select().from(users).where(eq(users.email, email));
    expect(invited).toMatchObject({ passwordHash: null, status: "active", language: "ro" });

    const mail = (await outbox(email))[0]!;
    expect(mail).toMatchObject({ template: "invitation", language: "ro" });
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img src=x");
    expect(mail.text).toContain("https://portal.example.test/ro/");
    const token = tokenFrom(mail.text)!;
    expect(token).toHaveLength(43);
    const [stored] = await db().select().from(emailTokens).where(eq(emailTokens.userId, invited!.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    // An invited user cannot sign in yet.
    const early = await t().app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { usr: email, pwd: PASSWORD },
    });
    expect(early.statusCode).not.toBe(200);

    const shown = await t().app.inject({ method: "GET", url: `/api/invitations/${token}` });
    expect(shown.json().data).toEqual({
      company_name: company.name,
      email,
      first_name: "<img src=x onerror=alert(1)>",
      last_name: "Ionescu",
      role: "engineer",
      language: "ro",
    });

    const weak = await t().app.inject({
      method: "POST",
      url: "/api/invitations/accept",
      payload: { token, first_name: "Ana", last_name: "Ionescu", password: "password", language: "en" },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe("password");

    const accepted = await t().app.inject({
      method: "POST",
      url: "/api/invitations/accept",
      payload: { token, first_name: "Ana", last_name: "Ionescu", password: PASSWORD, language: "en" },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({ email });
    const [after] = await db().select().from(users).where(eq(users.id, invited!.id));
    expect(after!.passwordHash).not.toBeNull();
    expect(after!.emailVerifiedAt).not.toBeNull();
    expect(after!.firstName).toBe("Ana");
    const [member] = await db().select().from(companyMembers).where(eq(companyMembers.userId, invited!.id));
    expect(member).toMatchObject({ status: "accepted" });
    expect(member!.acceptedAt).not.toBeNull();
    const log = await db().select().from(activityLog).where(eq(activityLog.subjectId, invited!.id));
    expect(log.map((e) => e.action)).toEqual(
      expect.arrayContaining(["company.user_invited", "company.invitation_accepted"]),
    );

    // Single use.
    expect((await t().app.inject({ method: "GET", url: `/api/invitations/${token}` })).statusCode).toBe(404);
    const again = await t().app.inject({
      method: "POST",
      url: "/api/invitations/accept",
      payload: {
        token,
        first_name: "Eve",
        last_name: "X",
        password: "another long passphrase 77",
        language: "en",
      },
    });
    expect(again.statusCode).toBe(404);

    // The colleague signs in: the first step asks for the e-mailed code.
    const login = await t().app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { usr: email, pwd: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it("refuses expired, replaced and malformed tokens", async () => {
    const { admin } = await companyWithAdmin();
    const email = `late.${Date.now()}@example.test`;
    const invited = (
      await admin.call("POST", "/api/company/users", {
        email,
        first_name: "Late",
        last_name: "Comer",
        role: "viewer",
        language: "en",
      })
    ).json().data;
    const first = tokenFrom((await outbox(email))[0]!.text)!;
    expect((await admin.call("POST", `/api/company/users/${invited.id}/resend-invitation`)).statusCode).toBe(
      200,
    );
    const second = tokenFrom((await outbox(email))[0]!.text)!;
    expect(second).not.toBe(first);
    expect((await t().app.inject({ method: "GET", url: `/api/invitations/${first}` })).statusCode).toBe(404);
    expect((await t().app.inject({ method: "GET", url: `/api/invitations/${second}` })).statusCode).toBe(200);

    await db()
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, invited.id));
    expect((await t().app.inject({ method: "GET", url: `/api/invitations/${second}` })).statusCode).toBe(404);
    const expired = await t().app.inject({
      method: "POST",
      url: "/api/invitations/accept",
      payload: { token: second, first_name: "Late", last_name: "Comer", password: PASSWORD, language: "en" },
    });
    expect(expired.statusCode).toBe(404);
    const [member] = await db().select().from(companyMembers).where(eq(companyMembers.userId, invited.id));
    expect(member!.status).toBe("invited");

    expect((await t().app.inject({ method: "GET", url: "/api/invitations/short" })).statusCode).toBe(400);
    const hostile = await t().app.inject({
      method: "POST",
      url: "/api/invitations/accept",
      payload: {
        token: second,
        first_name: "A",
        last_name: "B",
        password: PASSWORD,
        language: "en",
        role: "admin",
      },
    });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().field).toBe("role");
  });

  it("closes the invitation of a disabled invitee", async () => {
    const { admin } = await companyWithAdmin();
    const email = `gone.${Date.now()}@example.test`;
    const invited = (
      await admin.call("POST", "/api/company/users", {
        email,
        first_name: "Gone",
        last_name: "Soon",
        role: "viewer",
        language: "en",
      })
    ).json().data;
    const token = tokenFrom((await outbox(email))[0]!.text)!;
    await admin.call("POST", `/api/company/users/${invited.id}/disable`);
    expect((await t().app.inject({ method: "GET", url: `/api/invitations/${token}` })).statusCode).toBe(404);
    const resend = await admin.call("POST", `/api/company/users/${invited.id}/resend-invitation`);
    expect(resend.json().error).toBe("NOT_INVITED");
    // Enabled again, the invitee is invited (not accepted) and a new link can go out.
    expect((await admin.call("POST", `/api/company/users/${invited.id}/enable`)).json().data.status).toBe(
      "invited",
    );
  });
});
