/**
 * Which layer a file is, from two kinds of evidence weighed together:
 * - the content: an X2 file function, Excellon syntax and Allegro's file identification record are
 *   certain ("strong"); a layer named in a comment, an image name or a gEDA title is only a hint;
 * - the file name: the naming habits of KiCad, EAGLE, Altium / Protel, EasyEDA, DipTrace, Allegro and
 *   OrCAD, PADS, Xpedition, Zuken, Pulsonix, Proteus, Fritzing, LibrePCB, Horizon EDA, gEDA and
 *   pcb-rnd, TARGET 3001!…; a specific name ("TOP.art", "Solder_Mask_Top.art", "F_Cu.gbr") says more
 *   than a bare layer number ("L3", "art002", "lyr4").
 * Certain content wins, then a specific name, then a content hint, then a numbered name. So a generic
 * guess from the content never overrides a well-known name. The order of numbered copper layers and
 * which of them is the bottom is settled for the whole board (see numberCopperLayers).
 * Geometry decides the outline when neither says (see board.ts).
 */
export const LAYER_TYPES = [
  "copper",
  "soldermask",
  "silkscreen",
  "solderpaste",
  "drill",
  "outline",
  "drawing",
] as const;
export type LayerType = (typeof LAYER_TYPES)[number];
export type LayerSide = "top" | "bottom" | "inner" | "all";

export interface LayerId {
  type: LayerType;
  side: LayerSide;
  /** For copper: its position in the stack-up (1 = top, 2 = first inner layer), when known. */
  index?: number;
  /** Drill files: plated or not, when known. */
  plated?: boolean;
  /** Where the answer came from. */
  source: "content" | "name" | "geometry" | "user";
}

type Found = Omit<LayerId, "source">;

/** What a file name says, and whether it says it only by a layer number. */
export interface NameEvidence {
  id: Found;
  /** Copper known only by its number ("L3", "lyr10", "art002"): its side is settled per board. */
  numbered: boolean;
}

/** What the content says, and how sure it is. */
export interface ContentEvidence {
  id: Found;
  strength: "strong" | "hint";
}

export interface ContentHints {
  attributes?: Record<string, string[]>;
  names?: string[];
  comments?: string[];
  excellon?: boolean;
}

/**
 * Splits a layer name into lower-case words: camel case ("TopSolderMaskLayer"), separators, and the
 * words CAD tools glue together ("bottommask", "Copperbottom", "topsilk", "silk_prm").
 */
function words(raw: string): string {
  return (
    raw
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .replace(/([A-Za-z])(\d)/g, "$1 $2")
      .replace(/(\d)([A-Za-z])/g, "$1 $2")
      .replace(/[_.\-\s/()[\]=,:+]+/g, " ")
      .toLowerCase()
      .replace(
        /\b(top|bottom|bot|front|back)(mask|soldermask|silk|silkscreen|paste|copper|overlay|legend|resist|stop|layer|side|assy|assembly)\b/g,
        "$1 $2",
      )
      .replace(
        /\b(mask|soldermask|stopmask|silk|silkscreen|paste|copper|overlay|legend|resist|print|layer|etch)(top|bottom|bot|front|back)\b/g,
        "$1 $2",
      )
      .replace(/\b(solder)(mask|paste|stop|resist)\b/g, "$1 $2")
      .replace(/\b(silk)(screen)\b/g, "$1 $2")
      .replace(/\b(stop)(mask)\b/g, "$1 $2")
      // KiCad "F.Cu", "B.Mask"; Zuken "Resist-A" (A side = top), "Symbol-B".
      .replace(/\bf (cu|mask|silks?|silkscreen|paste|fab|crtyd|courtyard|adhes)\b/g, "front $1")
      .replace(/\bb (cu|mask|silks?|silkscreen|paste|fab|crtyd|courtyard|adhes)\b/g, "back $1")
      .replace(/\b(resist|metal ?mask|symbol|silk|conductive) a\b/g, "$1 top")
      .replace(/\b(resist|metal ?mask|symbol|silk|conductive) b\b/g, "$1 bottom")
      .trim()
  );
}

