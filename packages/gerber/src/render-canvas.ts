/**
 * Canvas rendering of a board, for a Web Worker with an OffscreenCanvas (or a page canvas). Each
 * layer's display list becomes Path2D objects once, in millimetres; a frame is then a handful of
 * fill and stroke calls per layer under the view transform, so zooming and panning never re-read
 * the files. Clear polarity erases on the layer's own sheet; sheets are combined like a fab's
 * preview (mask, copper finish in the openings, silkscreen, holes through everything).
 */
import type { Board, BoardLayer } from "./board.ts";
import { OP } from "./graphics.ts";
import {
  BOARD_COLOURS,
  FINISH_COLOURS,
  layerColour,
  realisticLayers,
  type BoardColours,
  type Finish,
  type MaskColour,
  type Side,
} from "./stackup.ts";

type Ctx = OffscreenCanvasRenderingContext2D;

/** Screen pixels per mm, and where the board's (0, 0) lands on the canvas, in device pixels. */
export interface ViewTransform {
  scale: number;
  originX: number;
  originY: number;
}

export type ViewMode = Side | "layers";

export interface ViewState {
  mode: ViewMode;
  transform: ViewTransform;
  /** Layer ids switched off. */
  hidden: string[];
  maskColour: MaskColour;
  finish: Finish;
  /** Page background behind the board, for the layers view. */
  background: string;
}

type Batch =
  | { kind: "fill"; path: Path2D; clear: boolean }
  | { kind: "stroke"; path: Path2D; width: number; clear: boolean }
  | { kind: "group"; batches: Batch[]; clear: boolean };

/** Turns a display list into Path2D batches. */
export function compileOps(ops: Float64Array): Batch[] {
  const stack: { batches: Batch[] }[] = [{ batches: [] }];
  let path = new Path2D();
  let clear = false;
  let i = 0;
  while (i < ops.length) {
    const op = ops[i]!;
    const top = stack[stack.length - 1]!;
    switch (op) {
      case OP.MOVE:
        path.moveTo(ops[i + 1]!, ops[i + 2]!);
        i += 3;
        break;
      case OP.LINE:
        path.lineTo(ops[i + 1]!, ops[i + 2]!);
        i += 3;
        break;
      case OP.CLOSE:
        path.closePath();
        i += 1;
        break;
      case OP.CIRCLE: {
        const cx = ops[i + 1]!;
        const cy = ops[i + 2]!;
        const r = ops[i + 3]!;
        path.moveTo(cx + r, cy);
        path.arc(cx, cy, r, 0, 2 * Math.PI);
        path.closePath();
        i += 4;
        break;
      }
      case OP.FILL:
        top.batches.push({ kind: "fill", path, clear });
        path = new Path2D();
        i += 1;
        break;
      case OP.STROKE:
        top.batches.push({ kind: "stroke", path, width: ops[i + 1]!, clear });
        path = new Path2D();
        i += 2;
        break;
      case OP.DARK:
        clear = false;
        i += 1;
        break;
      case OP.CLEAR:
        clear = true;
        i += 1;
        break;
      case OP.GROUP:
        stack.push({ batches: [] });
        clear = false;
        i += 1;
        break;
      case OP.END_GROUP: {
        const group = stack.pop()!;
        stack[stack.length - 1]!.batches.push({
          kind: "group",
          batches: group.batches,
          clear: ops[i + 1] === 1,
        });
        clear = false;
        i += 2;
        break;
      }
      default:
        i += 1;
    }
  }
  return stack[0]!.batches;
}

class Sheets {
  private pool: OffscreenCanvas[] = [];
  private width = 0;
  private height = 0;
  resize(width: number, height: number) {
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    this.pool = [];
  }
  /** A cleared sheet of the view's size; sheet n is reused between frames. */
  get(n: number): Ctx {
    let canvas = this.pool[n];
    if (!canvas) {
      canvas = new OffscreenCanvas(this.width, this.height);
      this.pool[n] = canvas;
    }
    const ctx = canvas.getContext("2d")!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalCompositeOperation = "source-over";
    ctx.globalAlpha = 1;
    ctx.clearRect(0, 0, this.width, this.height);
    return ctx;
  }
}

