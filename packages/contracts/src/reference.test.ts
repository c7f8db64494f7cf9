import { describe, expect, it } from "vitest";
import { addWorkingDays, parcelServiceLabel } from "./reference.ts";

describe("parcelServiceLabel", () => {
  it("puts the carrier before a service name that does not carry it", () => {
    expect(parcelServiceLabel({ carrier: "DHL", name: "Paket" })).toBe("DHL Paket");
    expect(parcelServiceLabel({ carrier: "UPS", name: "Standard" })).toBe("UPS Standard");
  });

  it("does not repeat a carrier the name already starts with, whatever its case", () => {
    expect(parcelServiceLabel({ carrier: "DHL", name: "DHL Express 12:00" })).toBe("DHL Express 12:00");
    expect(parcelServiceLabel({ carrier: "dhl", name: "DHL Express" })).toBe("DHL Express");
    expect(parcelServiceLabel({ carrier: " ", name: "Own courier" })).toBe("Own courier");
  });
});

describe("addWorkingDays", () => {
  it("skips weekends and holidays", () => {
    // Friday 2026-12-18 + 3 working days, with Monday 21st a holiday: Tue 22, Wed 23, Thu 24.
    expect(addWorkingDays("2026-12-18", 3, new Set(["2026-12-21"]))).toBe("2026-12-24");
  });
});
