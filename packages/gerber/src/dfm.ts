/**
 * Manufacturability checks (DFM) on a parsed board against the fab's limits: track width,
 * copper-to-copper clearance, annular ring, drill size, hole-to-hole spacing, copper and holes near
 * the board edge, silkscreen on exposed pads, an incomplete layer set, and files that contradict
 * the specification. Every finding carries the measured value, the limit and a place in board
 * coordinates (mm, the same space the viewer draws in) so it can be pinned on the board.
 */
import type { Board, BoardLayer } from "./board.ts";
import { BoardGeometry, boardArea, boardHoles, type Reach } from "./dfm-board.ts";
import {
  annularRing,
  copperClearance,
  distancesToEdges,
  inBox,
  holeSpacing,
  narrowTracks,
  silkscreenOnPads,
  TOLERANCE_MM,
  type Place,
} from "./dfm-measure.ts";

export type DfmSeverity = "error" | "warning" | "info";

export type DfmRule =
  | "track-width"
  | "clearance"
  | "annular-ring"
  | "drill-size"
  | "hole-to-hole"
  | "copper-to-edge"
  | "drill-to-edge"
  | "silkscreen-on-pad"
  | "mask-without-copper"
  | "copper-missing"
  | "drill-missing"
  | "outline-missing"
  | "layer-count-mismatch"
  | "size-mismatch";

export interface DfmFinding {
  rule: DfmRule;
  severity: DfmSeverity;
  /** What the files show; null for findings about the layer set. */
  measured: number | null;
  limit: number | null;
  unit: "mm" | "layers" | null;
  /** The layer's id (its file name), or null when the finding is about the board. */
  layer: string | null;
  /** Board coordinates in mm, or null when the finding has no single place. */
  x: number | null;
  y: number | null;
  /** Places within MERGE_MM of this one that the finding stands for (1 = itself). */
  count: number;
}

export interface DfmReport {
  findings: DfmFinding[];
  /** Findings left out past the cap of one rule on one layer (the worst are kept). */
  omitted: { rule: DfmRule; layer: string | null; count: number }[];
  /** Checks that could not run on these files, and why. */
  skipped: { rule: DfmRule; reason: "no-outline" | "no-drill" | "no-copper" | "no-mask" }[];
}

/** The fab's limits, all in mm. */
export interface DfmLimits {
  minTrackMm: number;
  minClearanceMm: number;
  minAnnularRingMm: number;
  minDrillMm: number;
  minHoleToHoleMm: number;
  minCopperToEdgeMm: number;
  minDrillToEdgeMm: number;
  minSilkscreenToPadMm: number;
}

/** What the specification says, to compare the files with. */
export interface DfmSpecification {
  layers?: number;
  widthMm?: number;
  heightMm?: number;
}

/** The part of the operator's capabilities (`capabilities.bareBoards` in @ems/config) the checks use. */
export interface BareBoardLimits {
  trackSpaceUm: number;
  mechanicalDrillMm: number;
  annularRingUm: number;
  holeToHoleUm: number;
  copperToEdgeUm: number;
  drillToEdgeUm: number;
  silkscreenToPadUm: number;
}

export function dfmLimitsFromCapabilities(bareBoards: BareBoardLimits): DfmLimits {
  return {
    minTrackMm: bareBoards.trackSpaceUm / 1000,
    minClearanceMm: bareBoards.trackSpaceUm / 1000,
    minAnnularRingMm: bareBoards.annularRingUm / 1000,
    minDrillMm: bareBoards.mechanicalDrillMm,
    minHoleToHoleMm: bareBoards.holeToHoleUm / 1000,
    minCopperToEdgeMm: bareBoards.copperToEdgeUm / 1000,
    minDrillToEdgeMm: bareBoards.drillToEdgeUm / 1000,
    minSilkscreenToPadMm: bareBoards.silkscreenToPadUm / 1000,
  };
}

