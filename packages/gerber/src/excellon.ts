/**
 * Excellon (NC drill) reader: header or header-less files, tool definitions in the header or inline
 * (`T1C0.8`, `T01F00S00C0.3000`), LZ/TZ zero suppression and every n:m format, decimal coordinates,
 * inch and metric (also switched by M71/M72), drilled slots (G85), routed slots and outlines
 * (G00/M15/G01/G02/G03/M16), repeats (R), and the plated / non-plated hints CAD tools write.
 */
import { arcSegments, ImageBuilder, type LayerImage } from "./graphics.ts";

export interface DrillTool {
  code: number;
  /** Diameter in mm; 0 when the file never defines it. */
  diameter: number;
  holes: number;
  slots: number;
  plated: boolean | null;
}

export interface DrillPlot {
  image: LayerImage;
  units: "mm" | "in";
  tools: DrillTool[];
  /** Whole file plated (true), non-plated (false) or unknown (null). */
  plated: boolean | null;
  warnings: string[];
  generator: string | null;
}

export class ExcellonSyntaxError extends Error {}

/** Diameter drawn when a file uses a tool it never defines (some EAGLE drill files): 0.8 mm. */
export const UNDEFINED_TOOL_DIAMETER = 0.8;

/** Quick test: does this text look like an Excellon file rather than Gerber or anything else? */
export function looksLikeExcellon(text: string): boolean {
  const head = text.slice(0, 4000);
  if (/%FS|%MO|%AD|G04 /.test(head) && !/^M48/m.test(head)) return false;
  if (/^M48\s*$/m.test(head)) return true;
  // Without a header: tool selects or tool sizes in the comment header (Allegro), then coordinates,
  // possibly routed ("G00X…Y…") or repeated ("R02X…").
  const tools = /^T\d+(?:[CFS]\S*)?\s*$/m.test(head) || COMMENT_TOOL.test(head);
  return tools && /^(?:G0[0-3]|R\d+)?[XY][-+\d.]+(?:Y[-+\d.]+)?\s*$/m.test(text.slice(0, 20000));
}

/**
 * Allegro's comment header: ";T01 Holesize 1. = 8.000000 Tolerance = +3/-3 PLATED MILS Quantity = 1873".
 * Header-less Allegro drill files give their tool sizes only there.
 */
const COMMENT_TOOL =
  /^;\s*T(\d+)\s+Holesize\s+[\d.]+\s*=\s*([\d.]+)(?:.*?\b(NON_PLATED|PLATED|OPTIONAL))?.*?\b(MILS|MIL|MM|INCHES|INCH|MICRONS|UM)\b(?:.*?Quantity\s*=\s*(\d+))?/im;

interface CommentTool {
  code: number;
  diameter: number;
  plated: boolean | null;
  quantity: number | null;
  units: "mm" | "in";
}

const COMMENT_TOOL_LINE = new RegExp(COMMENT_TOOL.source, "i");

function readCommentTool(comment: string): CommentTool | null {
  const m = COMMENT_TOOL_LINE.exec(";" + comment);
  if (!m) return null;
  const unit = m[4]!.toUpperCase();
  const perUnit = unit.startsWith("MIL")
    ? 0.0254
    : unit === "MM"
      ? 1
      : unit.startsWith("INCH")
        ? 25.4
        : 0.001;
  return {
    code: Number(m[1]),
    diameter: Number(m[2]) * perUnit,
    plated: m[3] ? m[3].toUpperCase() === "PLATED" : null,
    quantity: m[5] !== undefined ? Number(m[5]) : null,
    units: unit === "MM" || unit === "MICRONS" || unit === "UM" ? "mm" : "in",
  };
}

/**
 * Coordinates without a decimal point, when the file does not say which zeros it omits: all of the
 * same length means none are omitted (Allegro writes "X0127343Y0168938"); a leading zero somewhere
 * means the leading zeros are kept (PADS writes "X03Y0477").
 */
function coordinateStyle(text: string): { width: number | null; leadingZeros: boolean } {
  const widths = new Set<number>();
  let leadingZeros = false;
  let count = 0;
  for (const m of text.matchAll(/(?:^|[GMRT\d])(?:\d+)?[XY]([-+]?)(\d+)(?=[XYGIJA\s]|$)/gm)) {
    const digits = m[2]!;
    widths.add(digits.length);
    if (digits.length > 1 && digits[0] === "0") leadingZeros = true;
    if (++count >= 5000) break;
  }
  return { width: widths.size === 1 && count >= 3 ? [...widths][0]! : null, leadingZeros };
}

