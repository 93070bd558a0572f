import { describe, expect, it } from 'vitest';
import { formatWeight } from './weight';

describe('formatWeight', () => {
  it.each([
    [0, '0.00'],
    [1, '1.00'],
    [12.5, '12.50'],
    [3.25, '3.25'],
    ['7.4', '7.40'],
    ['120.00', '120.00'],
  ])('%j lb is %s', (lb, text) => {
    expect(formatWeight(lb)).toBe(text);
  });
});
