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
    // Manufacturability check limits (packages/gerber/src/dfm.ts), edge to edge.
    annularRingUm: 100,
    holeToHoleUm: 200,
    copperToEdgeUm: 250,
    drillToEdgeUm: 300,
    silkscreenToPadUm: 100,
    /** The largest single board or panel the fab line takes, in mm. */
    maxPanelMm: [580, 480],
    /** The smallest board it routes out on its own; smaller ones ship in a panel. */
    minSingleMm: [10, 10],
    /** Layer counts offered: one, two, then even counts up to the maximum. */
    layerCounts: [1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32],
    thicknessStepsMm: [0.4, 0.6, 0.8, 1.0, 1.2, 1.6, 2.0, 2.4, 3.2],
    outerCopperUm: [18, 35, 70, 105, 140, 210],
    innerCopperUm: [18, 35, 70],
    materials: ["fr4", "fr4_high_tg", "polyimide", "rogers", "aluminium"],
    tgValues: [130, 150, 170, 180],
    finishes: ["hasl_lead_free", "enig", "enepig", "osp", "immersion_silver", "immersion_tin", "hard_gold"],
    /** HASL bends boards thinner than this and fills pads finer than the fine pitch. */
    haslMinThicknessMm: 0.6,
    maskColours: [
      "green",
      "matt_green",
      "red",
      "blue",
      "black",
      "matt_black",
      "white",
      "yellow",
      "purple",
      "none",
    ],
    silkColours: ["white", "black", "yellow", "none"],
    viaTreatments: ["tented", "plugged", "filled_capped", "open"],
    /** Filled-and-capped vias need via-in-pad plating, offered from four layers. */
    filledViasMinLayers: 4,
    panelRailsMm: [0, 10],
    panelBoardsMax: 200,
  },
} as const;
