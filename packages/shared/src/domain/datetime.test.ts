import { describe, expect, it } from 'vitest';
import { dayBoundsInZone, dayInZone, formatDate, formatDateTime, isValidTimeZone } from './datetime';

describe('dates in the courier time zone', () => {
  it.each([
    ['2026-01-31T19:05:00Z', 'America/Jamaica', 'Jan 31, 2026, 2:05 PM EST'],
    ['2026-02-01T03:30:00Z', 'America/Jamaica', 'Jan 31, 2026, 10:30 PM EST'],
    ['2026-07-01T12:00:00Z', 'America/New_York', 'Jul 1, 2026, 8:00 AM EDT'],
    ['2026-07-01T12:00:00Z', 'UTC', 'Jul 1, 2026, 12:00 PM UTC'],
  ])('formats %s in %s as %s', (iso, zone, expected) => {
    expect(formatDateTime(iso, zone)).toBe(expected);
  });

  it('takes the day where the courier is, not in UTC', () => {
    expect(formatDate('2026-02-01T03:30:00Z', 'America/Jamaica')).toBe('Jan 31, 2026');
    expect(dayInZone('2026-02-01T03:30:00Z', 'America/Jamaica')).toBe('2026-01-31');
  });

  it.each([
    ['2026-01-31', 'America/Jamaica', '2026-01-31T05:00:00.000Z', '2026-02-01T05:00:00.000Z'],
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
    ['2026-06-15', 'UTC', '2026-06-15T00:00:00.000Z', '2026-06-16T00:00:00.000Z'],
  ])('bounds the day %s in %s', (day, zone, start, end) => {
    const b = dayBoundsInZone(day, zone);
    expect([b.start.toISOString(), b.end.toISOString()]).toEqual([start, end]);
  });

  it.each([
    ['America/Jamaica', true],
    ['Europe/London', true],
    ['Mars/Olympus', false],
    ['', false],
  ])('validates the zone %s', (zone, ok) => {
    expect(isValidTimeZone(zone)).toBe(ok);
  });
});
