/** Breakpoints in px; they mirror `--breakpoint-*` in src/styles.css so JS media queries agree with CSS. */
export const BREAKPOINTS = {
  xs: 320,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  '2xl': 1536,
  xxl: 1920,
} as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** `(min-width: …px)` query for a breakpoint, for `useMediaQuery` / `matchMedia`. */
export function minWidth(breakpoint: Breakpoint): string {
  return `(min-width: ${BREAKPOINTS[breakpoint]}px)`;
}
