import { describe, expect, it } from 'vitest';
import { STOP, code128Pattern, code128Values, code128Widths } from './code128';

describe('Code 128 B', () => {
  it('every symbol is 11 modules wide, the stop 13, and all differ', () => {
    const patterns = Array.from({ length: 107 }, (_, i) => code128Pattern(i));
    for (let i = 0; i < 106; i++)
      expect(
        [...(patterns[i] ?? '')].reduce((a, b) => a + Number(b), 0),
        `symbol ${i}`,
      ).toBe(11);
    expect([...code128Pattern(STOP)].reduce((a, b) => a + Number(b), 0)).toBe(13);
    expect(new Set(patterns).size).toBe(107);
  });

  it('encodes a package number with the checksum worked out by hand', () => {
    // P=48 K=43 G=39 -=13 0=16 1=17; (104 + 48 + 2*43 + 3*39 + 4*13 + 5..9*16 + 10*17) mod 103 = 1137 mod 103 = 4
    expect(code128Values('PKG-000001')).toEqual([104, 48, 43, 39, 13, 16, 16, 16, 16, 16, 17, 4, 106]);
  });

  it('starts with Start B and ends with the stop pattern and its final bar', () => {
    const widths = code128Widths('A');
    expect(widths.slice(0, 6).join('')).toBe('211214');
    expect(widths.slice(-7).join('')).toBe('2331112');
    // Start + data + checksum + stop: 11 * 3 + 13 modules.
    expect(widths.reduce((a, b) => a + b, 0)).toBe(46);
  });

  it('refuses what code set B cannot carry', () => {
    expect(() => code128Values('')).toThrow();
    expect(() => code128Values('é')).toThrow();
  });
});
