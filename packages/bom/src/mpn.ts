/**
 * Packaging and finish suffixes that name the same part on another reel, tape or plating, so a
 * customer's "L78M08CDT-TR" finds the stock of "L78M08CDT". Only suffixes whose meaning is fixed by
 * their maker are here: single letters such as Samsung's trailing C in CL10B104KB8NNNC or Murata's D
 * in GRM155R71C104KA88D are packaging codes too, but inside a code that cannot be told apart from
 * the part's own letters, so they stay. Applied to the upper-cased text, end first, repeatedly.
 */
const PACKAGING_SUFFIXES: { pattern: RegExp; why: string }[] = [
  { pattern: /\s*\(T&R\)$|\s*\(TR\)$|\s*T&R$/, why: "tape and reel, written out by distributors" },
  { pattern: /(?:DKR|CT|TR)-ND$/, why: "Digi-Key's Digi-Reel, cut tape and tape-and-reel part numbers" },
  {
    pattern: /-\d-ND$/,
    why: "Digi-Key's packaging variants of one part (-1-ND cut tape, -2-ND reel, -6-ND Digi-Reel)",
  },
  { pattern: /-ND$/, why: "Digi-Key's own part number is the MPN plus -ND" },
  { pattern: /#TRPBF$|#PBF$|#TR$/, why: "Linear Technology / ADI: #PBF lead-free, #TR tape and reel" },
  {
    pattern: /(?<keep>\d)TR[LR]?PBF$/,
    why: "International Rectifier / Infineon: TR(L/R) reel, PBF lead-free",
  },
  { pattern: /(?<keep>\d|N)PBF$/, why: "International Rectifier / Infineon: PBF lead-free" },
  { pattern: /\/NOPB$/, why: "Texas Instruments (National): lead-free finish of the same die and package" },
  { pattern: /[-/ ]TR$/, why: "STMicroelectronics and others: tape and reel" },
  {
    pattern: /(?<keep>\d)TR$/,
    why: "ST writes TR straight after the package digit (L6234PD013TR); after a letter it may be the part's",
  },
  {
    pattern: /-REEL7?$|REEL7$|-RL7?$/,
    why: "Analog Devices: 13-inch (-REEL, -RL) and 7-inch (-REEL7, -RL7) reels",
  },
  { pattern: /-CT$/, why: "cut tape, written by distributors; a bare CT could be the part's own letters" },
  { pattern: /\+T$/, why: "Maxim / ADI and Mini-Circuits: + lead-free, T tape and reel" },
  { pattern: /\+$/, why: "Maxim / ADI and Mini-Circuits: lead-free" },
  { pattern: /-(?:7|13)-F$/, why: "Diodes Inc.: 7- or 13-inch reel, lead-free" },
  { pattern: /,\d{3}$/, why: "NXP and Nexperia: the 12NC packing code after the comma (,115 ,215 ,147)" },
  {
    pattern: /,L[A-Z0-9]{1,2}$/,
    why: "Toshiba: packing and finish code after the comma (TBAT54S,LM ,LF ,L3F)",
  },
  { pattern: /\([A-Z0-9]+(?:,[A-Z0-9]+)+\)$/, why: "Toshiba: packing code in brackets, e.g. (TE85L,F)" },
];

/** Every suffix above ends in one of these; most MPNs end otherwise and skip the list entirely. */
const MAY_END_IN_SUFFIX = /(?:ND|PBF|TR|NOPB|REEL7?|RL7?|CT|\+T?|-F|,[A-Z0-9]{1,3}|\)|T&R)$/;

/** Shorter than this, what is left is not a part number any more and the suffix was the part's own. */
const MIN_STEM_LENGTH = 4;

/**
 * The form two MPNs are compared in: upper case, packaging suffixes off, then spaces, dashes, dots,
 * slashes and underscores dropped ("RC0402FR-07 10KL" = "RC0402FR0710KL").
 */
export function normaliseMpn(mpn: string): string {
  let text = mpn
    .normalize("NFKC")
    .toUpperCase()
    .trim()
    .replace(/[‐-―−]/g, "-");
  for (let pass = 0; pass < 4 && MAY_END_IN_SUFFIX.test(text); pass++) {
    const before = text;
    for (const { pattern } of PACKAGING_SUFFIXES) {
      const match = pattern.exec(text);
      if (!match) continue;
      // The character a pattern had to see before the suffix ("keep") belongs to the part.
      const stem = (text.slice(0, match.index) + (match.groups?.keep ?? "")).trim();
      if (stem.replace(/[^A-Z0-9]/g, "").length >= MIN_STEM_LENGTH) text = stem;
    }
    if (text === before) break;
  }
  return text.replace(/[\s\-._/\\]/g, "");
}
