import { describe, expect, it } from "vitest";
import { MANUFACTURERS, canonicalManufacturer, normaliseManufacturerKey } from "./manufacturers.ts";

describe("normaliseManufacturerKey", () => {
  it("drops case, accents, punctuation and company-form words", () => {
    expect(normaliseManufacturerKey("Texas Instruments Inc.")).toBe("texasinstruments");
    expect(normaliseManufacturerKey("TEXAS INSTRUMENTS")).toBe("texasinstruments");
    expect(normaliseManufacturerKey("Würth Elektronik GmbH")).toBe("wurth");
    expect(normaliseManufacturerKey("Murata Electronics North America")).toBe("murata");
    expect(normaliseManufacturerKey("Samsung Electro-Mechanics America, Inc.")).toBe(
      "samsungelectromechanics",
    );
  });

  it("drops LCSC's bracketed Chinese name when a Latin one is there, and keeps it otherwise", () => {
    expect(normaliseManufacturerKey("UNI-ROYAL(厚声)")).toBe("uniroyal");
    expect(normaliseManufacturerKey("EVERLIGHT(台湾亿光)")).toBe("everlight");
    expect(normaliseManufacturerKey("国巨")).toBe("国巨");
  });

  it("keeps a name made only of company words", () => {
    expect(normaliseManufacturerKey("Electronics Co.")).toBe("electronicsco");
    expect(normaliseManufacturerKey("  ")).toBe("");
  });
});

describe("canonicalManufacturer", () => {
  it("maps the manufacturer names of the LimeSDR and SimpleFOC v3 BOMs", () => {
    const names: [string, string][] = [
      ["Murata Electronics", "murata"],
      ["Murata Electronics North America", "murata"],
      ["TDK Corporation", "tdk"],
      ["ON Semiconductor", "onsemi"],
      ["Samsung Electro-Mechanics America, Inc.", "samsung-em"],
      ["SAMSUNG", "samsung-em"],
      ["Vishay Dale", "vishay"],
      ["Rohm Semiconductor", "rohm"],
      ["Panasonic Electronic Components", "panasonic"],
      ["Infineon Technologies", "infineon"],
      ["AVX Corp/Kyocera Corp", "avx"],
      ["Wurth Electronics Inc.", "wurth"],
      ["WURTH ELEKTRONIK", "wurth"],
      ["Molex, LLC", "molex"],
      ["Harwin Inc", "harwin"],
      ["Amphenol FCI", "amphenol"],
      ["Altera", "intel"],
      ["Winbond Electronics", "winbond"],
      ["Avago Technologies US Inc.", "broadcom"],
      ["Skyworks Solutions Inc.", "skyworks"],
      ["FTDI, Future Technology Devices International Ltd", "ftdi"],
      ["ALLEGRO(美国埃戈罗)", "allegro"],
      ["EVERLIGHT(台湾亿光)", "everlight"],
      ["YAGEO", "yageo"],
      ["UniOhm", "uniroyal"],
      ["STMicroelectronics", "st"],
      ["Texas Instruments", "ti"],
    ];
    for (const [name, id] of names) expect(canonicalManufacturer(name)?.id, name).toBe(id);
  });

  it("maps acquired companies and abbreviations to the owner", () => {
    expect(canonicalManufacturer("Linear Technology")).toEqual({ id: "adi", name: "Analog Devices" });
    expect(canonicalManufacturer("Maxim Integrated")?.id).toBe("adi");
    expect(canonicalManufacturer("ATMEL")?.id).toBe("microchip");
    expect(canonicalManufacturer("Freescale Semiconductor")?.id).toBe("nxp");
    expect(canonicalManufacturer("International Rectifier")?.id).toBe("infineon");
    expect(canonicalManufacturer("Fairchild")?.id).toBe("onsemi");
    expect(canonicalManufacturer("Intersil")?.id).toBe("renesas");
    expect(canonicalManufacturer("Xilinx")?.id).toBe("amd");
    expect(canonicalManufacturer("ST Microelectronics")?.id).toBe("st");
    expect(canonicalManufacturer("STM")?.id).toBe("st");
    expect(canonicalManufacturer("TI")?.id).toBe("ti");
    expect(canonicalManufacturer("国巨")?.id).toBe("yageo");
  });

  it("returns null for makers not on the list and for blank names", () => {
    expect(canonicalManufacturer("Vertical Technology")).toBeNull();
    expect(canonicalManufacturer("Lime Microsystems")).toBeNull();
    expect(canonicalManufacturer("")).toBeNull();
  });
});

describe("MANUFACTURERS", () => {
  it("lists at least 60 makers with unique ids", () => {
    expect(MANUFACTURERS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(MANUFACTURERS.map((m) => m.id)).size).toBe(MANUFACTURERS.length);
  });

  it("gives no name or alias to two makers", () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const manufacturer of MANUFACTURERS) {
      for (const name of [manufacturer.name, ...manufacturer.aliases]) {
        const key = normaliseManufacturerKey(name);
        const previous = owner.get(key);
        if (previous && previous !== manufacturer.id)
          clashes.push(`${name}: ${previous} and ${manufacturer.id}`);
        owner.set(key, manufacturer.id);
      }
    }
    expect(clashes).toEqual([]);
  });
});