const TOP_WORDS = /\b(?:top|front|upper|comp|component|oben|primary|prm|pri)\b/;
const BOTTOM_WORDS = /\b(?:bottom|bot|back|lower|unten|secondary|sec)\b/;

/** The side a name says, "solder" counting as the bottom only where it is not the mask's "solder". */
function sideOf(n: string): "top" | "bottom" | null {
  const bottom =
    BOTTOM_WORDS.test(n) || (/\bsolder\b/.test(n) && !/\bsolder (?:mask|paste|stop|resist)\b/.test(n));
  const top = TOP_WORDS.test(n);
  if (bottom && !top) return "bottom";
  if (top && !bottom) return "top";
  if (top && bottom) {
    // "Solder Mask Bottom", "Top Layer Solder": the explicit top/bottom word decides.
    if (/\b(?:bottom|bot|back)\b/.test(n) && !/\b(?:top|front)\b/.test(n)) return "bottom";
    if (/\b(?:top|front)\b/.test(n) && !/\b(?:bottom|bot|back)\b/.test(n)) return "top";
  }
  return null;
}

const DRAWING =
  /\b(?:drill (?:drawing|draw|map|guide|chart|legend|figure)|drl (?:map|drw|draw)|drawing|fab|fabrication|assy|assembly|placement|document|documentation|dwgs|cmts|comments?|eco \d|courtyard|crt ?yd|keep ?out|keepin|margin|user|dimension lines?|notes?|pad ?master|mechanical (?:[2-9]|1\d)|mech (?:[2-9]|1\d)|glue|adhes|adhesive|jumper|nclegend|ncdrill|title|gpi|dri|drill through|through drawing)\b/;
const OUTLINE =
  /\b(?:board ?outlines?|outlines?|outlline|edge ?cuts?|profile|contour|kontur|umriss|dimension|mill|milling|route|rout|keepout layer|board|border|mechanical 1|mech 1|gko|pcb edges?)\b/;

/** A layer name written by the CAD tool or in the file name ("Top Copper", "EtchLayer2", "silk_prm"). */
export function fromLayerName(raw: string): Found | null {
  return layerNameEvidence(raw)?.id ?? null;
}

/**
 * Remembers what names said: each file is identified more than once (before and after plotting, by
 * its content's names), and the same layer names come back in every set. Kept small.
 */
function remembered<T>(read: (raw: string) => T): (raw: string) => T {
  const cache = new Map<string, T>();
  return (raw) => {
    if (cache.has(raw)) return cache.get(raw)!;
    const result = read(raw);
    if (cache.size > 2000) cache.clear();
    cache.set(raw, result);
    return result;
  };
}

const layerNameEvidence = remembered(readLayerName);

