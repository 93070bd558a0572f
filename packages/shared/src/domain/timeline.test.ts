import { describe, expect, it } from 'vitest';
import { newestFirst } from './timeline';

describe('newestFirst', () => {
  it('puts the latest step first, whatever order the steps came in', () => {
    const steps = [
      { label: 'At Customs', at: '2026-11-25T10:00:00Z' },
      { label: 'Received', at: '2026-11-23T09:00:00Z' },
      { label: 'Ready for Pickup', at: '2026-11-26T08:00:00-05:00' },
      { label: 'In Transit', at: '2026-11-24T12:00:00Z' },
    ];
    expect(newestFirst(steps, (s) => s.at).map((s) => s.label)).toEqual(['Ready for Pickup', 'At Customs', 'In Transit', 'Received']);
    expect(steps[0]?.label).toBe('At Customs');
  });

  it('keeps steps of the same instant in their recorded order, reversed', () => {
    const at = '2026-11-23T09:00:00Z';
    expect(
      newestFirst(
        [
          { n: 1, at },
          { n: 2, at },
          { n: 3, at },
        ],
        (s) => s.at,
      ).map((s) => s.n),
    ).toEqual([3, 2, 1]);
  });
});
