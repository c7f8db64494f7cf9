import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/test-app.ts";
import { nextDocumentNumber } from "./document-number-repository.ts";

const t = useTestApp();

describe("document numbers", () => {
  it("counts per kind and year, zero-padded", async () => {
    const db = t().db.db;
    const at = new Date("2031-03-01T10:00:00Z");
    expect(await nextDocumentNumber(db, "quote", at)).toBe("QTN-2031-00001");
    expect(await nextDocumentNumber(db, "quote", at)).toBe("QTN-2031-00002");
    expect(await nextDocumentNumber(db, "invoice", at)).toBe("INV-2031-00001");
    expect(await nextDocumentNumber(db, "quote", new Date("2032-01-01T00:00:00Z"))).toBe("QTN-2032-00001");
  });

  it("gives the number back when the transaction that took it rolls back", async () => {
    const db = t().db.db;
    const at = new Date("2033-06-01T00:00:00Z");
    await expect(
      db.transaction(async (tx) => {
        await nextDocumentNumber(tx, "order", at);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await nextDocumentNumber(db, "order", at)).toBe("SO-2033-00001");
  });

  it("hands out distinct numbers to concurrent transactions", async () => {
    const db = t().db.db;
    const at = new Date("2034-06-01T00:00:00Z");
    const numbers = await Promise.all(
      Array.from({ length: 8 }, () => db.transaction((tx) => nextDocumentNumber(tx, "delivery", at))),
    );
    expect(new Set(numbers).size).toBe(8);
  });
});
