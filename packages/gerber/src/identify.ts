/**
 * Which layer a file is: from its content first (X2 file function, layer names in comments and
 * image names, Excellon headers), its file name second (the naming habits of KiCad, EAGLE, Altium /
 * Protel, EasyEDA, DipTrace, OrCAD and Allegro, PADS, Mentor, TARGET 3001!, Proteus, Fritzing…).
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
  /** For inner copper: its position in the stack-up (2 = first inner layer), when known. */
  index?: number;
  /** Drill files: plated or not, when known. */
  plated?: boolean;
  /** Where the answer came from. */
  source: "content" | "name" | "geometry" | "user";
}

export interface ContentHints {
  attributes?: Record<string, string[]>;
  names?: string[];
  comments?: string[];
  excellon?: boolean;
}

const SIDE_TOP = /\b(?:top|front|upper|comp(?:onent)?|oben|f)\b/i;
const SIDE_BOTTOM = /\b(?:bot(?:tom)?|back|lower|solder|unten|b)\b/i;

function sideFrom(text: string): "top" | "bottom" | null {
  const t = text.replace(/[_.\-\s]+/g, " ");
  if (SIDE_BOTTOM.test(t) && !/\bsolder ?(?:mask|paste|stop|resist)\b/i.test(t)) return "bottom";
  if (SIDE_TOP.test(t)) return "top";
  // "Solder Mask Bottom": the side word comes after the layer word.
  if (/\bbot(?:tom)?\b|\bback\b|\bunten\b/i.test(t)) return "bottom";
  if (/\btop\b|\bfront\b|\boben\b/i.test(t)) return "top";
  return null;
}

