/**
 * SVG export: one layer in a colour, or the realistic view of one side of the board (solder mask,
 * copper finish in the openings, silkscreen, holes). Clear polarity and macro groups become masks.
 */
import type { Board, BoardLayer } from "./board.ts";
import { OP, isEmptyBox, type Box, type LayerImage } from "./graphics.ts";
import { BOARD_COLOURS, layerColour, realisticLayers, type BoardColours, type Side } from "./stackup.ts";

const n = (v: number) => (Math.round(v * 1000) / 1000).toString();

interface Emitted {
  defs: string[];
  nextId: () => string;
}

/** The ops of one layer as SVG elements in `colour`; clear runs turn earlier content into a masked group. */
function layerSvg(image: LayerImage, colour: string, box: Box, out: Emitted): string {
  const ops = image.ops;
  let content = "";
  let path = "";
  let clear = false;
  let i = 0;
  const groupStack: { content: string; clear: boolean }[] = [];
  const mask = (shapes: string) => {
    const id = out.nextId();
    out.defs.push(
      `<mask id="${id}" maskUnits="userSpaceOnUse" x="${n(box[0])}" y="${n(box[1])}" width="${n(box[2] - box[0])}" height="${n(box[3] - box[1])}"><rect x="${n(box[0])}" y="${n(box[1])}" width="${n(box[2] - box[0])}" height="${n(box[3] - box[1])}" fill="#fff"/>${shapes}</mask>`,
    );
    return id;
  };
  const paint = (element: string) => {
    if (!clear) {
      content += element;
      return;
    }
    if (content === "") return;
    const black = element.replaceAll(colour, "#000");
    content = `<g mask="url(#${mask(black)})">${content}</g>`;
  };
  while (i < ops.length) {
    const op = ops[i]!;
    switch (op) {
      case OP.MOVE:
        path += `M${n(ops[i + 1]!)} ${n(ops[i + 2]!)}`;
        i += 3;
        break;
      case OP.LINE:
        path += `L${n(ops[i + 1]!)} ${n(ops[i + 2]!)}`;
        i += 3;
        break;
      case OP.CLOSE:
        path += "Z";
        i += 1;
        break;
      case OP.CIRCLE: {
        const cx = ops[i + 1]!;
        const cy = ops[i + 2]!;
        const r = ops[i + 3]!;
        path += `M${n(cx + r)} ${n(cy)}A${n(r)} ${n(r)} 0 1 1 ${n(cx - r)} ${n(cy)}A${n(r)} ${n(r)} 0 1 1 ${n(cx + r)} ${n(cy)}Z`;
        i += 4;
        break;
      }
      case OP.FILL:
        if (path) paint(`<path d="${path}" fill="${colour}"/>`);
        path = "";
        i += 1;
        break;
      case OP.STROKE: {
        const width = ops[i + 1]!;
        if (path)
          paint(
            `<path d="${path}" fill="none" stroke="${colour}" stroke-width="${n(Math.max(width, 0.01))}" stroke-linecap="round" stroke-linejoin="round"/>`,
          );
        path = "";
        i += 2;
        break;
      }
      case OP.DARK:
        clear = false;
        i += 1;
        break;
      case OP.CLEAR:
        clear = true;
        i += 1;
        break;
      case OP.GROUP:
        groupStack.push({ content, clear });
        content = "";
        clear = false;
        i += 1;
        break;
      case OP.END_GROUP: {
        const inner = content;
        const saved = groupStack.pop();
        content = saved?.content ?? "";
        clear = ops[i + 1] === 1;
        paint(`<g>${inner}</g>`);
        clear = saved?.clear ?? false;
        i += 2;
        break;
      }
      default:
        i += 1;
    }
  }
  return content;
}

function outlinePath(loops: number[][]): string {
  return loops
    .map((loop) => {
      let d = `M${n(loop[0]!)} ${n(loop[1]!)}`;
      for (let k = 2; k < loop.length; k += 2) d += `L${n(loop[k]!)} ${n(loop[k + 1]!)}`;
      return d + "Z";
    })
    .join("");
}

function frame(box: Box, margin: number): Box {
  return [box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin];
}

function svgDocument(box: Box, body: string, defs: string[], mirror: boolean): string {
  const width = box[2] - box[0];
  const height = box[3] - box[1];
  // Gerber's y axis points up; SVG's points down. The bottom view is also mirrored left to right.
  const transform = mirror
    ? `matrix(-1 0 0 -1 ${n(box[2] + box[0])} ${n(box[3] + box[1])})`
    : `matrix(1 0 0 -1 0 ${n(box[3] + box[1])})`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${n(box[0])} ${n(box[1])} ${n(width)} ${n(height)}" ` +
    `width="${n(width)}mm" height="${n(height)}mm">` +
    `<defs>${defs.join("")}</defs><g transform="${transform}">${body}</g></svg>`
  );
}