/** Draws boards into a canvas; keeps compiled layers and scratch sheets between frames. */
export class BoardRenderer {
  private compiled = new Map<string, Batch[]>();
  private sheets = new Sheets();
  private outline: Path2D | null = null;

  constructor(private board: Board) {
    if (board.outline.length > 0) {
      const path = new Path2D();
      for (const loop of board.outline) {
        path.moveTo(loop[0]!, loop[1]!);
        for (let k = 2; k < loop.length; k += 2) path.lineTo(loop[k]!, loop[k + 1]!);
        path.closePath();
      }
      this.outline = path;
    }
  }

  private batches(layer: BoardLayer): Batch[] {
    let found = this.compiled.get(layer.id);
    if (!found) {
      found = compileOps(layer.image.ops);
      this.compiled.set(layer.id, found);
    }
    return found;
  }

  private applyTransform(ctx: Ctx, t: ViewTransform, mirror: boolean) {
    // Gerber's y axis points up; the bottom view is seen from below, so x is mirrored.
    ctx.setTransform(mirror ? -t.scale : t.scale, 0, 0, -t.scale, t.originX, t.originY);
  }

  private paint(
    ctx: Ctx,
    batches: Batch[],
    colour: string,
    t: ViewTransform,
    mirror: boolean,
    depth: number,
  ) {
    const hairline = 1 / t.scale;
    for (const batch of batches) {
      if (batch.kind === "group") {
        const sheet = this.sheets.get(10 + depth);
        this.applyTransform(sheet, t, mirror);
        this.paint(sheet, batch.batches, colour, t, mirror, depth + 1);
        ctx.save();
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.globalCompositeOperation = batch.clear ? "destination-out" : "source-over";
        ctx.drawImage(sheet.canvas, 0, 0);
        ctx.restore();
        continue;
      }
      ctx.globalCompositeOperation = batch.clear ? "destination-out" : "source-over";
      if (batch.kind === "fill") {
        ctx.fillStyle = colour;
        ctx.fill(batch.path, "nonzero");
      } else {
        ctx.strokeStyle = colour;
        ctx.lineWidth = Math.max(batch.width, hairline);
        ctx.lineCap = "round";
        ctx.lineJoin = "round";
        ctx.stroke(batch.path);
      }
    }
    ctx.globalCompositeOperation = "source-over";
  }

  /** Draws layers onto sheet n in one colour (union of the layers, clear polarity honoured per layer). */
  private sheetOf(n: number, layers: BoardLayer[], colour: string, t: ViewTransform, mirror: boolean): Ctx {
    const sheet = this.sheets.get(n);
    if (layers.length === 1) {
      this.applyTransform(sheet, t, mirror);
      this.paint(sheet, this.batches(layers[0]!), colour, t, mirror, 0);
      return sheet;
    }
    for (const layer of layers) {
      const own = this.sheets.get(20);
      this.applyTransform(own, t, mirror);
      this.paint(own, this.batches(layer), colour, t, mirror, 0);
      sheet.drawImage(own.canvas, 0, 0);
    }
    return sheet;
  }

