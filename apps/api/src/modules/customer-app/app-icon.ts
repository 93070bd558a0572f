/** The theme colour of a courier's app: the portal's brand blue (the station app's too). */
export const APP_THEME_COLOUR = '#0f3d6e';
export const APP_BACKGROUND_COLOUR = '#ffffff';
export const APP_ICON_SIZES = [192, 512] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number];

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * A home-screen icon for a courier without a square logo: the theme colour with a parcel drawn in
 * white (a box with its tape), safe inside the maskable zone (the middle 80%). Drawn, not read from
 * a file, so every size is sharp; the hue shifts a little per courier so two apps tell apart.
 */
export async function appIconPng(size: AppIconSize, courierCode: string): Promise<Buffer> {
  // pngjs on first use: most starts never draw an icon.
  const { PNG } = await import('pngjs');
  const png = new PNG({ width: size, height: size });
  const [r0, g0, b0] = rgb(APP_THEME_COLOUR);
  let hash = 0;
  for (const c of courierCode) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const shift = (hash % 60) - 30;
  const bg: [number, number, number] = [r0, Math.max(0, Math.min(255, g0 + shift)), Math.max(0, Math.min(255, b0 + shift))];
  const box = { x0: size * 0.3, x1: size * 0.7, y0: size * 0.32, y1: size * 0.68 };
  const stroke = Math.max(2, Math.round(size * 0.035));
  const tape = size * 0.05;
  const mid = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inside = x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
      const edge =
        inside &&
        (x - box.x0 < stroke ||
          box.x1 - x < stroke ||
          y - box.y0 < stroke ||
          box.y1 - y < stroke ||
          Math.abs(y - (box.y0 + size * 0.1)) < stroke / 2);
      const tapeLine = inside && Math.abs(x - mid) < tape / 2 && y < box.y0 + size * 0.1;
      const white = edge || tapeLine;
      const i = (y * size + x) * 4;
      png.data[i] = white ? 255 : bg[0];
      png.data[i + 1] = white ? 255 : bg[1];
      png.data[i + 2] = white ? 255 : bg[2];
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