function readLayerName(raw: string): NameEvidence | null {
  const n = words(raw);
  if (n === "") return null;
  const side = sideOf(n);
  const found = (id: Found, numbered = false): NameEvidence => ({ id, numbered });
  if (/\b(?:ko|keepout)\b/.test(n) && !/\bkeepout layer\b/.test(n))
    return found({ type: "drawing", side: side ?? "all" });
  if (DRAWING.test(n)) return found({ type: "drawing", side: side ?? "all" });
  if (OUTLINE.test(n) && !/\b(?:silk|copper|mask|paste|etch|signal)\b/.test(n))
    return found({ type: "outline", side: "all" });
  // Short forms: OrCAD/PADS smt/smb, sst/ssb, spt/spb; Allegro smc/sms, spc/sps, ssc/sss, tslk/bslk.
  const short = /\b(sm|ss|sp)([tbcs])\b/.exec(n);
  if (short) {
    const type = ({ sm: "soldermask", ss: "silkscreen", sp: "solderpaste" } as const)[
      short[1] as "sm" | "ss" | "sp"
    ];
    return found({ type, side: short[2] === "b" || short[2] === "s" ? "bottom" : "top" });
  }
  if (/\b(?:tslk|tsilk)\b/.test(n)) return found({ type: "silkscreen", side: "top" });
  if (/\b(?:bslk|bsilk)\b/.test(n)) return found({ type: "silkscreen", side: "bottom" });
  if (/paste|cream|stencil|metal ?mask/.test(n)) return found({ type: "solderpaste", side: side ?? "top" });
  if (/mask|\bstop\b|resist/.test(n)) return found({ type: "soldermask", side: side ?? "top" });
  if (
    /silk|legend|overlay|\bscreen\b|\bprint\b|\bposi\b|bestueckung|bestückung|\bident\b|marking|\bsymbol\b/.test(
      n,
    )
  )
    return found({ type: "silkscreen", side: side ?? "top" });
  const copperWord =
    /\b(?:copper|cu|signal|etch|conductor|conductive|kupfer|layer|plane|lyr|inner|in|inr|mid|internal|group|gnd|pwr|power|vcc|ground|art)\b/;
  // "In2_Cu", "inner 1", "mid layer 3": inner layers counted from 1 below the top (position + 1).
  const innerNumbered = /\b(?:inner|in|inr|mid|mid layer|internal)(?: layer)? (\d+)\b/.exec(n);
  // "Layer2", "L03", "lyr4", "art002", "group3", "Conductive-2": the position in the stack-up.
  const position = /\b(?:layer|lyr|l|art|group|conductive|etch layer|signal)\s?(\d+)\b/.exec(n);
  // Plane names carry their position: "GND2", "PWR5", "VCC3".
  const plane = /\b(?:gnd|pwr|vcc|power|ground|plane|int)\s?(\d+)\b/.exec(n);
  if (copperWord.test(n) || innerNumbered || position || plane) {
    if (side === "top" || /\btop layer\b/.test(n)) return found({ type: "copper", side: "top", index: 1 });
    if (side === "bottom" || /\bbottom layer\b/.test(n)) return found({ type: "copper", side: "bottom" });
    if (innerNumbered) return found({ type: "copper", side: "inner", index: Number(innerNumbered[1]) + 1 });
    const number = Number((position ?? plane)?.[1] ?? NaN);
    if (Number.isFinite(number) && number >= 1) {
      if (number === 1 && position) return found({ type: "copper", side: "top", index: 1 }, true);
      if (number >= 2)
        return found({ type: "copper", side: "inner", index: number }, !plane || Boolean(position));
    }
    if (/\b(?:inner|in|inr|mid|internal|gnd|pwr|power|vcc|ground|plane)\b/.test(n))
      return found({ type: "copper", side: "inner" });
    return null;
  }
  // A bare side word, alone or after the board name (Allegro "TOP.art", DipTrace "mainboard_Top.gbr").
  if (/(?:^|\s)(?:top|bottom|bot|front|back|oben|unten|primary|secondary)$/.test(n) && side !== null)
    return found({ type: "copper", side, ...(side === "bottom" ? {} : { index: 1 }) });
  return null;
}

/** X2 FileFunction → layer. */
function fromFileFunction(values: string[]): Found | null {
  const [kind = "", a = "", b = ""] = values;
  const side = (v: string): "top" | "bottom" => (/^bot/i.test(v) ? "bottom" : "top");
  switch (kind.toLowerCase()) {
    case "copper": {
      const index = Number(a.replace(/^L/i, ""));
      if (/^inr/i.test(b)) return { type: "copper", side: "inner", ...(index ? { index } : {}) };
      return { type: "copper", side: side(b), ...(index ? { index } : {}) };
    }
    case "soldermask":
      return { type: "soldermask", side: side(a) };
    case "legend":
      return { type: "silkscreen", side: side(a) };
    case "paste":
      return { type: "solderpaste", side: side(a) };
    case "profile":
      return { type: "outline", side: "all" };
    case "plated":
      return { type: "drill", side: "all", plated: true };
    case "nonplated":
      return { type: "drill", side: "all", plated: false };
    case "":
      return null;
    default:
      // Drillmap, AssemblyDrawing, FabricationDrawing, Component, Other, Keep-out, Pads, Glue,
      // Carbonmask, Goldmask, Heatsinkmask, Peelablemask, Depthrout, Vcut, Viafill, ArrayDrawing…
      return {
        type: "drawing",
        side: /bot/i.test(values.join(",")) ? "bottom" : /top/i.test(values.join(",")) ? "top" : "all",
      };
  }
}

