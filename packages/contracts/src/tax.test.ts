import { siteConfig } from "@ems/config/site";
import { describe, expect, it } from "vitest";
import { isValidVatId, standardRateOn, taxRateFor, taxTreatmentFor } from "./tax.ts";

const rules = siteConfig.tax;

describe("VAT treatment by the customer's country and VAT ID (German operator)", () => {
  it("charges German VAT at home, whatever the VAT ID", () => {
    expect(taxTreatmentFor(rules, { country: "DE", vatId: "DE136695976" })).toBe("domestic");
    expect(taxTreatmentFor(rules, { country: "DE", vatId: null })).toBe("domestic");
  });

  it("reverses the charge for a business in another member state with a valid VAT ID", () => {
    expect(taxTreatmentFor(rules, { country: "SE", vatId: "SE556677889901" })).toBe("reverse_charge");
    expect(taxTreatmentFor(rules, { country: "GR", vatId: "EL094259216" })).toBe("reverse_charge");
    expect(taxTreatmentFor(rules, { country: "RO", vatId: "RO 18547290" })).toBe("reverse_charge");
  });

  it("charges German VAT to a customer in the EU without a valid VAT ID", () => {
    expect(taxTreatmentFor(rules, { country: "SE", vatId: null })).toBe("eu_no_vat_id");
    expect(taxTreatmentFor(rules, { country: "SE", vatId: "SE556677889902" })).toBe("eu_no_vat_id");
    // Another country's valid ID does not make a Swedish company's.
    expect(taxTreatmentFor(rules, { country: "SE", vatId: "DE136695976" })).toBe("eu_no_vat_id");
  });

  it("treats customers outside the EU as exports, VAT ID or not", () => {
    expect(taxTreatmentFor(rules, { country: "CH", vatId: "CHE-116.281.710 MWST" })).toBe("export");
    expect(taxTreatmentFor(rules, { country: "US", vatId: null })).toBe("export");
    expect(taxTreatmentFor(rules, { country: "NO", vatId: null })).toBe("export");
  });
});

describe("rates by date", () => {
  it("takes the rate valid on the document's day, Germany's 16 % of 2020 included", () => {
    expect(standardRateOn(rules, "2020-06-30")).toBe(1900);
    expect(standardRateOn(rules, "2020-07-01")).toBe(1600);
    expect(standardRateOn(rules, "2020-12-31")).toBe(1600);
    expect(standardRateOn(rules, "2026-11-29")).toBe(1900);
    expect(() => standardRateOn(rules, "1999-01-01")).toThrow(/No standard VAT rate/);
  });

  it("charges nothing under reverse charge and export", () => {
    expect(taxRateFor(rules, "domestic", "2026-11-29")).toBe(1900);
    expect(taxRateFor(rules, "eu_no_vat_id", "2026-11-29")).toBe(1900);
    expect(taxRateFor(rules, "reverse_charge", "2026-11-29")).toBe(0);
    expect(taxRateFor(rules, "export", "2026-11-29")).toBe(0);
  });
});

describe("VAT ID format per country", () => {
  it.each([
    ["DE136695976", "DE"],
    ["de 136 695 976", "DE"],
    ["136695976", "DE"],
    ["SE556677889901", "SE"],
    ["EL094259216", "GR"],
    ["CHE-116.281.710 MWST", "CH"],
    ["GB980780684", "GB"],
  ])("accepts %s for %s", (vatId, country) => {
    expect(isValidVatId(vatId, country)).toBe(true);
  });

  it.each([
    ["DE136695977", "DE"],
    ["DE13669597", "DE"],
    ["SE556677889901", "DE"],
    ["XX123", "FR"],
    ["FR", "FR"],
  ])("refuses %s for %s", (vatId, country) => {
    expect(isValidVatId(vatId, country)).toBe(false);
  });
});