export function plotExcellon(text: string): DrillPlot {
  const builder = new ImageBuilder();
  const warnings: string[] = [];
  const tools = new Map<number, DrillTool>();
  let units: "mm" | "in" | null = null;
  let zeros: "LZ" | "TZ" | null = null;
  let integer: number | null = null;
  let decimal: number | null = null;
  let filePlated: boolean | null = null;
  let pendingPlated: boolean | null = null;
  let generator: string | null = null;
  let tool: DrillTool | null = null;
  let x = 0;
  let y = 0;
  let routeMode = false;
  let toolDown = false;
  let motion: 0 | 1 | 2 | 3 = 0;
  let incremental = false;
  let sawDrill = false;
  let formatGiven = false;
  const commentTools = new Map<number, CommentTool>();
  // Header-less files without tool selects: the holes come tool after tool, as many as the comment
  // header's quantities say.
  let selectedAnyTool = false;
  let quantityQueue: { tool: DrillTool; left: number }[] | null = null;
  const style = coordinateStyle(text);
  for (const line of text.slice(0, 50_000).split(/\r?\n|\r/)) {
    if (!line.startsWith(";")) continue;
    const commentTool = readCommentTool(line.slice(1));
    if (commentTool) commentTools.set(commentTool.code, commentTool);
  }
  // Allegro's comment header gives the units of its tool sizes ("MILS", "MM"): without INCH or
  // METRIC in the file, the coordinates are in those units.
  const commentUnits = commentTools.size > 0 ? [...commentTools.values()][0]!.units : null;
  const unitsNow = () => units ?? commentUnits;
  if (commentTools.size > 0) sawDrill = true;

  const scale = () => (unitsNow() === "mm" ? 1 : 25.4);

  const parseNumber = (raw: string): number => {
    if (raw.includes(".")) return Number(raw);
    let sign = 1;
    let digits = raw;
    if (digits[0] === "+" || digits[0] === "-") {
      if (digits[0] === "-") sign = -1;
      digits = digits.slice(1);
    }
    if (zeros === null && !formatGiven && style.width !== null && digits.length === style.width) {
      // Nothing omitted: the number of decimals follows from the width (7 digits inch = 2.5, 8 = 3.5).
      const w = style.width;
      const dec = unitsNow() === "mm" ? (w <= 6 ? 3 : w === 7 ? 4 : w - 4) : w <= 6 ? 4 : 5;
      return (sign * Number(digits)) / 10 ** Math.min(dec, w);
    }
    const int = integer ?? (unitsNow() === "mm" ? 3 : 2);
    const dec = decimal ?? (unitsNow() === "mm" ? 3 : 4);
    if (
      zeros === "LZ" ||
      (zeros === null && (digits.length === int + dec || (!formatGiven && style.leadingZeros)))
    ) {
      // Leading zeros kept: trailing ones may be missing, so the integer part is the first digits.
      if (digits.length < int + dec) digits = digits + "0".repeat(int + dec - digits.length);
      return sign * Number(digits.slice(0, int) + "." + digits.slice(int));
    }
    // Trailing zeros kept (TZ), or the usual default: the last digits are the decimals.
    return (sign * Number(digits)) / 10 ** dec;
  };

  const defineTool = (code: number, diameterText: string | undefined) => {
    const existing = tools.get(code);
    const fromComment = commentTools.get(code);
    const diameter =
      diameterText !== undefined
        ? Number(diameterText) * scale()
        : existing?.diameter || fromComment?.diameter || 0;
    const next: DrillTool = existing ?? {
      code,
      diameter,
      holes: 0,
      slots: 0,
      plated: fromComment?.plated ?? pendingPlated ?? filePlated,
    };
    next.diameter = diameter;
    tools.set(code, next);
    return next;
  };

  const takeFromQuantities = (): DrillTool | null => {
    if (selectedAnyTool || commentTools.size === 0) return null;
    if (quantityQueue === null) {
      quantityQueue = [...commentTools.values()]
        .sort((a, b) => a.code - b.code)
        .filter((t) => t.quantity !== null && t.quantity > 0)
        .map((t) => ({ tool: defineTool(t.code, undefined), left: t.quantity! }));
    }
    while (quantityQueue.length > 0 && quantityQueue[0]!.left <= 0) quantityQueue.shift();
    const head = quantityQueue[0];
    if (!head) return null;
    head.left--;
    return head.tool;
  };

  const radius = () => {
    if (!tool) return UNDEFINED_TOOL_DIAMETER / 2;
    if (tool.diameter > 0) return tool.diameter / 2;
    return UNDEFINED_TOOL_DIAMETER / 2;
  };

  const readXY = (line: string): { nx: number; ny: number; has: boolean } => {
    const mx = /X([-+]?[\d.]+)/.exec(line);
    const my = /Y([-+]?[\d.]+)/.exec(line);
    const s = scale();
    let nx = x;
    let ny = y;
    if (mx) nx = incremental ? x + parseNumber(mx[1]!) * s : parseNumber(mx[1]!) * s;
    if (my) ny = incremental ? y + parseNumber(my[1]!) * s : parseNumber(my[1]!) * s;
    return { nx, ny, has: Boolean(mx || my) };
  };

  const slot = (x0: number, y0: number, x1: number, y1: number) => {
    const r = radius();
    builder.segment(x0, y0, x1, y1, 2 * r, false);
    if (tool) tool.slots++;
  };

  const hole = (px: number, py: number) => {
    if (!tool && !selectedAnyTool) {
      const byQuantity = takeFromQuantities();
      if (byQuantity) {
        builder.circle(
          px,
          py,
          byQuantity.diameter > 0 ? byQuantity.diameter / 2 : UNDEFINED_TOOL_DIAMETER / 2,
          false,
        );
        byQuantity.holes++;
        return;
      }
    }
    builder.circle(px, py, radius(), false);
    if (tool) tool.holes++;
  };

  const lines = text.split(/\r?\n|\r/);
  let inHeader = false;
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index]!.trim();
    if (line === "") continue;
    if (line.startsWith(";")) {
      const comment = line.slice(1).trim();
      // Allegro's tool lines carry their own plating (read before the loop), for their tool only.
      if (commentTools.size > 0 && /^T\d+\s+Holesize/i.test(comment)) continue;
      if (/^TYPE=NON_PLATED|NON[-_ ]?PLATED|\bNPTH\b/i.test(comment)) pendingPlated = false;
      else if (/^TYPE=PLATED|\bPLATED\b|\bPTH\b/i.test(comment)) pendingPlated = true;
      if (/TF\.FileFunction,NonPlated/i.test(comment)) filePlated = false;
      else if (/TF\.FileFunction,Plated/i.test(comment)) filePlated = true;
      const format = /FILE_FORMAT=(\d):(\d)/i.exec(comment);
      if (format) {
        integer = Number(format[1]);
        decimal = Number(format[2]);
        formatGiven = true;
      }

      const gen = /(?:GenerationSoftware,|#@! TF\.GenerationSoftware,)(.+)$/.exec(comment);
      if (gen) generator = gen[1]!.replace(/\*%?$/, "");
      continue;
    }
    // Drop trailing comments: "T1C0.8 ; via"
    const semicolon = line.indexOf(";");
    if (semicolon > 0) line = line.slice(0, semicolon).trim();
    if (line === "M48") {
      inHeader = true;
      sawDrill = true;
      continue;
    }
    if (line === "%" || line === "M95") {
      inHeader = false;
      continue;
    }
    if (line === "M30" || line === "M00") break;
    // "METRIC,LZ,000.000", "INCH,TZ", and the M71/M72 forms some tools write ("M71,TZ").
    const unitsMatch = /^(INCH|METRIC|M71|M72)(?:,(LZ|TZ))?(?:,(0*)\.(0*))?\s*$/.exec(line);
    if (unitsMatch) {
      units = unitsMatch[1] === "METRIC" || unitsMatch[1] === "M71" ? "mm" : "in";
      if (unitsMatch[2]) zeros = unitsMatch[2] as "LZ" | "TZ";
      if (unitsMatch[3] !== undefined && unitsMatch[4] !== undefined) {
        integer = unitsMatch[3].length;
        decimal = unitsMatch[4].length;
        formatGiven = true;
      }
      sawDrill = true;
      continue;
    }
    const fmat = /^FMAT,(\d)/.exec(line);
    if (
      fmat ||
      line.startsWith("VER,") ||
      line.startsWith("ICI") ||
      line.startsWith("DETECT") ||
      line.startsWith("ATC")
    ) {
      if (line === "ICI,ON" || line === "ICI") incremental = true;
      continue;
    }
    const toolMatch = /^T(\d+)(.*)$/.exec(line);
    if (toolMatch) {
      const code = Number(toolMatch[1]);
      const rest = toolMatch[2] ?? "";
      const diameter = /C([\d.]+)/.exec(rest)?.[1];
      sawDrill = true;
      if (inHeader || diameter !== undefined) {
        const defined = defineTool(code, diameter);
        if (!inHeader) {
          tool = code === 0 ? null : defined;
          selectedAnyTool = true;
        }
      } else {
        tool = code === 0 ? null : (tools.get(code) ?? defineTool(code, undefined));
        selectedAnyTool = true;
        if (tool && tool.diameter === 0)
          warnings.push(`Tool T${code} has no size in the file; drawn at 0.8 mm.`);
      }
      continue;
    }
    if (inHeader) continue;
    if (line === "G90") {
      incremental = false;
      continue;
    }
    if (line === "G91") {
      incremental = true;
      continue;
    }
    if (line === "G05" || line === "G81") {
      routeMode = false;
      continue;
    }
    if (line === "M15") {
      toolDown = true;
      continue;
    }
    if (line === "M16" || line === "M17") {
      toolDown = false;
      continue;
    }
    const repeat = /^R(\d+)(.*)$/.exec(line);
    if (repeat) {
      const count = Math.min(10_000, Number(repeat[1]));
      const saved: boolean = incremental;
      incremental = true;
      for (let k = 0; k < count; k++) {
        const { nx, ny } = readXY(repeat[2] ?? "");
        x = nx;
        y = ny;
        hole(x, y);
      }
      incremental = saved;
      continue;
    }
    const gmatch = /^G(\d\d?)(.*)$/.exec(line);
    let rest = line;
    if (gmatch) {
      const g = Number(gmatch[1]);
      rest = gmatch[2] ?? "";
      if (g === 0) {
        routeMode = true;
        motion = 0;
        toolDown = false;
      } else if (g === 1 || g === 2 || g === 3) {
        routeMode = true;
        motion = g as 1 | 2 | 3;
      } else if (g === 85) {
        continue;
      }
    }
    if (/^[XY]/.test(rest)) {
      sawDrill = true;
      const g85 = rest.indexOf("G85");
      if (g85 > 0) {
        const start = readXY(rest.slice(0, g85));
        const end = readXY(rest.slice(g85 + 3));
        slot(start.nx, start.ny, end.nx, end.ny);
        x = end.nx;
        y = end.ny;
        continue;
      }
      const { nx, ny } = readXY(rest);
      if (routeMode && motion !== 0 && toolDown) {
        if (motion === 1) slot(x, y, nx, ny);
        else {
          const a = /A([\d.]+)/.exec(rest);
          const i = /I([-+]?[\d.]+)/.exec(rest);
          const j = /J([-+]?[\d.]+)/.exec(rest);
          const s = scale();
          let cx: number;
          let cy: number;
          if (a) {
            const r = parseNumber(a[1]!) * s;
            // Of the two centres at distance r, the one that gives the shorter arc in this direction.
            const mx = (x + nx) / 2;
            const my = (y + ny) / 2;
            const d = Math.hypot(nx - x, ny - y) / 2;
            const h = Math.sqrt(Math.max(0, r * r - d * d));
            const ux = d === 0 ? 0 : -(ny - y) / (2 * d);
            const uy = d === 0 ? 0 : (nx - x) / (2 * d);
            const sign = motion === 2 ? -1 : 1;
            cx = mx + sign * h * ux;
            cy = my + sign * h * uy;
          } else {
            cx = x + (i ? parseNumber(i[1]!) * s : 0);
            cy = y + (j ? parseNumber(j[1]!) * s : 0);
          }
          const r = Math.hypot(x - cx, y - cy);
          const start = Math.atan2(y - cy, x - cx);
          const end = Math.atan2(ny - cy, nx - cx);
          let sweep = motion === 3 ? end - start : start - end;
          if (sweep <= 0) sweep += 2 * Math.PI;
          if (motion === 2) sweep = -sweep;
          const steps = arcSegments(r, sweep);
          const points = [x, y];
          for (let k = 1; k <= steps; k++) {
            const t = start + (sweep * k) / steps;
            points.push(cx + r * Math.cos(t), cy + r * Math.sin(t));
          }
          builder.stroke(points, 2 * radius(), false);
          if (tool) tool.slots++;
        }
      } else if (!routeMode) {
        hole(nx, ny);
      }
      x = nx;
      y = ny;
      continue;
    }
    // Anything else in the body (M-codes, G93 offsets…) changes nothing we draw.
  }
  if (!sawDrill) throw new ExcellonSyntaxError("No Excellon drill commands found.");
  if (units === null && commentUnits !== null) units = commentUnits;
  if (units === null) {
    warnings.push("The file does not say inch or metric; inch assumed.");
  }
  const list = [...tools.values()]
    .filter((t) => t.holes > 0 || t.slots > 0 || t.diameter > 0)
    .sort((a, b) => a.code - b.code);
  const platedValues = new Set(list.map((t) => t.plated));
  const plated = filePlated ?? (platedValues.size === 1 ? ([...platedValues][0] ?? null) : null);
  return { image: builder.finish(), units: units ?? "in", tools: list, plated, warnings, generator };
}
