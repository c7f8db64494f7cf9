import { describe, expect, it } from "vitest";
import { createContactMessage } from "@ems/db/contact-factories";
import { createCompany, createSession, createUser } from "@ems/db/factories";
import { useTestApp } from "../../test/test-app.ts";

const t = useTestApp();
const db = () => t().db.db;
const MISSING = "00000000-0000-4000-8000-000000000000";
const DAY_MS = 24 * 60 * 60 * 1000;

async function signedIn(role: "staff" | "customer", name = "Sven") {
  const company = await createCompany(db(), { isOperator: role === "staff" });
  const user =
    role === "staff"
      ? await createUser(db(), { companyId: company.id, role, firstName: name, lastName: "Berg" })
      : await createUser(db(), { companyId: company.id, companyRole: "admin" });
  const { token } = await createSession(db(), { userId: user.id });
  const headers = { cookie: `session=${token}` };
  return {
    user,
    get: (url: string) => t().app.inject({ method: "GET", url, headers }),
    post: (url: string) => t().app.inject({ method: "POST", url, headers, payload: {} }),
  };
}

describe("staff contact messages", () => {
  it("refuse visitors (401) and customers (403)", async () => {
    const message = await createContactMessage(db());
    expect((await t().app.inject({ method: "GET", url: "/api/staff/contact-messages" })).statusCode).toBe(
      401,
    );
    expect(
      (
        await t().app.inject({
          method: "POST",
          url: `/api/staff/contact-messages/${message.id}/handled`,
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
    const customer = await signedIn("customer");
    expect((await customer.get("/api/staff/contact-messages")).statusCode).toBe(403);
    expect((await customer.post(`/api/staff/contact-messages/${message.id}/handled`)).statusCode).toBe(403);
  });

  it("list new messages oldest first with their text, and handled ones apart", async () => {
    const staff = await signedIn("staff");
    const oldest = await createContactMessage(db(), {
      name: "Oldest Sender",
      phone: "+358 40 000000",
      language: "fi",
      createdAt: new Date(Date.now() - 900 * DAY_MS),
    });
    const handled = await createContactMessage(db(), {
      handledAt: new Date(),
      handledByUserId: staff.user.id,
    });

    const res = await staff.get("/api/staff/contact-messages?page_size=100");
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.items[0]).toEqual({
      id: oldest.id,
      reference: oldest.reference,
      name: "Oldest Sender",
      company: "Aurora Marine Oy",
      email: oldest.email,
      phone: "+358 40 000000",
      message: oldest.message,
      language: "fi",
      created_at: oldest.createdAt.toISOString(),
      handled_at: null,
      handled_by: null,
    });
    expect(page.items.map((m: { id: string }) => m.id)).not.toContain(handled.id);

    const done = (await staff.get("/api/staff/contact-messages?status=handled&page_size=100")).json().data;
    expect(done.items.find((m: { id: string }) => m.id === handled.id)).toMatchObject({
      handled_by: "Sven Berg",
    });
    expect(done.items.map((m: { id: string }) => m.id)).not.toContain(oldest.id);
    expect((await staff.get("/api/staff/contact-messages?status=unread")).statusCode).toBe(400);
  });

  it("mark a message handled once: a second call keeps the first handler and answers 200", async () => {
    const first = await signedIn("staff", "Anna");
    const second = await signedIn("staff", "Ola");
    const message = await createContactMessage(db());

    const res = await first.post(`/api/staff/contact-messages/${message.id}/handled`);
    expect(res.statusCode).toBe(200);
    const marked = res.json().data;
    expect(marked).toMatchObject({ id: message.id, handled_by: "Anna Berg" });
    expect(marked.handled_at).toEqual(expect.any(String));

    const again = await second.post(`/api/staff/contact-messages/${message.id}/handled`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(marked);

    const waiting = (await first.get("/api/staff/contact-messages?page_size=100")).json().data;
    expect(waiting.items.map((m: { id: string }) => m.id)).not.toContain(message.id);
  });

  it("answer 404 for an unknown id and 400 for a malformed one", async () => {
    const staff = await signedIn("staff");
    expect((await staff.post(`/api/staff/contact-messages/${MISSING}/handled`)).statusCode).toBe(404);
    expect((await staff.post("/api/staff/contact-messages/not-a-uuid/handled")).statusCode).toBe(400);
  });
});
