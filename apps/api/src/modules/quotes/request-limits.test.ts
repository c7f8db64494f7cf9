import { describe, expect, it } from "vitest";
import { contracts, materialRequests, quotes } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { quoteTestKit } from "./quote-test-helpers.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_S: "60" });
const kit = quoteTestKit(t);

describe("customers' new requests are rate-limited per client address", () => {
  it.each(["/api/quotes", "/api/material-requests", "/api/contracts"])(
    "POST %s answers 429 with Retry-After after RATE_LIMIT_MAX calls and writes nothing",
    async (url) => {
      const { admin } = await kit.customerCompany();
      const before = [await kit.rows(quotes), await kit.rows(materialRequests), await kit.rows(contracts)];
      // Empty bodies are refused (400) but count: the limit is taken before the body is read.
      for (let i = 0; i < 2; i++) expect((await admin.call("POST", url, {})).statusCode).toBe(400);
      const limited = await admin.call("POST", url, {});
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({ status: 429, error: "RATE_LIMITED", data: null });
      expect([await kit.rows(quotes), await kit.rows(materialRequests), await kit.rows(contracts)]).toEqual(
        before,
      );
      // Reading is not limited.
      expect((await admin.call("GET", url)).statusCode).toBe(200);
    },
  );
});
