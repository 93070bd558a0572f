import { describe, expect, it } from 'vitest';
import { countTicks, leanCategoryLabels } from './chart-axis';

const STATUSES = ['Received', 'In Transit', 'At Customs', 'Ready for Pickup', 'Delivered'];

describe('leanCategoryLabels', () => {
  it('leans five package statuses on a phone (a 327 px chart) but not on a wide card (800 px)', () => {
    expect(leanCategoryLabels(STATUSES, 327)).toBe(true);
    expect(leanCategoryLabels(STATUSES, 800)).toBe(false);
  });

  it('keeps short labels level even when many share a narrow chart', () => {
    expect(leanCategoryLabels(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], 400)).toBe(false);
  });

  it('before the chart is measured, leans only more than five categories', () => {
    expect(leanCategoryLabels(STATUSES, 0)).toBe(false);
    expect(leanCategoryLabels([...STATUSES, 'Unknown'], 0)).toBe(true);
    expect(leanCategoryLabels([], 300)).toBe(false);
  });
});

describe('countTicks', () => {
  it('counts in ones up to small maxima, with no step skipped', () => {
    expect(countTicks(2)).toEqual([0, 1, 2]);
    expect(countTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(0)).toEqual([0, 1]);
  });

  it('takes round steps for larger counts, the top at or above the maximum', () => {
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(countTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });
});
