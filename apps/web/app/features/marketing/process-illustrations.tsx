import type { ReactNode, SVGProps } from "react";

/** The production steps the public site illustrates, in the order a board passes them. */
export const PROCESS_STEPS = ["data_check", "smt", "reflow", "aoi", "test", "shipping"] as const;
export type ProcessStep = (typeof PROCESS_STEPS)[number];

/*
 * Line art on a 160 × 120 grid: every stroke is 2 units wide and drawn in currentColor (the primary green of the
 * surrounding text colour), every surface in the pale or deep primary shade of the colour mode, so the drawings
 * follow light and dark mode without a second set. They carry no text: the caption beside them is translated.
 */
const SURFACE = "fill-primary-100 dark:fill-primary-900";
const PART = "fill-primary-300 dark:fill-primary-700";

function Frame({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 160 120"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Gerber, BOM and placement data on a sheet, under the magnifier of the manufacturability check. */
function DataCheck() {
  return (
    <>
      <rect x="24" y="14" width="78" height="94" rx="4" className={SURFACE} />
      <rect x="34" y="26" width="58" height="38" rx="2" />
      <path d="M42 36h14l6 6h22M42 54h10l6-6h12" />
      <circle cx="42" cy="36" r="2.5" className={PART} />
      <circle cx="84" cy="42" r="2.5" className={PART} />
      <circle cx="42" cy="54" r="2.5" className={PART} />
      <rect x="74" y="50" width="10" height="8" rx="1" className={PART} />
      <path d="M34 76h40M34 86h32M34 96h36" />
      <circle cx="112" cy="74" r="20" className="fill-white dark:fill-neutral-950" />
      <path d="M102 74l7 7 13-14" />
      <rect x="132" y="84" width="8" height="26" rx="3" transform="rotate(-45 136 97)" className={PART} />
    </>
  );
}

/** A placement head on its gantry setting a part onto a board on the conveyor. */
function SmtLine() {
  return (
    <>
      <rect x="14" y="14" width="132" height="12" rx="2" className={SURFACE} />
      <path d="M22 26v62M138 26v62" />
      <rect x="68" y="26" width="24" height="20" rx="2" className={SURFACE} />
      <path d="M80 46v12" />
      <rect x="74" y="58" width="12" height="6" rx="1" className={PART} />
      <path d="M80 64v8" strokeDasharray="2 4" />
      <rect x="36" y="76" width="88" height="10" rx="1" className={SURFACE} />
      <rect x="46" y="70" width="12" height="6" rx="1" className={PART} />
      <rect x="100" y="70" width="14" height="6" rx="1" className={PART} />
      <path d="M8 92h144" />
      {[20, 44, 68, 92, 116, 140].map((x) => (
        <circle key={x} cx={x} cy="100" r="5" />
      ))}
    </>
  );
}

/** The reflow oven's heated zones with the temperature profile the board runs through. */
function Reflow() {
  return (
    <>
      <path d="M18 44h124" strokeDasharray="2 5" />
      <path d="M18 42c16-4 30-8 42-9s22-2 32-4c6-1 10-14 14-14s10 12 16 18 12 10 20 11" />
      <rect x="22" y="56" width="116" height="42" rx="4" className={SURFACE} />
      <path d="M51 56v16M80 56v16M109 56v16" />
      <path d="M30 66c3-3 6 3 9 0s6 3 9 0M59 66c3-3 6 3 9 0s6 3 9 0M88 66c3-3 6 3 9 0s6 3 9 0M117 66c3-3 6 3 9 0s6 3 9 0" />
      <path d="M6 90h148" />
      <rect x="4" y="82" width="22" height="6" rx="1" className={PART} />
      <path d="M32 98v12M128 98v12" />
    </>
  );
}

/** The inspection camera with its light cone over a board, one part framed for the comparison. */
function Aoi() {
  return (
    <>
      <rect x="60" y="10" width="40" height="24" rx="3" className={SURFACE} />
      <rect x="70" y="34" width="20" height="8" rx="1" />
      <path d="M70 42L38 86M90 42l32 44" strokeDasharray="3 4" />
      <rect x="20" y="86" width="120" height="16" rx="2" className={SURFACE} />
      <rect x="36" y="80" width="12" height="6" rx="1" className={PART} />
      <rect x="72" y="78" width="16" height="8" rx="1" className={PART} />
      <rect x="112" y="80" width="10" height="6" rx="1" className={PART} />
      <path d="M64 72h-4v4M96 72h4v4M64 92h-4v-4M96 92h4v-4" />
      <circle cx="80" cy="22" r="6" />
    </>
  );
}

/** Two flying probes touching test points, with the measured signal on the tester's screen. */
function Test() {
  return (
    <>
      <rect x="56" y="8" width="48" height="30" rx="3" className={SURFACE} />
      <path d="M62 30h8v-14h10v14h10v-14h8" />
      <path d="M24 14l28 56M136 14l-28 56" />
      <path d="M18 16l10-6M130 10l10 6" />
      <rect x="16" y="72" width="128" height="28" rx="3" className={SURFACE} />
      <circle cx="53" cy="72" r="3" className={PART} />
      <circle cx="107" cy="72" r="3" className={PART} />
      <rect x="30" y="80" width="14" height="10" rx="1" className={PART} />
      <rect x="70" y="80" width="20" height="12" rx="1" className={PART} />
      <rect x="116" y="80" width="14" height="10" rx="1" className={PART} />
      <path d="M44 85h26M90 85h26" />
    </>
  );
}

/** The packed boards leaving in a delivery van. */
function Shipping() {
  return (
    <>
      <rect x="26" y="34" width="84" height="54" rx="3" className={SURFACE} />
      <path d="M110 52h22l18 18v18h-40z" className={SURFACE} />
      <path d="M116 58h13l11 12h-24z" />
      <rect x="46" y="46" width="36" height="30" rx="1" className={PART} />
      <path d="M64 46v12M46 58h36" />
      <circle cx="50" cy="92" r="9" className="fill-white dark:fill-neutral-950" />
      <circle cx="130" cy="92" r="9" className="fill-white dark:fill-neutral-950" />
      <path d="M4 106h152" />
      <path d="M4 48h14M8 60h10M4 72h14" />
    </>
  );
}

const DRAWINGS: Record<ProcessStep, () => ReactNode> = {
  data_check: DataCheck,
  smt: SmtLine,
  reflow: Reflow,
  aoi: Aoi,
  test: Test,
  shipping: Shipping,
};

/** One production step as a decorative drawing (aria-hidden): its caption says what it shows. */
export function ProcessIllustration({ step, className }: { step: ProcessStep; className?: string }) {
  const Drawing = DRAWINGS[step];
  return (
    <Frame className={className} data-step={step}>
      <Drawing />
    </Frame>
  );
}
