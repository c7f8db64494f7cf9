/**
 * The operator's manufacturing capabilities (the demo operator's figures, docs/content.md): the
 * capability sheet PDF is generated from these, and the pages and articles quote the same numbers.
 */
export const capabilities = {
  smt: {
    smallestPassive: "01005 (0402 metric)",
    finePitchMm: 0.3,
    bgaPitchMm: 0.35,
    placementAccuracyUm: 25,
    componentsPerHourPerLine: 40_000,
    lines: 3,
  },
  boards: {
    minMm: [50, 50],
    maxMm: [510, 460],
    thicknessMm: [0.4, 4.0],
    componentHeightMm: 25,
  },
  quantities: { min: 1, maxPerOrder: 50_000 },
  leadTimes: { standardDays: [15, 20], bareBoardsFromDays: 5 },
  bareBoards: {
    layers: [1, 32],
    trackSpaceUm: 75,
    mechanicalDrillMm: 0.15,
    laserViaMm: 0.1,
    thicknessMm: [0.4, 3.2],
    copperUm: [18, 210],
    impedanceTolerancePct: 10,
  },
} as const;
