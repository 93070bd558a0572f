import type { Storage } from '../../lib/storage';

/** The theme colour of a courier's app: the portal's brand blue (the station app's too). */
export const APP_THEME_COLOUR = '#0f3d6e';
export const APP_BACKGROUND_COLOUR = '#ffffff';
export const APP_ICON_SIZES = [192, 512] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number];

/** What an icon is drawn from: the courier's name, accent colour and logo. */
export interface IconCourier {
  name: string;
  code: string;
  accentColor: string | null;
  logoUrl: string | null;
}

/** Words a company name carries that say nothing of the courier: not taken as initials. */
const FILLER = /^(the|of|and|&|ltd\.?|limited|inc\.?|llc|co\.?|company|couriers?|services|logistics|shipping|freight)$/i;

/** Up to two initials of the courier's name ("Island Post" → "IP"), else its code's first two. */
export function initialsOf(name: string, code: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{L}|\d/u.test(w) && !FILLER.test(w));
  const letters = words.slice(0, 2).map((w) => [...w][0] ?? '');
  const initials = (letters.join('') || code.slice(0, 2)).toUpperCase();
  return initials.replace(/[^\p{L}\p{N}]/gu, '');
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** White or near-black, whichever reads better on the colour (WCAG relative luminance). */
function inkOn(hex: string): string {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 ? '#ffffff' : '#111827';
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * A courier's home-screen icon, a square PNG of `size` pixels. With a logo we store, the logo on
 * white; else the courier's initials on its accent colour (the theme colour without one). Either
 * sits inside the maskable safe zone (the middle circle of 80 %), so one image serves both purposes.
 */
export async function appIconPng(size: AppIconSize, courier: IconCourier, storage: Storage): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const logo = await storedLogo(courier.logoUrl, storage);
  if (logo) {
    // The logo's box fits the safe circle: a square of side 0.8 / √2 ≈ 56 % of the icon.
    const inner = Math.round(size * 0.56);
    const fitted = await sharp(logo)
      .resize(inner, inner, { fit: 'contain', background: APP_BACKGROUND_COLOUR })
      .png()
      .toBuffer()
      .catch(() => null);
    if (fitted) {
      return sharp({ create: { width: size, height: size, channels: 4, background: APP_BACKGROUND_COLOUR } })
        .composite([{ input: fitted, gravity: 'centre' }])
        .png()
        .toBuffer();
    }
  }
  const accent = courier.accentColor && HEX.test(courier.accentColor) ? courier.accentColor : APP_THEME_COLOUR;
  const ink = inkOn(accent);
  const initials = initialsOf(courier.name, courier.code);
  // Two capitals at 36 % of the icon are about 50 % wide: well inside the safe circle.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="${accent}"/><text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="${Math.round(size * 0.36)}" fill="${ink}">${initials}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The logo's bytes when it is a file we stored (a logo elsewhere is not fetched from here). */
async function storedLogo(url: string | null, storage: Storage): Promise<Buffer | null> {
  const match = url ? /^\/api\/files\/logos\/([^/]+)$/.exec(url) : null;
  if (!match?.[1]) return null;
  return storage.read('logos', match[1]).catch(() => null);
}
