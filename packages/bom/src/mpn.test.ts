import { describe, expect, it } from "vitest";
import { normaliseMpn } from "./mpn.ts";

describe("normaliseMpn", () => {
  it("upper-cases and drops spaces, dashes, dots, slashes and underscores", () => {
    // From the SimpleFOC v2 and LimeSDR BOMs.
    expect(normaliseMpn("RC1210FR-074K7L")).toBe("RC1210FR074K7L");
    expect(normaliseMpn(" rc1210fr-074k7l ")).toBe("RC1210FR074K7L");
    expect(normaliseMpn("MX25U1635EM1I-10G")).toBe("MX25U1635EM1I10G");
    expect(normaliseMpn("19-217/R6C-AL1M2VY/3T")).toBe("19217R6CAL1M2VY3T");
    expect(normaliseMpn("A_B.C–D")).toBe("ABCD");
  });

  it("keeps codes whose trailing letters are the maker's own", () => {
    expect(normaliseMpn("CL10B104KB8NNNC")).toBe("CL10B104KB8NNNC");
    expect(normaliseMpn("GRM155R71C104KA88D")).toBe("GRM155R71C104KA88D");
    expect(normaliseMpn("C1206C104M5RECAUTO")).toBe("C1206C104M5RECAUTO");
    expect(normaliseMpn("ACS712ELCTR-05B-T")).toBe("ACS712ELCTR05BT");
    expect(normaliseMpn("LMZ10501SILR")).toBe("LMZ10501SILR");
    expect(normaliseMpn("SKY13411-374LF")).toBe("SKY13411374LF");
  });

  it("drops Toshiba and NXP packing codes after a comma", () => {
    expect(normaliseMpn("TBAT54S,LM")).toBe("TBAT54S");
    expect(normaliseMpn("LM75BTP,147")).toBe("LM75BTP");
    expect(normaliseMpn("BF1105R,215")).toBe("BF1105R");
    expect(normaliseMpn("TC7SZ04FU(TE85L,F)")).toBe("TC7SZ04FU");
  });

  it("drops TI's /NOPB, ST's TR, Winbond's TR and IR's TRPBF", () => {
    expect(normaliseMpn("LM1117IMPX-3.3/NOPB")).toBe("LM1117IMPX33");
    expect(normaliseMpn("LMK00105SQ/NOPB")).toBe("LMK00105SQ");
    expect(normaliseMpn("L78M08CDT-TR")).toBe("L78M08CDT");
    expect(normaliseMpn("L6234PD013TR")).toBe("L6234PD013");
    expect(normaliseMpn("W25Q40EWUXIE TR")).toBe("W25Q40EWUXIE");
    expect(normaliseMpn("IRLML6244TRPBF")).toBe("IRLML6244");
    expect(normaliseMpn("IRF540NPBF")).toBe("IRF540N");
  });

  it("drops LT, ADI, Maxim, Diodes and distributor suffixes", () => {
    expect(normaliseMpn("LT1763CS8-3.3#TRPBF")).toBe("LT1763CS833");
    expect(normaliseMpn("LT1763CS8-3.3#PBF")).toBe("LT1763CS833");
    expect(normaliseMpn("AD8605ARTZ-REEL7")).toBe("AD8605ARTZ");
    expect(normaliseMpn("AD8605ARTZ-REEL")).toBe("AD8605ARTZ");
    expect(normaliseMpn("MAX3232ECAE+T")).toBe("MAX3232ECAE");
    expect(normaliseMpn("TC1-1-13M-45+")).toBe("TC1113M45");
    expect(normaliseMpn("BAT54S-7-F")).toBe("BAT54S");
    expect(normaliseMpn("DMG2305UX-13-F")).toBe("DMG2305UX");
    expect(normaliseMpn("296-1395-1-ND")).toBe("2961395");
    expect(normaliseMpn("P10KDACT-ND")).toBe("P10KDA");
    expect(normaliseMpn("LM358DR (T&R)")).toBe("LM358DR");
  });

  it("keeps a suffix when dropping it would leave too little", () => {
    expect(normaliseMpn("1TR")).toBe("1TR");
    expect(normaliseMpn("AB+")).toBe("AB+");
  });

  it("lets reel and loose versions of a part meet", () => {
    expect(normaliseMpn("L78M08CDT-TR")).toBe(normaliseMpn("l78m08cdt"));
    expect(normaliseMpn("BAT54S-7-F")).toBe(normaliseMpn("BAT54S"));
  });
});
