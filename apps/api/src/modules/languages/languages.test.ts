import { describe, expect, it } from "vitest";
import { LOCALES } from "@ems/i18n/locales";
import { envelopeSchema } from "@ems/contracts/envelope";
import { languageListSchema } from "@ems/contracts/languages";
import { useTestApp } from "../../test/test-app.ts";

const t = useTestApp();

describe("languages", () => {
  it("POST with an empty body lists the 12 languages with native names and flags", async () => {
    const res = await t().app.inject({ method: "POST", url: "/api/languages" });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((l: { code: string }) => l.code)).toEqual([...LOCALES]);
    expect(data.find((l: { code: string }) => l.code === "de")).toMatchObject({
      nativeName: "Deutsch",
      flag: "🇩🇪",
    });
    expect(data.find((l: { code: string }) => l.code === "ro")).toMatchObject({ nativeName: "Română" });
  });

  it("answers exactly the documented schema", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/languages" });
    expect(envelopeSchema(languageListSchema).parse(res.json()).data).toHaveLength(12);
  });

  it("accepts an empty JSON object, as the typed client sends", async () => {
    const res = await t().app.inject({ method: "POST", url: "/api/languages", payload: {} });
    expect(res.statusCode).toBe(200);
  });

  it("GET serves the same list, cacheable", async () => {
    const get = await t().app.inject({ method: "GET", url: "/api/languages" });
    const post = await t().app.inject({ method: "POST", url: "/api/languages" });
    expect(get.json()).toEqual(post.json());
    expect(get.headers["cache-control"]).toContain("max-age");
  });

  it("rejects a body with properties", async () => {
    const res = await t().app.inject({ method: "POST", url: "/api/languages", payload: { lang: "de" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "VALIDATION_ERROR", field: "lang" });
  });

  it("rejects a JSON array body", async () => {
    const res = await t().app.inject({ method: "POST", url: "/api/languages", payload: [1, 2] });
    expect(res.statusCode).toBe(400);
  });
});
