import type { PnpMount } from "./bom-types.ts";

/*
 * Whether a placement is surface-mount or through-hole. Centroid files rarely say so (KiCad, Altium,
 * EAGLE and EasyEDA write no such column), but footprint names do, in the conventions of the big
 * libraries: KiCad's "_THT"/"_SMD" suffixes and "PinHeader_…", IPC-7351 names (CAPC1608X85 is a chip,
 * "TO-220" a leaded package), EAGLE's "1X08" headers, vendor names with "SMD" or "TH". A name that
 * says nothing is SMT: a pick-and-place file is written for the placement machine, and through-hole
 * parts are usually left out of it.
 */

const SMT_WORDS = /SMD|SMT|(^|[^A-Z])SM([^A-Z]|$)|SURFACE/i;
const THT_WORDS = [
  // "_TH_", "-TH-", "THT", "PTH" as words of the name.
  /(^|[^A-Z])(THT|TH|PTH|THRU|THROUGH)([^A-Z]|$)/i,
  // Dual and single in-line packages: DIP-8, PDIP14, SIP6 (not SOIC or SIPxx modules named otherwise).
  /(^|[^A-Z])P?DIP-?\d/i,
  /(^|[^A-Z])SIP-?\d/i,
  // Leaded transistor outlines; TO-252 (DPAK), TO-263 (D2PAK) and TO-277 are surface-mount.
  /(^|[^A-Z0-9])TO-?(3|5|18|39|92|126|202|218|220|247|251|264|3P)([^0-9]|$)/i,
  // Pin headers and sockets: KiCad's PinHeader_/PinSocket_, EAGLE's 1X08 and 2X05, HDR1X10, HEADER23X2.
  /PIN_?HEADER|PIN_?SOCKET/i,
  /^(HDR|HEADER|PINHD)?-?[A-Z]?\d{1,2}X\d{1,2}$/i,
  /^(HDR|HEADER)[-_]?(M[-_]?)?[\d.]*[-_]?\d{1,2}X\d{1,2}/i,
  // Axial and radial leads, screw terminals and terminal blocks.
  /AXIAL|RADIAL|SCREW_?TERMINAL|TERMINAL_?BLOCK|TERMINALBLOCK/i,
  /^TB\d{3}-\d{3}-\d{2}/i,
] as const;

/** The mount a type column states ("SMD", "THT", "through hole"), or null when it says neither. */
export function mountFromTypeText(text: string): PnpMount | null {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, "");
  if (["smd", "smt", "surfacemount", "surface", "sm"].includes(key)) return "smt";
  if (["tht", "th", "pth", "throughhole", "thruhole", "through", "thru"].includes(key)) return "tht";
  return null;
}

/** The mount a footprint's name implies; SMT when it implies nothing. */
export function mountFromFootprint(footprint: string | null): PnpMount {
  if (footprint === null) return "smt";
  const name = footprint.trim();
  // A library prefix ("LED_SMD:LED_1210") says as much as the name itself.
  if (SMT_WORDS.test(name)) return "smt";
  return THT_WORDS.some((pattern) => pattern.test(name)) ? "tht" : "smt";
}