/** Findings of one rule on one layer closer than this are one finding with a count. */
export const MERGE_MM = 0.5;
/** Findings kept per rule and layer; the rest are counted in `omitted`. */
export const MAX_FINDINGS_PER_RULE = 100;
/** A board may differ this much from the specified size (outline line width, rounding). */
export const SIZE_TOLERANCE_MM = 0.5;

export interface DfmOptions {
  specification?: DfmSpecification;
  /** Geometry already built for this board (the board data builds the same). */
  geometry?: BoardGeometry;
}

export function checkManufacturability(board: Board, limits: DfmLimits, options: DfmOptions = {}): DfmReport {
  const reach: Reach = {
    copper: limits.minClearanceMm,
    soldermask: limits.minSilkscreenToPadMm,
    drill: limits.minHoleToHoleMm,
    outline: Math.max(limits.minCopperToEdgeMm, limits.minDrillToEdgeMm),
  };
  const given = options.geometry;
  const geometry =
    given &&
    given.board === board &&
    (Object.keys(reach) as (keyof Reach)[]).every((key) => given.reach[key] >= reach[key])
      ? given
      : new BoardGeometry(board, reach);
  const raw: DfmFinding[] = [];
  const skipped: DfmReport["skipped"] = [];
  const copper = board.layers.filter((layer) => layer.type === "copper");
  const drills = board.layers.filter((layer) => layer.type === "drill");

  const add = (
    rule: DfmRule,
    severity: DfmSeverity,
    layer: string | null,
    places: Place[],
    limit: number,
    severityOf?: (place: Place) => DfmSeverity,
  ) => {
    for (const place of places) {
      if (place.measured >= limit - TOLERANCE_MM) continue;
      raw.push({
        rule,
        severity: severityOf?.(place) ?? severity,
        measured: round(place.measured),
        limit,
        unit: "mm",
        layer,
        x: round(place.x),
        y: round(place.y),
        count: 1,
      });
    }
  };

  raw.push(...layerSetFindings(board));
  if (options.specification) raw.push(...specificationFindings(board, options.specification));

  for (const layer of copper) {
    const index = geometry.layer(layer);
    add("track-width", "error", layer.id, narrowTracks(index, limits.minTrackMm), limits.minTrackMm);
    add(
      "clearance",
      "error",
      layer.id,
      copperClearance(index, limits.minClearanceMm).gaps,
      limits.minClearanceMm,
    );
  }

  const holes = boardHoles(board);
  if (drills.length > 0) {
    for (const layer of drills)
      for (const tool of layer.tools ?? []) {
        if (!(tool.diameter > 0 && tool.diameter < limits.minDrillMm - TOLERANCE_MM)) continue;
        const at = holes.find(
          (hole) => hole.layer === layer.id && Math.abs(hole.diameter - tool.diameter) < 1e-6,
        );
        raw.push({
          rule: "drill-size",
          severity: "error",
          measured: round(tool.diameter),
          limit: limits.minDrillMm,
          unit: "mm",
          layer: layer.id,
          x: at ? round(at.x) : null,
          y: at ? round(at.y) : null,
          count: tool.holes + tool.slots,
        });
      }
    const drillIndex = geometry.drillIndex();
    // Overlapping holes are usually a slot drilled as a row of hits: worth a look, not a refusal.
    if (drillIndex)
      add(
        "hole-to-hole",
        "error",
        null,
        holeSpacing(drillIndex, limits.minHoleToHoleMm),
        limits.minHoleToHoleMm,
        (place) => (place.measured <= 0 ? "warning" : "error"),
      );
    for (const layer of copper) {
      const index = geometry.layer(layer);
      const rings: Place[] = [];
      const assumed = new Set<Place>();
      for (const hole of holes) {
        if (hole.slot || hole.plated === false) continue;
        const ring = annularRing(index, hole.x, hole.y, hole.diameter / 2, limits.minAnnularRingMm);
        // Inner layers may leave unused pads out: a hole without copper there is not a finding.
        if (ring === null) continue;
        const place = { x: hole.x, y: hole.y, measured: ring };
        rings.push(place);
        if (hole.plated === null) assumed.add(place);
      }
      // A hole whose file does not say it is plated may be a mounting hole meant to stay bare.
      add("annular-ring", "error", layer.id, rings, limits.minAnnularRingMm, (place) =>
        assumed.has(place) ? "warning" : "error",
      );
    }
  } else if (copper.length > 0) {
    skipped.push({ rule: "annular-ring", reason: "no-drill" }, { rule: "hole-to-hole", reason: "no-drill" });
  }

  const edges = geometry.outlineIndex();
  if (edges) {
    // Copper or a hole reaching into the edge is either a mistake or a castellation or edge plating,
    // which are ordered options: a warning, not an error.
    const crossing = (place: Place): DfmSeverity => (place.measured <= 0 ? "warning" : "error");
    for (const layer of copper)
      add(
        "copper-to-edge",
        "error",
        layer.id,
        distancesToEdges(geometry.layer(layer), edges, limits.minCopperToEdgeMm),
        limits.minCopperToEdgeMm,
        crossing,
      );
    const drillIndex = geometry.drillIndex();
    if (drillIndex)
      add(
        "drill-to-edge",
        "error",
        null,
        distancesToEdges(drillIndex, edges, limits.minDrillToEdgeMm),
        limits.minDrillToEdgeMm,
        crossing,
      );
  } else if (board.layers.length > 0) {
    skipped.push(
      { rule: "copper-to-edge", reason: "no-outline" },
      { rule: "drill-to-edge", reason: "no-outline" },
    );
  }

  for (const side of ["top", "bottom"] as const) {
    const silk = board.layers.filter((layer) => layer.type === "silkscreen" && layer.side === side);
    const mask = board.layers.find((layer) => layer.type === "soldermask" && layer.side === side);
    if (silk.length === 0) continue;
    if (!mask) {
      skipped.push({ rule: "silkscreen-on-pad", reason: "no-mask" });
      continue;
    }
    for (const layer of silk)
      add(
        "silkscreen-on-pad",
        "warning",
        layer.id,
        silkscreenOnPads(geometry.layer(layer), geometry.layer(mask), limits.minSilkscreenToPadMm),
        limits.minSilkscreenToPadMm,
        // Fabs clip silkscreen from pads: ink on a pad is lost, ink merely close is only noted.
        (place) => (place.measured <= 0 ? "warning" : "info"),
      );
  }

  // What the films draw beside the board (drill charts, titles, frames) is not made: no findings there.
  const area = boardArea(board);
  const onBoard = area
    ? raw.filter((finding) => finding.x === null || finding.y === null || inBox(area, finding.x, finding.y))
    : raw;
  return { ...mergeFindings(onBoard), skipped };
}

