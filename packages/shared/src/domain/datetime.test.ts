import { describe, expect, it } from 'vitest';
import {
  csvDateTime,
  dayBoundsInZone,
  formatCalendarDay,
  dayInZone,
  formatDate,
  formatDateTime,
  formatTime,
  isValidTimeZone,
  isoInZone,
} from './datetime';

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

// 2026-03-08 07:00Z: New York springs forward (02:00 EST -> 03:00 EDT); Jamaica keeps no DST.
// 2026-11-01 06:00Z: New York falls back (02:00 EDT -> 01:00 EST).
describe('around a daylight-saving change: Jamaica (none) against New York', () => {
  it.each([
    ['2026-03-08T06:30:00Z', 'America/Jamaica', 'Mar 8, 2026, 1:30 AM EST', '1:30 AM'],
    ['2026-03-08T07:30:00Z', 'America/Jamaica', 'Mar 8, 2026, 2:30 AM EST', '2:30 AM'],
    ['2026-03-08T06:30:00Z', 'America/New_York', 'Mar 8, 2026, 1:30 AM EST', '1:30 AM'],
    ['2026-03-08T07:30:00Z', 'America/New_York', 'Mar 8, 2026, 3:30 AM EDT', '3:30 AM'],
    ['2026-11-01T05:30:00Z', 'America/New_York', 'Nov 1, 2026, 1:30 AM EDT', '1:30 AM'],
    ['2026-11-01T06:30:00Z', 'America/New_York', 'Nov 1, 2026, 1:30 AM EST', '1:30 AM'],
    ['2026-11-01T06:30:00Z', 'America/Jamaica', 'Nov 1, 2026, 1:30 AM EST', '1:30 AM'],
  ])('%s in %s reads %s', (iso, zone, dateTime, time) => {
    expect(formatDateTime(iso, zone)).toBe(dateTime);
    expect(formatTime(iso, zone)).toBe(time);
  });

  it("puts a late-evening instant on the zone's own day", () => {
    // 2026-07-01 03:30Z is 22:30 on Jun 30 in Jamaica (UTC-5) but 23:30 on Jun 30 in New York (UTC-4).
    expect(formatDate('2026-07-01T03:30:00Z', 'America/Jamaica')).toBe('Jun 30, 2026');
    expect(formatDate('2026-07-01T04:30:00Z', 'America/Jamaica')).toBe('Jun 30, 2026');
    expect(formatDate('2026-07-01T04:30:00Z', 'America/New_York')).toBe('Jul 1, 2026');
  });
});

describe('ISO 8601 with the courier offset (CSV exports)', () => {
  it.each([
    ['2026-11-23T14:15:00Z', 'America/Jamaica', '2026-11-23T09:15:00-05:00'],
    ['2026-07-01T14:15:00Z', 'America/Jamaica', '2026-07-01T09:15:00-05:00'],
    ['2026-11-23T14:15:00Z', 'America/New_York', '2026-11-23T09:15:00-05:00'],
    ['2026-07-01T14:15:00Z', 'America/New_York', '2026-07-01T10:15:00-04:00'],
    // Either side of the spring-forward instant.
    ['2026-03-08T06:59:59Z', 'America/New_York', '2026-03-08T01:59:59-05:00'],
    ['2026-03-08T07:00:00Z', 'America/New_York', '2026-03-08T03:00:00-04:00'],
    // The repeated hour of the fall-back: the same wall time, two offsets.
    ['2026-11-01T05:30:00Z', 'America/New_York', '2026-11-01T01:30:00-04:00'],
    ['2026-11-01T06:30:00Z', 'America/New_York', '2026-11-01T01:30:00-05:00'],
    ['2026-01-31T23:45:30.900Z', 'UTC', '2026-01-31T23:45:30+00:00'],
    ['2026-01-31T23:45:00Z', 'Asia/Kolkata', '2026-02-01T05:15:00+05:30'],
  ])('%s in %s is %s', (iso, zone, expected) => {
    expect(isoInZone(iso, zone)).toBe(expected);
    // The text names the same instant, to the second.
    expect(new Date(expected).getTime()).toBe(Math.floor(new Date(iso).getTime() / 1000) * 1000);
  });

  it('leaves an empty cell for a missing date and defaults to Jamaica', () => {
    expect(csvDateTime(null)).toBe('');
    expect(csvDateTime(undefined, 'America/New_York')).toBe('');
    expect(csvDateTime(new Date('2026-11-23T14:15:00Z'))).toBe('2026-11-23T09:15:00-05:00');
  });
});

describe('formatCalendarDay', () => {
  it('says a calendar day in full, short for an axis, or as its month, whatever the zone of the machine', () => {
    expect(formatCalendarDay('2026-11-24')).toBe('Nov 24, 2026');
    expect(formatCalendarDay('2026-11-24', 'short')).toBe('Nov 24');
    expect(formatCalendarDay('2026-11-01', 'month')).toBe('Nov 2026');
    expect(formatCalendarDay('2026-11-30', 'weekday')).toBe('Monday, Nov 30, 2026');
    // The first and last days of a year stay themselves (read at noon UTC, said in UTC).
    expect(formatCalendarDay('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatCalendarDay('2026-12-31', 'short')).toBe('Dec 31');
  });
});
