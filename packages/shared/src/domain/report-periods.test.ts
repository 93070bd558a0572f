import { describe, expect, it } from 'vitest';
import { periodStart, reportPeriods } from './report-periods';

describe('report periods', () => {
  it.each([
    ['2026-11-23', 'day', '2026-11-23'],
    ['2026-11-23', 'week', '2026-11-23'], // a Monday
    ['2026-11-29', 'week', '2026-11-23'], // the Sunday after
    ['2026-01-01', 'week', '2025-12-29'], // a Thursday: its Monday is in the year before
    ['2026-11-23', 'month', '2026-11-01'],
  ] as const)('%s by %s starts on %s', (date, granularity, start) => {
    expect(periodStart(date, granularity)).toBe(start);
  });

  it('lists every day, quiet ones included, across a month end and a leap day', () => {
    expect(reportPeriods('2028-02-27', '2028-03-02', 'day')).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
      '2028-03-02',
    ]);
  });

  it('lists the Mondays of the weeks the range touches', () => {
    expect(reportPeriods('2026-11-25', '2026-12-08', 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
  });

  it('lists the months across a year end', () => {
    expect(reportPeriods('2026-11-15', '2027-02-01', 'month')).toEqual(['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
  });

  it('one day is one period', () => {
    expect(reportPeriods('2026-11-23', '2026-11-23', 'day')).toEqual(['2026-11-23']);
  });
});
