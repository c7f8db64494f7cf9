import { describe, expect, it } from "vitest";
import { LOCALES } from "@ems/i18n/locales";
import { useTestApp } from "../../test/test-app.ts";

const t = useTestApp();

type Country = { code: string; alpha3: string; name: string };
const list = async (query = "") => {
  const res = await t().app.inject({ method: "GET", url: `/api/countries${query}` });
  return { res, data: res.json().data as Country[] };
};

describe("GET /api/countries", () => {
  it("lists every ISO 3166-1 country once, in English by default", async () => {
    const { res, data } = await list();
    expect(res.statusCode).toBe(200);
    expect(data.length).toBeGreaterThanOrEqual(249);
    expect(new Set(data.map((c) => c.code)).size).toBe(data.length);
    expect(data.find((c) => c.code === "DE")).toEqual({ code: "DE", alpha3: "DEU", name: "Germany" });
  });

  it("names countries in each of the 12 languages", async () => {
    const expected: Record<string, string> = {
      de: "Deutschland",
      ro: "Germania",
      fi: "Saksa",
      nl: "Duitsland",
      sv: "Tyskland",
    };
    for (const lang of LOCALES) {
      const { res, data } = await list(`?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      const germany = data.find((c) => c.code === "DE")!;
      if (expected[lang]) expect(germany.name).toBe(expected[lang]);
      expect(germany.name).not.toBe("DE");
    }
  });

  it("sorts by the language's own collation", async () => {
    const { data } = await list("?lang=de");
    const names = data.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("de-DE").compare));
    // Österreich sorts among the O's in German, not after Z.
    expect(names.indexOf("Österreich")).toBeLessThan(names.indexOf("Polen"));
  });

  it("rejects an unknown language with 400 and field lang", async () => {
    for (const lang of ["pl", "EN", "en-US", "'; drop table users; --", ""]) {
      const res = await t().app.inject({
        method: "GET",
        url: `/api/countries?lang=${encodeURIComponent(lang)}`,
      });
      expect(res.statusCode, lang).toBe(400);
      expect(res.json()).toMatchObject({ error: "VALIDATION_ERROR", field: "lang" });
    }
  });

  it("rejects unknown and repeated query parameters", async () => {
    const unknown = await t().app.inject({ method: "GET", url: "/api/countries?region=EU" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe("region");
    const repeated = await t().app.inject({ method: "GET", url: "/api/countries?lang=de&lang=fr" });
    expect(repeated.statusCode).toBe(400);
  });
});