/**
 * Allegro (and OrCAD PCB Editor) open every artwork with a FILE IDENTIFICATION RECORD listing the
 * CLASS/SUBCLASS pairs on the film. Keep-outs, constraint regions and title blocks are on most films;
 * the ETCH, mask, paste, silkscreen and drawing subclasses say what the film is.
 */
function fromAllegroRecord(comments: string[]): Found | null {
  if (!comments.some((c) => /FILE IDENTIFICATION RECORD|File Origin:\s*Cadence/i.test(c))) return null;
  const pairs: [string, string][] = [];
  for (const comment of comments) {
    const m = /^Layer:\s*([^/]+?)\s*\/\s*(.+?)\s*$/i.exec(comment);
    if (m) pairs.push([m[1]!.toUpperCase(), m[2]!.toUpperCase()]);
  }
  const useful = pairs.filter(
    ([cls, sub]) =>
      !/KEEPOUT|KEEPIN|CONSTRAINT REGION|DRC ERROR|ANTI ETCH|RATSNEST/.test(cls) &&
      !/^FILMMASK|TOOLING_CORNERS|TITLE_BLOCK|PLATING_BAR|SC_DNREV|ROOT_NUMBER|PHOTOPLOT_OUTLINE|^LYR_/.test(
        sub,
      ) &&
      !(cls === "DRAWING FORMAT" && /^(?:OUTLINE|TITLE_DATA|REVISION_BLOCK|REVISION_DATA)$/.test(sub)),
  );
  const sideOfSub = (subs: string[]): LayerSide => {
    const top = subs.some((s) => /TOP/.test(s));
    const bottom = subs.some((s) => /BOTTOM/.test(s));
    return top && !bottom ? "top" : bottom && !top ? "bottom" : "all";
  };
  const drawing = useful.filter(
    ([cls, sub]) =>
      /DIMENSION|NCDRILL|NCLEGEND|XSECTION|NCROUTE|DRILL_?(?:CHART|FIGURE|LEGEND)/.test(sub) ||
      (cls === "DRAWING FORMAT" && /FAB|ASSY|ASSEMBLY|NOTES?|DETAIL/.test(sub)),
  );
  if (drawing.length > 0) {
    const assembly = useful.filter(([, sub]) => /ASSEMBLY/.test(sub)).map(([, sub]) => sub);
    return { type: "drawing", side: sideOfSub(assembly) };
  }
  const etch = useful.filter(
    ([cls, sub]) =>
      (cls === "ETCH" || cls === "PIN" || cls === "VIA CLASS" || cls === "CONDUCTOR") &&
      !/MASK|PASTE|SILK|ASSEMBLY|DISPLAY|PLACE_BOUND/.test(sub),
  );
  if (etch.length > 0) {
    const sub = (etch.find(([cls]) => cls === "ETCH") ?? etch[0]!)[1];
    if (sub === "TOP") return { type: "copper", side: "top", index: 1 };
    if (sub === "BOTTOM") return { type: "copper", side: "bottom" };
    // Inner subclasses often carry their position: "LYR2_GND", "INT3(V)", "PWR5", "L2_GND", "GND6".
    const m = /^(?:[A-Z]+?[_ ]?)?(\d+)(?:[_ (]|$)/.exec(sub) ?? /(\d+)(?:\([A-Z]\))?$/.exec(sub);
    const index = m && !/^LAYER[_ ]/.test(sub) ? Number(m[1]) : NaN;
    return { type: "copper", side: "inner", ...(index >= 2 ? { index } : {}) };
  }
  const subs = useful.map(([, sub]) => sub);
  const of = (pattern: RegExp) => subs.filter((s) => pattern.test(s));
  const mask = of(/SOLDERMASK|SOLDER_MASK/);
  if (mask.length > 0) return { type: "soldermask", side: sideOfSub(mask) === "bottom" ? "bottom" : "top" };
  const paste = of(/PASTEMASK|PASTE_MASK|SOLDERPASTE/);
  if (paste.length > 0)
    return { type: "solderpaste", side: sideOfSub(paste) === "bottom" ? "bottom" : "top" };
  const silk = of(/SILKSCREEN|AUTOSILK|SILK_SCREEN/);
  if (silk.length > 0) return { type: "silkscreen", side: sideOfSub(silk) === "bottom" ? "bottom" : "top" };
  const assembly = of(/ASSEMBLY|DISPLAY|PLACE_BOUND/);
  if (assembly.length > 0) return { type: "drawing", side: sideOfSub(assembly) };
  if (useful.some(([cls, sub]) => cls === "BOARD GEOMETRY" && /OUTLINE|CUTOUT/.test(sub)))
    return { type: "outline", side: "all" };
  return null;
}

/** What the content of a file says about its layer, and how sure that is. */
export function contentEvidence(hints: ContentHints): ContentEvidence | null {
  const ff = hints.attributes?.FileFunction;
  if (ff && ff.length > 0) {
    const found = fromFileFunction(ff);
    if (found) return { id: found, strength: "strong" };
  }
  if (hints.excellon) return { id: { type: "drill", side: "all" }, strength: "strong" };
  const comments = hints.comments ?? [];
  const allegro = fromAllegroRecord(comments);
  if (allegro) return { id: allegro, strength: "strong" };
  for (const comment of comments) {
    // Allegro's film name, EasyEDA "Layer: TopSolderMaskLayer", Xpedition "Layer : name.gdo".
    const m = /^(?:Film Name|Layer|Layer name|Film)\s*[:=]\s*(.+?)\s*$/i.exec(comment);
    if (m && !m[1]!.includes("/")) {
      const found = /\.\w{2,4}$/.test(m[1]!) ? identifyByName(m[1]!) : fromLayerName(m[1]!);
      if (found) return { id: found, strength: "hint" };
    }
    // gEDA PCB and pcb-rnd: "Title: controller, bottom_mask".
    const title = /^Title:\s*.*,\s*(.+?)\s*$/i.exec(comment);
    if (title) {
      const found = fromLayerName(title[1]!);
      if (found) return { id: found, strength: "hint" };
    }
  }
  for (const name of hints.names ?? []) {
    // DipTrace writes the file name here; anything with an extension is judged by the name rules.
    const found = /\.\w{2,4}$/.test(name) ? identifyByName(name) : fromLayerName(name);
    if (found) return { id: found, strength: "hint" };
  }
  return null;
}

/** From the content of the file, when it says what it is. */
export function identifyByContent(hints: ContentHints): Found | null {
  return contentEvidence(hints)?.id ?? null;
}

/** Protel / Altium style extensions, also used by Sprint-Layout, Fritzing, EasyEDA, Horizon and KiCad. */
const EXTENSIONS: Record<string, Found> = {
  gtl: { type: "copper", side: "top", index: 1 },
  gbl: { type: "copper", side: "bottom" },
  gto: { type: "silkscreen", side: "top" },
  gbo: { type: "silkscreen", side: "bottom" },
  gts: { type: "soldermask", side: "top" },
  gbs: { type: "soldermask", side: "bottom" },
  gtp: { type: "solderpaste", side: "top" },
  gbp: { type: "solderpaste", side: "bottom" },
  gko: { type: "outline", side: "all" },
  gm1: { type: "outline", side: "all" },
  gml: { type: "outline", side: "all" },
  gbr_outline: { type: "outline", side: "all" },
  gd1: { type: "drawing", side: "all" },
  gg1: { type: "drawing", side: "all" },
  gdl: { type: "drawing", side: "all" },
  gpt: { type: "drawing", side: "top" },
  gpb: { type: "drawing", side: "bottom" },
  // EAGLE
  cmp: { type: "copper", side: "top", index: 1 },
  sol: { type: "copper", side: "bottom" },
  plc: { type: "silkscreen", side: "top" },
  pls: { type: "silkscreen", side: "bottom" },
  stc: { type: "soldermask", side: "top" },
  sts: { type: "soldermask", side: "bottom" },
  crc: { type: "solderpaste", side: "top" },
  crs: { type: "solderpaste", side: "bottom" },
  dim: { type: "outline", side: "all" },
  mil: { type: "outline", side: "all" },
  // OrCAD Layout / generic
  top: { type: "copper", side: "top", index: 1 },
  bot: { type: "copper", side: "bottom" },
  smt: { type: "soldermask", side: "top" },
  smb: { type: "soldermask", side: "bottom" },
  sst: { type: "silkscreen", side: "top" },
  ssb: { type: "silkscreen", side: "bottom" },
  spt: { type: "solderpaste", side: "top" },
  spb: { type: "solderpaste", side: "bottom" },
  ast: { type: "drawing", side: "top" },
  asb: { type: "drawing", side: "bottom" },
  slk: { type: "silkscreen", side: "top" },
  fab: { type: "drawing", side: "all" },
  // drill (a Gerber file with one of these is a drill drawing, see board.ts)
  drl: { type: "drill", side: "all" },
  drd: { type: "drill", side: "all" },
  xln: { type: "drill", side: "all" },
  exc: { type: "drill", side: "all" },
  ncd: { type: "drill", side: "all" },
  nc: { type: "drill", side: "all" },
  cnc: { type: "drill", side: "all" },
  tap: { type: "drill", side: "all" },
  rou: { type: "drill", side: "all" },
  dri: { type: "drawing", side: "all" },
  gpi: { type: "drawing", side: "all" },
};

/** Extensions that stand for a kind of file, not a layer: the stem decides when it can. */
const NEUTRAL_EXTENSIONS = new Set([
  "gbr",
  "ger",
  "gerber",
  "art",
  "pho",
  "gdo",
  "fph",
  "grb",
  "gbx",
  "ncd",
  "cnc",
]);

/** From the file name alone, with whether only a layer number identified it. */
export const nameEvidence = remembered(readFileName);

function readFileName(fileName: string): NameEvidence | null {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const plain = (id: Found): NameEvidence => ({ id, numbered: false });
  // Protel inner layers: .G1 (first inner layer), .GP1 (inner plane); Horizon EDA: .g2l, .g3l.
  if (/^g(\d{1,2})$/.test(ext))
    return plain({ type: "copper", side: "inner", index: Number(ext.slice(1)) + 1 });
  if (/^gp(\d{1,2})$/.test(ext))
    return plain({ type: "copper", side: "inner", index: Number(ext.slice(2)) + 1 });
  const horizon = /^g(\d{1,2})l$/.exec(ext);
  if (horizon) return plain({ type: "copper", side: "inner", index: Math.max(2, Number(horizon[1])) });
  if (/^gm(\d{1,2})$/.test(ext))
    return plain(ext === "gm1" ? { type: "outline", side: "all" } : { type: "drawing", side: "all" });
  // Names that say more than the extension: "F_Cu.gbr", "Drill_PTH_Through.DRL", "copper_top.gbr"
  const all = `${stem} ${ext}`;
  if (/drl[_-]?map|drill[_-]?(?:map|drawing|guide)|\bmap\b|DrillDrawing/i.test(all))
    return plain({ type: "drawing", side: "all" });
  const drillExtension = [
    "txt",
    "drl",
    "xln",
    "exc",
    "ncd",
    "drd",
    "nc",
    "cnc",
    "tap",
    "rou",
    "drill",
  ].includes(ext);
  if (
    /(?:^|[^a-z])npth(?:[^a-z]|$)|non[_-]?plated|unplated|NonPlated/i.test(all) &&
    (drillExtension || /drl|drill/i.test(all))
  )
    return plain({ type: "drill", side: "all", plated: false });
  const byExtension = EXTENSIONS[ext];
  if (byExtension && !NEUTRAL_EXTENSIONS.has(ext)) {
    const fromStem = layerNameEvidence(stem);
    // A generic extension (.top, .bot) must not override a specific stem ("SolderMask.top").
    if (fromStem && !fromStem.numbered && fromStem.id.type !== "outline" && (ext === "top" || ext === "bot"))
      return plain({ ...fromStem.id, side: ext === "top" ? "top" : "bottom" });
    if (byExtension.type === "drill" && /(?:^|[^a-z])pth(?:[^a-z]|$)|plated/i.test(stem))
      return plain({ ...byExtension, plated: true });
    return plain(byExtension);
  }
  // KiCad layer names inside the stem
  const kicad =
    /(?:^|[-_.])(F|B|In\d+)[._](Cu|Mask|SilkS|Silkscreen|Paste|Fab|CrtYd|Courtyard|Adhes|Adhesive)(?:$|[-_.])/i.exec(
      stem,
    );
  if (kicad) {
    const layer = kicad[1]!.toLowerCase();
    const kind = kicad[2]!.toLowerCase();
    const side = layer === "f" ? "top" : layer === "b" ? "bottom" : "inner";
    const types: Record<string, LayerType> = {
      cu: "copper",
      mask: "soldermask",
      silks: "silkscreen",
      silkscreen: "silkscreen",
      paste: "solderpaste",
    };
    const type = types[kind] ?? "drawing";
    if (side === "inner") return plain({ type: "copper", side: "inner", index: Number(layer.slice(2)) + 1 });
    return plain({ type, side, ...(type === "copper" && side === "top" ? { index: 1 } : {}) });
  }
  // LibrePCB: "_COPPER-TOP", "_COPPER-IN1", "_SOLDERMASK-BOTTOM", "_OUTLINES", "_DRILLS-PTH".
  const librepcb = /_(COPPER|SOLDERMASK|SILKSCREEN|SOLDERPASTE|ASSEMBLY|GLUE)-(TOP|BOTTOM|IN(\d+))$/i.exec(
    stem,
  );
  if (librepcb) {
    const kind = librepcb[1]!.toUpperCase();
    const side = librepcb[3] ? "inner" : librepcb[2]!.toUpperCase() === "TOP" ? "top" : "bottom";
    if (kind === "COPPER")
      return plain(
        side === "inner"
          ? { type: "copper", side, index: Number(librepcb[3]) + 1 }
          : { type: "copper", side, ...(side === "top" ? { index: 1 } : {}) },
      );
    const type = (
      { SOLDERMASK: "soldermask", SILKSCREEN: "silkscreen", SOLDERPASTE: "solderpaste" } as const
    )[kind as "SOLDERMASK"];
    return plain({ type: type ?? "drawing", side: side === "inner" ? "all" : side });
  }
  if (/edge[._]cuts|board[_ ]?outline|outline|profile|contour|kontur|umriss/i.test(stem) && !drillExtension)
    return plain({ type: "outline", side: "all" });
  if (/\b(?:dwgs|cmts|eco\d|margin)[._]user\b/i.test(stem.replace(/-/g, " ")))
    return plain({ type: "drawing", side: "all" });
  // TARGET 3001!: ".StopTop", ".PasteBot", ".PosiTop", ".Outline"; also "name.topmask.gbr" (gEDA).
  const originalExt = dot > 0 ? base.slice(dot + 1) : "";
  if (originalExt.length > 3 && !NEUTRAL_EXTENSIONS.has(ext) && ext !== "drill") {
    const extWords = layerNameEvidence(originalExt);
    if (extWords) return extWords;
  }
  if (drillExtension && /drill|drl|hole|nc|through|pth|via|plated/i.test(stem + " " + ext))
    return plain({
      type: "drill",
      side: "all",
      ...(/npth|non|unplated/i.test(stem)
        ? { plated: false }
        : /pth|plated/i.test(stem)
          ? { plated: true }
          : {}),
    });
  if (ext === "drill" || ext === "tap" || ext === "rou" || ext === "xln" || ext === "exc")
    return plain({ type: "drill", side: "all" });
  // gEDA / pcb-rnd: "board.top.gbr", "board.bottommask.gbr", "board.group3.gbr", "board.plated-drill.cnc".
  const lastWord = stem.includes(".") ? stem.slice(stem.lastIndexOf(".") + 1) : null;
  if (lastWord) {
    const fromLast = layerNameEvidence(lastWord);
    if (fromLast) return fromLast;
  }
  const fromStem = layerNameEvidence(stem);
  if (fromStem) return fromStem;
  return null;
}

/** From the file name alone. */
export function identifyByName(fileName: string): Found | null {
  return nameEvidence(fileName)?.id ?? null;
}

/**
 * Content and name weighed together: certain content first, then a specific name, then a hint from
 * the content, then a name known only by its layer number. Where a name or a hint wins but leaves the
 * copper layer's position open and the other evidence agrees on the layer, its position is kept.
 */
export function identifyLayer(
  fileName: string,
  hints: ContentHints,
): (LayerId & { numbered?: boolean }) | null {
  const content = contentEvidence(hints);
  const name = nameEvidence(fileName);
  const merge = (winner: Found, other: Found | undefined): Found =>
    other &&
    winner.index === undefined &&
    other.index !== undefined &&
    winner.type === other.type &&
    winner.side === other.side
      ? { ...winner, index: other.index }
      : winner;
  // Certain content knows the layer better than any name: nothing of the name is mixed in.
  if (content?.strength === "strong") return { ...content.id, source: "content" };
  if (name && !name.numbered) return { ...merge(name.id, content?.id), source: "name" };
  if (content) return { ...merge(content.id, name?.id), source: "content" };
  if (name) return { ...name.id, source: "name", numbered: true };
  return null;
}

/**
 * Copper layers known only by their number ("lyr1" … "lyr10", "art001" … "art004") leave the bottom
 * open: the highest number is the bottom when no other copper layer is, and numbers are positions.
 * Returns the files to change.
 */
export function numberCopperLayers(
  layers: { fileName: string; type: LayerType; side: LayerSide; index?: number; numbered?: boolean }[],
): Map<string, { side: LayerSide; index?: number }> {
  const changes = new Map<string, { side: LayerSide; index?: number }>();
  const copper = layers.filter((layer) => layer.type === "copper");
  if (copper.some((layer) => layer.side === "bottom")) return changes;
  const numbered = copper.filter((layer) => layer.index !== undefined);
  if (numbered.length < 2) return changes;
  const highest = numbered.reduce((a, b) => ((b.index ?? 0) > (a.index ?? 0) ? b : a));
  // Only when the numbering covers the whole stack: the highest position is the number of layers.
  if ((highest.index ?? 0) === copper.length && highest.side !== "top")
    changes.set(highest.fileName, { side: "bottom" });
  return changes;
}

/** The usual order of layers in a stack-up view and lists. */
export function layerOrder(id: Pick<LayerId, "type" | "side" | "index">): number {
  const side = id.side === "top" ? 0 : id.side === "inner" ? 1 : id.side === "bottom" ? 2 : 3;
  const type = { outline: 0, silkscreen: 1, solderpaste: 2, soldermask: 3, copper: 4, drill: 6, drawing: 7 }[
    id.type
  ];
  if (id.type === "copper") return 40 + side * 100 + (id.side === "inner" ? (id.index ?? 99) : 0);
  if (id.side === "bottom") return 500 - type;
  return type * 10 + side;
}
