/**
 * Aperture macros (Gerber spec §4.5): primitives 1 (circle), 2/20 (vector line), 21 (centre line),
 * 22 (lower-left line, deprecated), 4 (outline), 5 (polygon), 6 (moiré, deprecated), 7 (thermal),
 * variable definitions and arithmetic expressions. A macro is evaluated once per aperture definition,
 * into shapes around the aperture's origin, so flashing it costs only a translation.
 */
import { arcSegments, type Graphic } from "./graphics.ts";

/** An expression compiled to reverse Polish notation once, when the macro is defined. */
export type Compiled = number[];

export type MacroStatement =
  | { kind: "primitive"; code: number; params: Compiled[] }
  | { kind: "assign"; variable: number; expression: Compiled };

export interface Macro {
  name: string;
  statements: MacroStatement[];
}

export class GerberSyntaxError extends Error {}

/** Parses a macro body (the words after `AMname`), already split on `*`. */
export function parseMacro(name: string, words: string[]): Macro {
  const statements: MacroStatement[] = [];
  for (const raw of words) {
    const word = raw.replace(/\s+/g, "");
    if (word === "") continue;
    if (word.startsWith("0")) {
      // Primitive 0 is a comment ("0 text"); a statement like "0.5,…" never starts a word.
      if (word.length === 1 || !/^0[.,]/.test(word)) continue;
    }
    const assign = /^\$(\d+)=(.+)$/.exec(word);
    if (assign) {
      statements.push({
        kind: "assign",
        variable: Number(assign[1]),
        expression: compileExpression(assign[2]!),
      });
      continue;
    }
    const parts = word.split(",");
    const code = Number(parts[0]);
    if (!Number.isInteger(code)) throw new GerberSyntaxError(`Macro ${name}: cannot read "${raw}"`);
    statements.push({ kind: "primitive", code, params: parts.slice(1).map(compileExpression) });
  }
  return { name, statements };
}

// RPN tokens: a number is pushed as [NUM, value]; a variable as [VAR, n]; operators as codes.
const NUM = 0;
const VAR = 1;
const ADD = 2;
const SUB = 3;
const MUL = 4;
const DIV = 5;
const NEG = 6;

const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/**
 * Compiles a macro expression (numbers, $n variables, + - x X / and parentheses, unary signs) to
 * reverse Polish notation; throws GerberSyntaxError when it is not one.
 */
export function compileExpression(source: string): Compiled {
  if (source === "") return [NUM, 0];
  // Most parameters are plain numbers: no parsing needed.
  if (PLAIN_NUMBER.test(source)) return [NUM, Number(source)];
  const out: number[] = [];
  let i = 0;
  const s = source;
  const fail = () => new GerberSyntaxError(`Bad macro expression "${source}"`);
  const primary = (): void => {
    const c = s[i];
    if (c === "(") {
      i++;
      additive();
      if (s[i] !== ")") throw fail();
      i++;
      return;
    }
    if (c === "-" || c === "+") {
      i++;
      primary();
      if (c === "-") out.push(NEG);
      return;
    }
    if (c === "$") {
      i++;
      const start = i;
      while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
      if (start === i) throw fail();
      out.push(VAR, Number(s.slice(start, i)));
      return;
    }
    const start = i;
    while (i < s.length && /[0-9.eE]/.test(s[i]!)) {
      // An exponent sign belongs to the number only right after e/E.
      i++;
      if ((s[i - 1] === "e" || s[i - 1] === "E") && (s[i] === "-" || s[i] === "+")) i++;
    }
    const value = Number(s.slice(start, i));
    if (start === i || Number.isNaN(value)) throw fail();
    out.push(NUM, value);
  };
  const multiplicative = (): void => {
    primary();
    for (;;) {
      const c = s[i];
      if (c === "x" || c === "X") {
        i++;
        primary();
        out.push(MUL);
      } else if (c === "/") {
        i++;
        primary();
        out.push(DIV);
      } else return;
    }
  };
  const additive = (): void => {
    multiplicative();
    for (;;) {
      const c = s[i];
      if (c === "+") {
        i++;
        multiplicative();
        out.push(ADD);
      } else if (c === "-") {
        i++;
        multiplicative();
        out.push(SUB);
      } else return;
    }
  };
  additive();
  if (i !== s.length) throw fail();
  return out;
}

/** Evaluates an expression once, with variables by number ($1 → vars.get(1)). */
export function evaluateExpression(source: string, vars: Map<number, number>): number {
  const values = new Float64Array(Math.max(16, ...[...vars.keys()].map((k) => k + 1)));
  for (const [k, v] of vars) values[k] = v;
  return runExpression(compileExpression(source), values);
}

const stack = new Float64Array(64);

