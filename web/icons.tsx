/**
 * Small line icons (24×24, currentColor) instead of emoji, which render differently — or not at all — across
 * systems. Decorative: each use sits next to text or inside a button with an accessible name.
 */
/** The attributes every icon shares (web/table/Admin.tsx draws its own two, which only the host sees). */
export const ICON = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': 2,
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
  'aria-hidden': 'true',
  class: 'ico',
} as const;

export const IconBell = ({ off }: { off?: boolean }) => (
  <svg {...ICON}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    {off && <path d="M3 3l18 18" />}
  </svg>
);
export const IconGlobe = () => (
  <svg {...ICON}>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
  </svg>
);
export const IconHourglass = () => (
  <svg {...ICON}>
    <path d="M5 22h14M5 2h14M17 22v-4.2a2 2 0 0 0-.6-1.4L12 12l-4.4 4.4a2 2 0 0 0-.6 1.4V22M7 2v4.2a2 2 0 0 0 .6 1.4L12 12l4.4-4.4a2 2 0 0 0 .6-1.4V2" />
  </svg>
);
export const IconPause = () => (
  <svg {...ICON}>
    <path d="M9 5v14M15 5v14" />
  </svg>
);
export const IconMenu = () => (
  <svg {...ICON}>
    <path d="M4 6h16M4 12h16M4 18h10" />
  </svg>
);