/** Layers a fab cannot build from: mask without copper, copper without holes, no outline. */
export function layerSetFindings(board: Board): DfmFinding[] {
  const findings: DfmFinding[] = [];
  const layers = board.layers;
  const has = (type: BoardLayer["type"], side?: BoardLayer["side"]) =>
    layers.some((layer) => layer.type === type && (side === undefined || layer.side === side));
  const boardFinding = (rule: DfmRule, severity: DfmSeverity, layer: string | null = null): DfmFinding => ({
    rule,
    severity,
    measured: null,
    limit: null,
    unit: null,
    layer,
    x: null,
    y: null,
    count: 1,
  });
  for (const mask of layers.filter((layer) => layer.type === "soldermask"))
    if (!has("copper", mask.side)) findings.push(boardFinding("mask-without-copper", "error", mask.id));
  const copper = layers.filter((layer) => layer.type === "copper");
  if (copper.some((layer) => layer.side === "inner") && !(has("copper", "top") && has("copper", "bottom")))
    findings.push(boardFinding("copper-missing", "error"));
  // Vias need holes: a multilayer board without a drill file is incomplete; a single-sided one
  // without holes is possible (all SMD) but rare.
  if (copper.length > 0 && !has("drill"))
    findings.push(boardFinding("drill-missing", copper.length > 1 ? "error" : "warning"));
  if (layers.length > 0 && board.sizeSource !== "outline")
    findings.push(boardFinding("outline-missing", "warning"));
  return findings;
}