/** Runs a compiled expression; variables not set are 0, division by 0 gives 0. */
export function runExpression(code: Compiled, vars: Float64Array): number {
  let top = 0;
  for (let k = 0; k < code.length; k++) {
    const op = code[k]!;
    switch (op) {
      case NUM:
        stack[top++] = code[++k]!;
        break;
      case VAR: {
        const n = code[++k]!;
        stack[top++] = n < vars.length ? vars[n]! : 0;
        break;
      }
      case NEG:
        stack[top - 1] = -stack[top - 1]!;
        break;
      default: {
        const b = stack[--top]!;
        const a = stack[top - 1]!;
        stack[top - 1] = op === ADD ? a + b : op === SUB ? a - b : op === MUL ? a * b : b === 0 ? 0 : a / b;
      }
    }
  }
  return top > 0 ? stack[top - 1]! : 0;
}

function rotatePoints(points: number[], degrees: number): number[] {
  if (!degrees) return points;
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  for (let k = 0; k < points.length; k += 2) {
    const x = points[k]!;
    const y = points[k + 1]!;
    points[k] = x * cos - y * sin;
    points[k + 1] = x * sin + y * cos;
  }
  return points;
}

export function circlePoints(cx: number, cy: number, r: number, clockwise = false): number[] {
  const n = Math.max(16, arcSegments(r, 2 * Math.PI));
  const points: number[] = [];
  for (let k = 0; k < n; k++) {
    const a = ((clockwise ? -1 : 1) * 2 * Math.PI * k) / n;
    points.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
  return points;
}

function rectPoints(x0: number, y0: number, x1: number, y1: number): number[] {
  return [x0, y0, x1, y0, x1, y1, x0, y1];
}

/**
 * Evaluates a macro with its aperture parameters into shapes around (0, 0), in the file's units
 * scaled by `scale` (to millimetres). Exposure-off primitives erase only inside the macro, so a
 * macro that uses them comes back as one group.
 */
export function evaluateMacro(macro: Macro, args: number[], scale: number): Graphic[] {
  let vars = new Float64Array(Math.max(16, args.length + 1));
  args.forEach((value, index) => (vars[index + 1] = value));
  const shapes: Graphic[] = [];
  let erases = false;
  for (const statement of macro.statements) {
    if (statement.kind === "assign") {
      if (statement.variable >= vars.length) {
        const grown = new Float64Array(statement.variable + 16);
        grown.set(vars);
        vars = grown;
      }
      vars[statement.variable] = runExpression(statement.expression, vars);
      continue;
    }
    const p = statement.params.map((param) => runExpression(param, vars));
    const s = scale;
    switch (statement.code) {
      case 1: {
        // circle: exposure, diameter, centre x, centre y[, rotation]
        const [exposure = 1, diameter = 0, x = 0, y = 0, rotation = 0] = p;
        const [cx, cy] = rotatePoints([x * s, y * s], rotation);
        const clear = exposure === 0;
        erases ||= clear;
        shapes.push({ kind: "circle", x: cx!, y: cy!, r: (diameter * s) / 2, clear });
        break;
      }
      case 2:
      case 20: {
        // vector line: exposure, width, start x, start y, end x, end y, rotation
        const [exposure = 1, width = 0, sx = 0, sy = 0, ex = 0, ey = 0, rotation = 0] = p;
        const dx = ex - sx;
        const dy = ey - sy;
        const length = Math.hypot(dx, dy);
        if (length === 0 || width === 0) break;
        const nx = ((-dy / length) * width) / 2;
        const ny = ((dx / length) * width) / 2;
        const ring = [sx + nx, sy + ny, sx - nx, sy - ny, ex - nx, ey - ny, ex + nx, ey + ny].map(
          (v) => v * s,
        );
        const clear = exposure === 0;
        erases ||= clear;
        shapes.push({ kind: "polygon", rings: [rotatePoints(ring, rotation)], clear });
        break;
      }
      case 21: {
        // centre line: exposure, width, height, centre x, centre y, rotation
        const [exposure = 1, width = 0, height = 0, cx = 0, cy = 0, rotation = 0] = p;
        const ring = rectPoints(cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2).map(
          (v) => v * s,
        );
        const clear = exposure === 0;
        erases ||= clear;
        shapes.push({ kind: "polygon", rings: [rotatePoints(ring, rotation)], clear });
        break;
      }
      case 22: {
        // lower-left line: exposure, width, height, lower-left x, lower-left y, rotation
        const [exposure = 1, width = 0, height = 0, x = 0, y = 0, rotation = 0] = p;
        const ring = rectPoints(x, y, x + width, y + height).map((v) => v * s);
        const clear = exposure === 0;
        erases ||= clear;
        shapes.push({ kind: "polygon", rings: [rotatePoints(ring, rotation)], clear });
        break;
      }
      case 4: {
        // outline: exposure, vertex count n, n+1 points (the last repeats the first), rotation
        const exposure = p[0] ?? 1;
        const count = Math.max(0, Math.floor(p[1] ?? 0));
        const ring: number[] = [];
        for (let k = 0; k <= count; k++) ring.push((p[2 + 2 * k] ?? 0) * s, (p[3 + 2 * k] ?? 0) * s);
        const rotation = p[2 + 2 * (count + 1)] ?? 0;
        const clear = exposure === 0;
        erases ||= clear;
        shapes.push({ kind: "polygon", rings: [rotatePoints(ring.slice(0, -2), rotation)], clear });
        break;
      }
      case 5: {
        // regular polygon: exposure, vertices, centre x, centre y, diameter, rotation
        const [exposure = 1, vertices = 3, cx = 0, cy = 0, diameter = 0, rotation = 0] = p;
        const ring: number[] = [];
        const n = Math.max(3, Math.floor(vertices));
        for (let k = 0; k < n; k++) {
          const a = (2 * Math.PI * k) / n;
          ring.push((cx + (diameter / 2) * Math.cos(a)) * s, (cy + (diameter / 2) * Math.sin(a)) * s);
        }
        const clear = exposure === 0;
        erases ||= clear;
        shapes.push({ kind: "polygon", rings: [rotatePoints(ring, rotation)], clear });
        break;
      }
      case 6: {
        // moiré: centre x, centre y, outer diameter, ring thickness, gap, max rings,
        // crosshair thickness, crosshair length, rotation
        const [
          cx = 0,
          cy = 0,
          outer = 0,
          thickness = 0,
          gap = 0,
          maxRings = 0,
          crossWidth = 0,
          crossLength = 0,
          rotation = 0,
        ] = p;
        let diameter = outer;
        for (let k = 0; k < maxRings && diameter > 0; k++) {
          const inner = Math.max(0, diameter - 2 * thickness);
          const rings = [rotatePoints(circlePoints(cx * s, cy * s, (diameter / 2) * s), rotation)];
          if (inner > 0)
            rings.push(rotatePoints(circlePoints(cx * s, cy * s, (inner / 2) * s, true), rotation));
          shapes.push({ kind: "polygon", rings, clear: false });
          diameter = inner - 2 * gap;
        }
        const h = rectPoints(
          cx - crossLength / 2,
          cy - crossWidth / 2,
          cx + crossLength / 2,
          cy + crossWidth / 2,
        );
        const v = rectPoints(
          cx - crossWidth / 2,
          cy - crossLength / 2,
          cx + crossWidth / 2,
          cy + crossLength / 2,
        );
        shapes.push({
          kind: "polygon",
          rings: [
            rotatePoints(
              h.map((c) => c * s),
              rotation,
            ),
          ],
          clear: false,
        });
        shapes.push({
          kind: "polygon",
          rings: [
            rotatePoints(
              v.map((c) => c * s),
              rotation,
            ),
          ],
          clear: false,
        });
        break;
      }
      case 7: {
        // thermal: centre x, centre y, outer diameter, inner diameter, gap thickness, rotation
        const [cx = 0, cy = 0, outer = 0, inner = 0, gap = 0, rotation = 0] = p;
        const ro = outer / 2;
        const ri = inner / 2;
        const g = gap / 2;
        // Four quarter rings between the gaps, each traced as an outline.
        for (let q = 0; q < 4; q++) {
          const base = (q * Math.PI) / 2;
          const outerStart = base + Math.asin(Math.min(1, g / ro));
          const outerEnd = base + Math.PI / 2 - Math.asin(Math.min(1, g / ro));
          if (outerEnd <= outerStart) continue;
          const ring: number[] = [];
          const n = Math.max(4, arcSegments(ro * s, outerEnd - outerStart));
          for (let k = 0; k <= n; k++) {
            const a = outerStart + ((outerEnd - outerStart) * k) / n;
            ring.push(cx + ro * Math.cos(a), cy + ro * Math.sin(a));
          }
          if (ri > g) {
            const innerStart = base + Math.asin(Math.min(1, g / ri));
            const innerEnd = base + Math.PI / 2 - Math.asin(Math.min(1, g / ri));
            for (let k = n; k >= 0; k--) {
              const a = innerStart + ((innerEnd - innerStart) * k) / n;
              ring.push(cx + ri * Math.cos(a), cy + ri * Math.sin(a));
            }
          } else {
            ring.push(
              cx + g * Math.cos(base + Math.PI / 4) * Math.SQRT2,
              cy + g * Math.sin(base + Math.PI / 4) * Math.SQRT2,
            );
          }
          shapes.push({
            kind: "polygon",
            rings: [
              rotatePoints(
                ring.map((c) => c * s),
                rotation,
              ),
            ],
            clear: false,
          });
        }
        break;
      }
      default:
        throw new GerberSyntaxError(`Macro ${macro.name}: unknown primitive ${statement.code}`);
    }
  }
  if (erases) return [{ kind: "group", items: shapes, clear: false }];
  return shapes;
}
