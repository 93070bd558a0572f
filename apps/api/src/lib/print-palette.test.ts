import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRINT_PALETTE, PRINT_TOKENS, initialsOf, printAccent } from './print-palette';

const TOKENS = readFileSync(new URL('../../../web/src/styles/tokens.css', import.meta.url), 'utf8');

/** A token's light value: the first argument of its light-dark(), or the value itself. */
function lightValue(name: string): string {
  const m = new RegExp(`${name}:\\s*([^;]+);`).exec(TOKENS);
  if (!m?.[1]) throw new Error(`${name} is not in tokens.css`);
  const value = m[1].trim();
  const pair = /^light-dark\((.+),\s*(?:oklch\([^)]*\)|#[0-9a-f]+)\)$/i.exec(value);
  return (pair?.[1] ?? value).trim();
}

/** oklch() or #rrggbb as [r, g, b] in 0-255 (Björn Ottosson's OKLab to linear sRGB). */
function rgbOf(css: string): number[] {
  if (css.startsWith('#')) return [1, 3, 5].map((i) => Number.parseInt(css.slice(i, i + 2), 16));
  const [lp, c, h] = (/oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)/.exec(css) ?? []).slice(1).map(Number);
  const L = (lp as number) / 100;
  const a = (c as number) * Math.cos(((h as number) * Math.PI) / 180);
  const b = (c as number) * Math.sin(((h as number) * Math.PI) / 180);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const lin = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  const gamma = (x: number) => (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055);
  return lin.map((x) => Math.round(Math.min(1, Math.max(0, gamma(x))) * 255));
}

describe('the print palette', () => {
  it('is the light value of its design token, each colour', () => {
    for (const [key, token] of Object.entries(PRINT_TOKENS)) {
      const want = rgbOf(lightValue(token));
      const have = rgbOf(PRINT_PALETTE[key as keyof typeof PRINT_PALETTE]);
      for (const [i, v] of want.entries()) expect(Math.abs((have[i] ?? 0) - v), `${key} (${token})`).toBeLessThanOrEqual(2);
    }
  });

  it('prints the default accent as the light mode does, and a courier’s own when it reads on white', () => {
    expect(printAccent(null)).toBe(lightValue('--accent-l'));
    expect(printAccent('#0b6e4f')).toBe('#0b6e4f');
  });

  it('marks a courier without a logo by its initials', () => {
    expect(initialsOf('Jamaica Express Post')).toBe('JE');
    expect(initialsOf('zoom')).toBe('Z');
    expect(initialsOf('  ')).toBe('C');
  });
});