  render(target: Ctx, width: number, height: number, view: ViewState): void {
    this.sheets.resize(width, height);
    target.setTransform(1, 0, 0, 1, 0, 0);
    target.globalCompositeOperation = "source-over";
    target.globalAlpha = 1;
    target.clearRect(0, 0, width, height);
    const hidden = new Set(view.hidden);
    const t = view.transform;
    if (view.mode === "layers") {
      const visible = this.board.layers.filter((layer) => !hidden.has(layer.id)).reverse();
      let inner = 0;
      for (const layer of visible) {
        const colour = layerColour(layer, layer.type === "copper" && layer.side === "inner" ? inner++ : 0);
        const sheet = this.sheetOf(0, [layer], colour, t, false);
        target.globalAlpha = layer.type === "drill" ? 1 : 0.72;
        target.drawImage(sheet.canvas, 0, 0);
      }
      target.globalAlpha = 1;
      return;
    }
    const mirror = view.mode === "bottom";
    const colours: BoardColours = { ...BOARD_COLOURS[view.maskColour], finish: FINISH_COLOURS[view.finish] };
    const parts = realisticLayers(this.board, view.mode, hidden);
    const work = this.sheets.get(1);
    // Base: the board in mask colour (bare laminate when the set has no mask layer for this side).
    this.applyTransform(work, t, mirror);
    work.fillStyle = parts.soldermask.length > 0 ? colours.mask : colours.substrate;
    if (this.outline) work.fill(this.outline, "evenodd");
    else {
      const b = this.board.bounds;
      work.fillRect(b[0], b[1], b[2] - b[0], b[3] - b[1]);
    }
    work.setTransform(1, 0, 0, 1, 0, 0);
    if (parts.copper.length > 0) {
      const copper = this.sheetOf(
        2,
        parts.copper,
        parts.soldermask.length > 0 ? colours.copperUnderMask : colours.finish,
        t,
        mirror,
      );
      work.drawImage(copper.canvas, 0, 0);
    }
    if (parts.soldermask.length > 0) {
      const openings = this.sheetOf(3, parts.soldermask, colours.substrate, t, mirror);
      work.drawImage(openings.canvas, 0, 0);
      if (parts.copper.length > 0) {
        const finish = this.sheetOf(4, parts.copper, colours.finish, t, mirror);
        finish.setTransform(1, 0, 0, 1, 0, 0);
        finish.globalCompositeOperation = "destination-in";
        finish.drawImage(openings.canvas, 0, 0);
        work.drawImage(finish.canvas, 0, 0);
      }
      if (parts.silkscreen.length > 0) {
        const silk = this.sheetOf(5, parts.silkscreen, colours.silkscreen, t, mirror);
        // Fabs clip the legend away from the pads.
        silk.setTransform(1, 0, 0, 1, 0, 0);
        silk.globalCompositeOperation = "destination-out";
        silk.drawImage(openings.canvas, 0, 0);
        work.drawImage(silk.canvas, 0, 0);
      }
    } else if (parts.silkscreen.length > 0) {
      work.drawImage(this.sheetOf(5, parts.silkscreen, colours.silkscreen, t, mirror).canvas, 0, 0);
    }
    if (parts.drill.length > 0) {
      const holes = this.sheetOf(6, parts.drill, "#000", t, mirror);
      work.globalCompositeOperation = "destination-out";
      work.drawImage(holes.canvas, 0, 0);
      work.globalCompositeOperation = "source-over";
    }
    if (this.outline) {
      // Nothing outside the board edge (copper pour and legend often reach past it).
      this.applyTransform(work, t, mirror);
      work.globalCompositeOperation = "destination-in";
      work.fillStyle = "#000";
      work.fill(this.outline, "evenodd");
      work.setTransform(1, 0, 0, 1, 0, 0);
      work.globalCompositeOperation = "source-over";
    }
    target.drawImage(work.canvas, 0, 0);
  }
}

/** A transform that fits the board into a width × height canvas with a margin, centred. */
export function fitTransform(
  bounds: readonly number[],
  width: number,
  height: number,
  mirror: boolean,
  margin = 0.06,
): ViewTransform {
  const [minX = 0, minY = 0, maxX = 1, maxY = 1] = bounds;
  const w = Math.max(maxX - minX, 1e-3);
  const h = Math.max(maxY - minY, 1e-3);
  const scale = Math.min((width * (1 - 2 * margin)) / w, (height * (1 - 2 * margin)) / h);
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  return {
    scale,
    originX: width / 2 - (mirror ? -cx : cx) * scale,
    originY: height / 2 + cy * scale,
  };
}
