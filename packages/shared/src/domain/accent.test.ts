import { describe, expect, it } from 'vitest';
import { ACCENT_MIN_CONTRAST, ACCENT_SURFACES, DEFAULT_ACCENT, accentNotice, accentOn, accentPair, contrastRatio } from './accent';

describe('contrast ratio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#767676', '#ffffff', 4.54],
    ['#0000ff', '#ffffff', 8.59],
  ])('%s on %s is %s:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 1);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 1);
  });
});

describe('a courier accent on each surface', () => {
  it('keeps a colour that already reaches 4.5:1', () => {
    expect(accentOn('#124A7D', 'light')).toBe('#124a7d');
    expect(accentOn('#fbbf24', 'dark')).toBe('#fbbf24');
  });

  it.each([
    ['#fbbf24', 'light'],
    ['#7dd3fc', 'light'],
    ['#ffffff', 'light'],
    ['#124a7d', 'dark'],
    ['#000000', 'dark'],
    ['#be185d', 'dark'],
  ] as const)('shades %s on the %s surface until text reaches 4.5:1', (colour, surface) => {
    const shade = accentOn(colour, surface);
    expect(shade).not.toBe(colour);
    expect(contrastRatio(shade, ACCENT_SURFACES[surface])).toBeGreaterThanOrEqual(ACCENT_MIN_CONTRAST);
    // Darker on the light surface, lighter on the dark one.
    const lighter = contrastRatio(shade, '#000000') > contrastRatio(colour, '#000000');
    expect(lighter).toBe(surface === 'dark');
  });

  it('gives both modes, and the default for no colour or a malformed one', () => {
    expect(accentPair('#fbbf24')).toMatchObject({ dark: '#fbbf24', shadedDark: false, shadedLight: true });
    expect(accentPair(null).light).toBe(DEFAULT_ACCENT);
    expect(accentPair('blue')).toEqual(accentPair(DEFAULT_ACCENT));
  });

  it('says which mode shades the colour (no colour reaches 4.5:1 on both white and the dark surface)', () => {
    expect(accentNotice('#fbbf24')).toMatch(
      /^This colour is too light for text on a light background: the light mode uses #[0-9a-f]{6}\.$/,
    );
    expect(accentNotice('#124a7d')).toMatch(/too dark for text on a dark background: the dark mode uses #[0-9a-f]{6}/);
    expect(accentNotice('#be123c')).toMatch(/dark mode uses/);
    expect(accentNotice('#be123c')).not.toMatch(/light mode/);
    expect(accentNotice('e11d48')).toBeNull();
  });
});