/** Files that say something else than the specification: layer count and board size. */
export function specificationFindings(board: Board, specification: DfmSpecification): DfmFinding[] {
  const findings: DfmFinding[] = [];
  const centre = (i: 0 | 1) => round((board.bounds[i] + board.bounds[i + 2]!) / 2);
  if (
    specification.layers !== undefined &&
    board.copperLayers > 0 &&
    specification.layers !== board.copperLayers
  )
    findings.push({
      rule: "layer-count-mismatch",
      severity: "error",
      measured: board.copperLayers,
      limit: specification.layers,
      unit: "layers",
      layer: null,
      x: null,
      y: null,
      count: 1,
    });
  // Without an outline the files do not say how big the board is: nothing to contradict.
  if (board.sizeSource !== "outline") return findings;
  const width = board.width;
  const height = board.height;
  const wanted = [specification.widthMm, specification.heightMm];
  if (wanted[0] === undefined && wanted[1] === undefined) return findings;
  const off = (a: number, b: number | undefined) => b !== undefined && Math.abs(a - b) > SIZE_TOLERANCE_MM;
  // A board specified as 50 x 80 may well be drawn 80 x 50.
  const straight = !off(width, wanted[0]) && !off(height, wanted[1]);
  const turned = !off(width, wanted[1]) && !off(height, wanted[0]);
  if (straight || turned) return findings;
  const pairs: [number, number | undefined][] = [
    [width, wanted[0]],
    [height, wanted[1]],
  ];
  for (const [measured, limit] of pairs)
    if (off(measured, limit))
      findings.push({
        rule: "size-mismatch",
        severity: "error",
        measured: round(measured),
        limit: limit!,
        unit: "mm",
        layer: null,
        x: centre(0),
        y: centre(1),
        count: 1,
      });
  return findings;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** Merges findings of one rule and layer that lie within MERGE_MM, the worst kept; caps each group. */
export function mergeFindings(findings: DfmFinding[]): Pick<DfmReport, "findings" | "omitted"> {
  const groups = new Map<string, DfmFinding[]>();
  for (const finding of findings) {
    const key = `${finding.rule}\u0000${finding.layer ?? ""}`;
    const list = groups.get(key);
    if (list) list.push(finding);
    else groups.set(key, [finding]);
  }
  const kept: DfmFinding[] = [];
  const omitted: DfmReport["omitted"] = [];
  for (const list of groups.values()) {
    list.sort((a, b) => (a.measured ?? 0) - (b.measured ?? 0));
    const cells = new Map<string, DfmFinding[]>();
    const merged: DfmFinding[] = [];
    for (const finding of list) {
      if (finding.x === null || finding.y === null) {
        merged.push({ ...finding });
        continue;
      }
      const cx = Math.floor(finding.x / MERGE_MM);
      const cy = Math.floor(finding.y / MERGE_MM);
      let into: DfmFinding | null = null;
      for (let dx = -1; dx <= 1 && !into; dx++)
        for (let dy = -1; dy <= 1 && !into; dy++)
          for (const other of cells.get(`${cx + dx},${cy + dy}`) ?? [])
            if (Math.hypot(other.x! - finding.x, other.y! - finding.y) <= MERGE_MM) {
              into = other;
              break;
            }
      if (into) {
        into.count += finding.count;
        continue;
      }
      const copy = { ...finding };
      merged.push(copy);
      const key = `${cx},${cy}`;
      const cell = cells.get(key);
      if (cell) cell.push(copy);
      else cells.set(key, [copy]);
    }
    kept.push(...merged.slice(0, MAX_FINDINGS_PER_RULE));
    if (merged.length > MAX_FINDINGS_PER_RULE)
      omitted.push({
        rule: list[0]!.rule,
        layer: list[0]!.layer,
        count: merged.length - MAX_FINDINGS_PER_RULE,
      });
  }
  const order = { error: 0, warning: 1, info: 2 } as const;
  kept.sort((a, b) => order[a.severity] - order[b.severity]);
  return { findings: kept, omitted };
}
