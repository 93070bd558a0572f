/**
 * A courier's accent colour: its buttons, links and focus rings in both colour modes. Text in the
 * accent, and text on it, must reach 4.5:1 against the surface (WCAG AA); a colour that does not
 * is shaded (darker for the light mode, lighter for the dark one) until it does.
 */

/**
 * The most demanding backgrounds the accent's text sits on in each mode: the tinted rows and cards
 * (slate-100 and brand-50 in the web's tokens.css), a little darker than the light surface (white)
 * and lighter than the dark one (#131c2e), so the surfaces themselves have more contrast still.
 */
export const ACCENT_SURFACES = { light: '#eef2f7', dark: '#253247' } as const;

/** The accent of a courier that has chosen none (the portal's own blue). */
export const DEFAULT_ACCENT = '#124a7d';

/** Text contrast the accent must reach against the surface. */
export const ACCENT_MIN_CONTRAST = 4.5;

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export const ACCENT_MESSAGES = {
  invalid: 'Enter the colour as # and six hex digits, for example #124a7d.',
} as const;

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(hex: string, toward: string, amount: number): string {
  const from = toRgb(hex);
  const to = toRgb(toward);
  return toHex(from.map((c, i) => c + ((to[i] as number) - c) * amount) as Rgb);
}

/**
 * The accent as used on one surface: the colour itself when it reaches 4.5:1, else the first shade
 * toward black (light surface) or white (dark surface) that does.
 */
export function accentOn(hex: string, surface: 'light' | 'dark'): string {
  const base = hex.toLowerCase();
  const bg = ACCENT_SURFACES[surface];
  const toward = surface === 'light' ? '#000000' : '#ffffff';
  for (let step = 0; step <= 20; step++) {
    const shade = mix(base, toward, step / 20);
    if (contrastRatio(shade, bg) >= ACCENT_MIN_CONTRAST) return shade;
  }
  return toward;
}

export interface AccentPair {
  light: string;
  dark: string;
  /** The chosen colour itself failed on the light surface and a darker shade is used there. */
  shadedLight: boolean;
  /** The chosen colour itself failed on the dark surface and a lighter shade is used there. */
  shadedDark: boolean;
}

/** The accent for both modes; an empty or malformed colour gives the default accent's pair. */
export function accentPair(hex: string | null | undefined): AccentPair {
  const chosen = hex && HEX_COLOUR.test(hex) ? hex.toLowerCase() : DEFAULT_ACCENT;
  const light = accentOn(chosen, 'light');
  const dark = accentOn(chosen, 'dark');
  return { light, dark, shadedLight: light !== chosen, shadedDark: dark !== chosen };
}

/** What the settings say about a chosen colour that needed shading; null when it is used as chosen. */
export function accentNotice(hex: string): string | null {
  if (!HEX_COLOUR.test(hex)) return null;
  const pair = accentPair(hex);
  const notes: string[] = [];
  if (pair.shadedLight) notes.push(`too light for text on a light background: the light mode uses ${pair.light}`);
  if (pair.shadedDark) notes.push(`too dark for text on a dark background: the dark mode uses ${pair.dark}`);
  return notes.length ? `This colour is ${notes.join('; ')}.` : null;
}
