import type { ReactNode } from "react";

/**
 * Small flags drawn in SVG: emoji flags need a colour-emoji font, which many desktops (Windows among
 * them) lack, and then show letter pairs or empty boxes. Simplified where a detail would vanish at
 * 20 px (no coats of arms). Decorative: the language name beside it carries the meaning.
 */
const FLAGS: Record<string, { viewBox: string; body: ReactNode }> = {
  GB: {
    viewBox: "0 0 60 30",
    body: (
      <>
        <rect width="60" height="30" fill="#012169" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#C8102E" strokeWidth="2" />
        <path d="M30,0 V30 M0,15 H60" stroke="#fff" strokeWidth="10" />
        <path d="M30,0 V30 M0,15 H60" stroke="#C8102E" strokeWidth="6" />
      </>
    ),
  },
  DE: {
    viewBox: "0 0 5 3",
    body: (
      <>
        <rect width="5" height="1" fill="#000" />
        <rect y="1" width="5" height="1" fill="#DD0000" />
        <rect y="2" width="5" height="1" fill="#FFCE00" />
      </>
    ),
  },
  ES: {
    viewBox: "0 0 3 2",
    body: (
      <>
        <rect width="3" height="2" fill="#AA151B" />
        <rect y="0.5" width="3" height="1" fill="#F1BF00" />
      </>
    ),
  },
  FR: {
    viewBox: "0 0 3 2",
    body: (
      <>
        <rect width="1" height="2" fill="#0055A4" />
        <rect x="1" width="1" height="2" fill="#fff" />
        <rect x="2" width="1" height="2" fill="#EF4135" />
      </>
    ),
  },
  IT: {
    viewBox: "0 0 3 2",
    body: (
      <>
        <rect width="1" height="2" fill="#009246" />
        <rect x="1" width="1" height="2" fill="#fff" />
        <rect x="2" width="1" height="2" fill="#CE2B37" />
      </>
    ),
  },
  NL: {
    viewBox: "0 0 9 6",
    body: (
      <>
        <rect width="9" height="2" fill="#AE1C28" />
        <rect y="2" width="9" height="2" fill="#fff" />
        <rect y="4" width="9" height="2" fill="#21468B" />
      </>
    ),
  },
  PT: {
    viewBox: "0 0 30 20",
    body: (
      <>
        <rect width="12" height="20" fill="#006600" />
        <rect x="12" width="18" height="20" fill="#FF0000" />
        <circle cx="12" cy="10" r="4.5" fill="#FFE900" />
        <circle cx="12" cy="10" r="2.6" fill="#FF0000" />
      </>
    ),
  },
  RO: {
    viewBox: "0 0 3 2",
    body: (
      <>
        <rect width="1" height="2" fill="#002B7F" />
        <rect x="1" width="1" height="2" fill="#FCD116" />
        <rect x="2" width="1" height="2" fill="#CE1126" />
      </>
    ),
  },
  SE: {
    viewBox: "0 0 16 10",
    body: (
      <>
        <rect width="16" height="10" fill="#006AA7" />
        <path d="M5,0 H7 V10 H5 Z M0,4 H16 V6 H0 Z" fill="#FECC00" />
      </>
    ),
  },
  DK: {
    viewBox: "0 0 37 28",
    body: (
      <>
        <rect width="37" height="28" fill="#C8102E" />
        <path d="M12,0 H16 V28 H12 Z M0,12 H37 V16 H0 Z" fill="#fff" />
      </>
    ),
  },
  NO: {
    viewBox: "0 0 22 16",
    body: (
      <>
        <rect width="22" height="16" fill="#BA0C2F" />
        <path d="M6,0 H10 V16 H6 Z M0,6 H22 V10 H0 Z" fill="#fff" />
        <path d="M7,0 H9 V16 H7 Z M0,7 H22 V9 H0 Z" fill="#00205B" />
      </>
    ),
  },
  FI: {
    viewBox: "0 0 18 11",
    body: (
      <>
        <rect width="18" height="11" fill="#fff" />
        <path d="M5,0 H8 V11 H5 Z M0,4 H18 V7 H0 Z" fill="#002F6C" />
      </>
    ),
  },
};

export function Flag({ country, className }: { country: string; className?: string }) {
  const flag = FLAGS[country];
  if (!flag) return null;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={flag.viewBox}
      preserveAspectRatio="none"
      className={`h-3.5 w-5 shrink-0 rounded-[2px] ring-1 ring-black/10 dark:ring-white/20 ${className ?? ""}`}
    >
      {flag.body}
    </svg>
  );
}