/** X2 FileFunction → layer. */
function fromFileFunction(values: string[]): Omit<LayerId, "source"> | null {
  const [kind = "", a = "", b = ""] = values;
  const side = (v: string): "top" | "bottom" => (/^bot/i.test(v) ? "bottom" : "top");
  switch (kind.toLowerCase()) {
    case "copper": {
      const index = Number(a.replace(/^L/i, ""));
      if (/^inr/i.test(b)) return { type: "copper", side: "inner", ...(index ? { index } : {}) };
      return { type: "copper", side: side(b) };
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

/** A layer name written by the CAD tool (EasyEDA "Layer: TopSolderMaskLayer", EAGLE "%INTop Copper%"…). */
export function fromLayerName(raw: string): Omit<LayerId, "source"> | null {
  const name = raw
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .trim();
  const n = name.toLowerCase();
  if (n === "") return null;
  const side = sideFrom(name);
  if (
    /\b(?:drill ?(?:drawing|map|guide|chart)|fab(?:rication)?|assembly|assy|document(?:ation)?|dwgs|cmts|comments?|eco\d|courtyard|crt ?yd|keep ?out|margin|user|dimension ?lines?|notes?|pad ?master|mechanical ?(?:[2-9]|1\d)|mech ?(?:[2-9]|1\d)|glue|adhes)\b/.test(
      n,
    )
  )
    return { type: "drawing", side: side ?? "all" };
  if (
    /\b(?:board ?outline|outline|edge ?cuts?|profile|contour|kontur|umriss|dimension|mill(?:ing)?|route|rout|keepout ?layer|board|border|mechanical ?1|mech ?1|gko)\b/.test(
      n,
    ) &&
    !/\b(?:silk|copper|mask|paste)\b/.test(n)
  )
    return { type: "outline", side: "all" };
  // OrCAD and PADS abbreviations: smt/smb, sst/ssb, spt/spb.
  const short = /^(sm|ss|sp)([tb])$/.exec(n);
  if (short) {
    const type = ({ sm: "soldermask", ss: "silkscreen", sp: "solderpaste" } as const)[
      short[1] as "sm" | "ss" | "sp"
    ];
    return { type, side: short[2] === "b" ? "bottom" : "top" };
  }
  if (/paste|cream|stencil/.test(n)) return { type: "solderpaste", side: side ?? "top" };
  if (/mask|\bstop|resist/.test(n)) return { type: "soldermask", side: side ?? "top" };
  if (/silk|legend|overlay|\bscreen|\bprint|\bposi|bestueckung|bestückung|\bident|marking/.test(n))
    return { type: "silkscreen", side: side ?? "top" };
  const inner = /\b(?:inner|in|inr|mid(?:layer)?|internal|layer|l|signal|plane|gnd|pwr|power)\s?(\d+)\b/.exec(
    n,
  );
  if (/\b(?:copper|cu|signal|etch|conductor|kupfer|layer|plane)\b/.test(n) || inner) {
    if (side === "top" || /\btop ?layer\b/.test(n)) return { type: "copper", side: "top" };
    if (side === "bottom" || /\bbottom ?layer\b/.test(n)) return { type: "copper", side: "bottom" };
    if (inner) {
      const isInnerWord = /\b(?:inner|in|inr|mid)/.test(n);
      if (!isInnerWord && Number(inner[1]) === 1) return { type: "copper", side: "top" };
      return { type: "copper", side: "inner", index: Number(inner[1]) + (isInnerWord ? 1 : 0) };
    }
    return null;
  }
  if (/^(?:top|bottom|front|back|oben|unten)$/.test(n)) return { type: "copper", side: side ?? "top" };
  return null;
}

/** From the content of the file, when it says what it is. */
export function identifyByContent(hints: ContentHints): Omit<LayerId, "source"> | null {
  const ff = hints.attributes?.FileFunction;
  if (ff && ff.length > 0) {
    const found = fromFileFunction(ff);
    if (found) return found;
  }
  if (hints.excellon) return { type: "drill", side: "all" };
  for (const comment of hints.comments ?? []) {
    // EasyEDA: "Layer: TopSolderMaskLayer"; Proteus, PADS and others write similar lines.
    const m = /^(?:Layer|Layer name|Film)\s*[:=]\s*(.+?)\s*$/i.exec(comment);
    if (m) {
      const found = fromLayerName(m[1]!);
      if (found) return found;
    }
  }
  for (const name of hints.names ?? []) {
    // DipTrace writes the file name here; anything with an extension is judged by the name rules.
    if (/\.\w{2,4}$/.test(name)) {
      const byName = identifyByName(name);
      if (byName) return byName;
      continue;
    }
    const found = fromLayerName(name);
    if (found) return found;
  }
  return null;
}

/** Protel / Altium style extensions, also used by Sprint-Layout, Fritzing, EasyEDA and KiCad. */
const EXTENSIONS: Record<string, Omit<LayerId, "source">> = {
  gtl: { type: "copper", side: "top" },
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
  cmp: { type: "copper", side: "top" },
  sol: { type: "copper", side: "bottom" },
  plc: { type: "silkscreen", side: "top" },
  pls: { type: "silkscreen", side: "bottom" },
  stc: { type: "soldermask", side: "top" },
  sts: { type: "soldermask", side: "bottom" },
  crc: { type: "solderpaste", side: "top" },
  crs: { type: "solderpaste", side: "bottom" },
  dim: { type: "outline", side: "all" },
  mil: { type: "outline", side: "all" },
  // OrCAD / generic
  top: { type: "copper", side: "top" },
  bot: { type: "copper", side: "bottom" },
  smt: { type: "soldermask", side: "top" },
  smb: { type: "soldermask", side: "bottom" },
  sst: { type: "silkscreen", side: "top" },
  ssb: { type: "silkscreen", side: "bottom" },
  spt: { type: "solderpaste", side: "top" },
  spb: { type: "solderpaste", side: "bottom" },
  slk: { type: "silkscreen", side: "top" },
  fab: { type: "drawing", side: "all" },
  // drill
  drl: { type: "drill", side: "all" },
  drd: { type: "drill", side: "all" },
  xln: { type: "drill", side: "all" },
  exc: { type: "drill", side: "all" },
  ncd: { type: "drill", side: "all" },
  nc: { type: "drill", side: "all" },
  tap: { type: "drill", side: "all" },
  rou: { type: "drill", side: "all" },
  dri: { type: "drawing", side: "all" },
  gpi: { type: "drawing", side: "all" },
};

/** From the file name alone. */
export function identifyByName(fileName: string): Omit<LayerId, "source"> | null {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
  const stem = dot > 0 ? base.slice(0, dot) : base;
  if (/^g(\d{1,2})$/.test(ext)) return { type: "copper", side: "inner", index: Number(ext.slice(1)) + 1 };
  if (/^gp(\d{1,2})$/.test(ext)) return { type: "copper", side: "inner", index: Number(ext.slice(2)) + 1 };
  if (/^gm(\d{1,2})$/.test(ext))
    return ext === "gm1" ? { type: "outline", side: "all" } : { type: "drawing", side: "all" };
  // Names that say more than the extension: "F_Cu.gbr", "Drill_PTH_Through.DRL", "copper_top.gbr"
  const words = `${stem} ${ext}`;
  if (/drl[_-]?map|drill[_-]?(?:map|drawing|guide)|\bmap\b/i.test(words))
    return { type: "drawing", side: "all" };
  if (/(?:^|[^a-z])npth(?:[^a-z]|$)|non[_-]?plated/i.test(words) && /drl|drill|txt|xln|nc/i.test(words))
    return { type: "drill", side: "all", plated: false };
  const byExtension = EXTENSIONS[ext];
  if (byExtension && ext !== "txt") {
    const fromStem = fromLayerName(stem);
    // A generic extension (.top, .bot) must not override a specific stem ("SolderMask.top").
    if (fromStem && (ext === "top" || ext === "bot"))
      return { ...fromStem, side: ext === "top" ? "top" : "bottom" };
    if (byExtension.type === "drill" && /(?:^|[^a-z])pth(?:[^a-z]|$)|plated/i.test(stem))
      return { ...byExtension, plated: true };
    return byExtension;
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
    if (side === "inner") return { type: "copper", side: "inner", index: Number(layer.slice(2)) + 1 };
    return { type, side };
  }
  if (/edge[._]cuts|board[_ ]?outline|outline|profile|contour|kontur|umriss/i.test(stem))
    return { type: "outline", side: "all" };
  if (/\b(?:dwgs|cmts|eco\d|margin)[._]user\b/i.test(stem.replace(/-/g, " ")))
    return { type: "drawing", side: "all" };
  // TARGET 3001!: ".StopTop", ".PasteBot", ".PosiTop"; PADS and Allegro: words in the name.
  const originalExt = dot > 0 ? base.slice(dot + 1) : "";
  const extWords = originalExt.length > 3 ? fromLayerName(originalExt) : null;
  if (extWords) return extWords;
  if (
    ["txt", "drl", "xln", "exc", "ncd", "drd", "nc"].includes(ext) &&
    /drill|drl|hole|nc|through|pth|via/i.test(stem)
  )
    return {
      type: "drill",
      side: "all",
      plated: /npth|non/i.test(stem) ? false : /pth|plated/i.test(stem) ? true : undefined,
    } as Omit<LayerId, "source">;
  const fromStem = fromLayerName(stem);
  if (fromStem) return fromStem;
  // PADS: art001.pho (top), art002.pho (second layer), …
  const pads = /^art(\d{2,3})$/i.exec(stem);
  if (pads) {
    const index = Number(pads[1]);
    if (index === 1) return { type: "copper", side: "top" };
    return { type: "copper", side: "inner", index };
  }
  return null;
}

/** The usual order of layers in a stack-up view and lists. */
export function layerOrder(id: Pick<LayerId, "type" | "side" | "index">): number {
  const side = id.side === "top" ? 0 : id.side === "inner" ? 1 : id.side === "bottom" ? 2 : 3;
  const type = { outline: 0, silkscreen: 1, solderpaste: 2, soldermask: 3, copper: 4, drill: 6, drawing: 7 }[
    id.type
  ];
  if (id.type === "copper") return 40 + side * 100 + (id.index ?? 0);
  if (id.side === "bottom") return 500 - type;
  return type * 10 + side;
}
