import { describe, expect, it } from 'vitest';
import { monthStartInZone } from './figures.section';

/** "This month" on the dashboard starts where the courier keeps its books (it was fixed to Jamaica). */
describe('monthStartInZone', () => {
  it.each([
    ['America/Jamaica', '2026-03-01T03:00:00Z', '2026-02-01T05:00:00.000Z'],
    ['America/New_York', '2026-04-15T12:00:00Z', '2026-04-01T04:00:00.000Z'],
    ['America/New_York', '2026-01-15T12:00:00Z', '2026-01-01T05:00:00.000Z'],
    ['Pacific/Auckland', '2026-03-01T03:00:00Z', '2026-02-28T11:00:00.000Z'],
  ])('%s at %s starts the month at %s', (zone, now, start) => {
    expect(monthStartInZone(zone, new Date(now)).toISOString()).toBe(start);
  });
});