function emitter(): Emitted {
  let counter = 0;
  const defs: string[] = [];
  return { defs, nextId: () => `g${++counter}` };
}

/** One layer as a standalone SVG in millimetres. */
export function layerToSvg(layer: BoardLayer, colour: string, board?: Board): string {
  const box = frame(board && !isEmptyBox(board.bounds) ? board.bounds : layer.image.bounds, 1);
  const out = emitter();
  return svgDocument(box, layerSvg(layer.image, colour, box, out), out.defs, false);
}

/** The realistic view of one side, as fabs render their previews. */
export function boardToSvg(
  board: Board,
  side: Side,
  colours: BoardColours = BOARD_COLOURS.green,
  hidden: ReadonlySet<string> = new Set(),
): string {
  const box = frame(board.bounds, 1);
  const out = emitter();
  const parts = realisticLayers(board, side, hidden);
  const rect = `x="${n(box[0])}" y="${n(box[1])}" width="${n(box[2] - box[0])}" height="${n(box[3] - box[1])}"`;
  // A mask without its own region covers -10 % to 110 % of the viewport measured from the origin, not
  // from the view box: boards drawn around negative coordinates would lose everything left of 0.
  const maskOf = (layers: BoardLayer[]) => {
    const id = out.nextId();
    out.defs.push(
      `<mask id="${id}" maskUnits="userSpaceOnUse" ${rect}>${layers.map((l) => layerSvg(l.image, "#fff", box, out)).join("")}</mask>`,
    );
    return id;
  };
  const boardShape =
    board.outline.length > 0
      ? outlinePath(board.outline)
      : `M${n(board.bounds[0])} ${n(board.bounds[1])}H${n(board.bounds[2])}V${n(board.bounds[3])}H${n(board.bounds[0])}Z`;
  // Board minus holes: the mask the whole picture is seen through.
  const cut = out.nextId();
  out.defs.push(
    `<mask id="${cut}" maskUnits="userSpaceOnUse" ${rect}><path d="${boardShape}" fill="#fff" fill-rule="evenodd"/>${parts.drill.map((l) => layerSvg(l.image, "#000", box, out)).join("")}</mask>`,
  );
  let body = `<rect ${rect} fill="${parts.soldermask.length > 0 ? colours.mask : colours.substrate}"/>`;
  if (parts.copper.length > 0) {
    body += `<rect ${rect} fill="${parts.soldermask.length > 0 ? colours.copperUnderMask : colours.finish}" mask="url(#${maskOf(parts.copper)})"/>`;
  }
  if (parts.soldermask.length > 0) {
    const openings = maskOf(parts.soldermask);
    body += `<rect ${rect} fill="${colours.substrate}" mask="url(#${openings})"/>`;
    if (parts.copper.length > 0) {
      body += `<g mask="url(#${openings})"><rect ${rect} fill="${colours.finish}" mask="url(#${maskOf(parts.copper)})"/></g>`;
    }
  }
  if (parts.silkscreen.length > 0) {
    body += `<rect ${rect} fill="${colours.silkscreen}" mask="url(#${maskOf(parts.silkscreen)})"/>`;
  }
  return svgDocument(box, `<g mask="url(#${cut})">${body}</g>`, out.defs, side === "bottom");
}

/**
 * The board SVG is sized in millimetres; a rasteriser's density would then scale it twice (once for
 * the unit, once for the density), so the size is set in pixels instead: `pixels` on the longer side.
 */
export function svgInPixels(svg: string, pixels: number): string {
  const size = /^(<svg [^>]*?)width="([\d.]+)mm" height="([\d.]+)mm"/.exec(svg);
  if (!size) throw new Error("The board SVG has no size in mm");
  const width = Number(size[2]);
  const height = Number(size[3]);
  const scale = pixels / Math.max(width, height);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  return `${size[1]}width="${w}" height="${h}"${svg.slice(size[0].length)}`;
}

/** The visible layers stacked in their single-layer colours, seen from the top. */
export function layersToSvg(board: Board, hidden: ReadonlySet<string> = new Set()): string {
  const box = frame(isEmptyBox(board.bounds) ? [0, 0, 1, 1] : board.bounds, 1);
  const out = emitter();
  let inner = 0;
  const body = board.layers
    .filter((layer) => !hidden.has(layer.id))
    .map((layer) => {
      const colour = layerColour(layer, layer.type === "copper" && layer.side === "inner" ? inner++ : 0);
      return { layer, colour };
    })
    .reverse()
    .map(
      ({ layer, colour }) =>
        `<g opacity="${layer.type === "drill" ? 1 : 0.72}">${layerSvg(layer.image, colour, box, out)}</g>`,
    )
    .join("");
  return svgDocument(box, body, out.defs, false);
}
