import { describe, expect, it } from "vitest";
import { mountFromFootprint, mountFromTypeText } from "./pnp-mount.ts";

describe("mountFromFootprint", () => {
  it.each([
    // Footprints from the real centroid files in fixtures/cpl.
    "HDR-TH_10P-P2.54-V-M-1",
    "HEADER7X1_TH_V2",
    "Header2x1_TH_v2",
    "1X08",
    "HDR1X10",
    "HEADER23X2",
    "SIP6",
    "SCREWTERMINAL-5MM-2",
    "TB002-500-02BE",
    // KiCad library names.
    "PinHeader_1x04_P2.54mm_Vertical",
    "Connector_PinSocket_2.54mm:PinSocket_2x05_P2.54mm_Vertical",
    "Package_DIP:DIP-8_W7.62mm",
    "Package_TO_SOT_THT:TO-220-3_Vertical",
    "TO-92_Inline",
    "R_Axial_DIN0207_L6.3mm_D2.5mm_P10.16mm_Horizontal",
    "CP_Radial_D8.0mm_P3.50mm",
    "PDIP14",
  ])("reads %s as through-hole", (footprint) => {
    expect(mountFromFootprint(footprint)).toBe("tht");
  });

  it.each([
    "C_0805_2012Metric_Pad1.15x1.40mm_HandSolder",
    "CAPC1608X85",
    "SOIC-8_3.9x4.9mm_P1.27mm",
    "HEADER10X2_SMD",
    "USB3A_SM",
    "SMA_CONNECTOR_BOARD_EDGE_SM",
    "LED_SMD:LED_1210_3528Metric",
    "TO-252-2_L6.6-W6.1-P4.57-LS9.9-TL-CW",
    "TO-263-2",
    "TP4056_SOP-8-PP",
    "HTSSOP-28_L9.8-W4.5-P0.65-LS6.6-BL-EP",
    "FIDUCIAL",
    "PANASONIC_D",
    "SOT-23_Handsoldering",
  ])("reads %s as surface-mount", (footprint) => {
    expect(mountFromFootprint(footprint)).toBe("smt");
  });

  it("counts a placement without a footprint as surface-mount", () => {
    expect(mountFromFootprint(null)).toBe("smt");
  });
});

describe("mountFromTypeText", () => {
  it("reads the words CAD tools and assemblers write", () => {
    expect(mountFromTypeText("SMD")).toBe("smt");
    expect(mountFromTypeText(" smt ")).toBe("smt");
    expect(mountFromTypeText("Through Hole")).toBe("tht");
    expect(mountFromTypeText("THT")).toBe("tht");
    expect(mountFromTypeText("virtual")).toBeNull();
  });
});
