import { DEFAULT_ACCENT, accentOn } from '@courier/shared/domain/accent';

/**
 * The colours of what we print and mail: the light values of the web's design tokens
 * (apps/web/src/styles/tokens.css, the one source; `print-palette.test.ts` holds each to its token).
 * Paper and mail are light, so only the light set applies.
 */
export const PRINT_PALETTE = {
  /** --slate-900: titles and amounts. */
  ink: '#0f172b',
  /** --slate-700: body text. */
  text: '#314158',
  /** --slate-500: captions, column headers, contact lines. */
  muted: '#62748e',
  /** --slate-200: table rules and box edges. */
  line: '#e2e8f0',
  /** --slate-50: a tinted band behind headers and the amount due. */
  tint: '#f8fafc',
  /** --amber-700: the TEST mark. */
  warn: '#bb4d00',
  /** --surface-l: the page and the text on an accent. */
  paper: '#ffffff',
} as const;

/** The token each print colour is, for the check against tokens.css. */
export const PRINT_TOKENS: Record<keyof typeof PRINT_PALETTE, string> = {
  ink: '--slate-900',
  text: '--slate-700',
  muted: '--slate-500',
  line: '--slate-200',
  tint: '--slate-50',
  warn: '--amber-700',
  paper: '--surface-l',
};

/** The courier's accent as it prints on white: its own colour shaded to 4.5:1, like the light mode. */
export const printAccent = (accentColor: string | null | undefined): string => accentOn(accentColor || DEFAULT_ACCENT, 'light');

/** Up to two initials of a courier's name: its default mark when no logo is uploaded. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  const letters = words.slice(0, 2).map((w) => w[0]?.toUpperCase() ?? '');
  return letters.join('') || 'C';
}
