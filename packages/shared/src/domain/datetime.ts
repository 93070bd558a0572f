/**
 * Dates and times as a courier's people read them: always in the courier's own time zone (a
 * courier setting, America/Jamaica by default), never the server's or UTC. One formatter for
 * receipts, invoices, e-mails and screens.
 */
export const DEFAULT_TIME_ZONE = 'America/Jamaica';

/** True for an IANA time zone name this runtime knows (e.g. America/Jamaica). */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
type FormatKind = 'date' | 'dateTime' | 'time' | 'dayMonth' | 'month' | 'weekday';
const FORMAT_OPTIONS: Record<FormatKind, Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  time: { hour: 'numeric', minute: '2-digit' },
  dayMonth: { month: 'short', day: 'numeric' },
  month: { year: 'numeric', month: 'short' },
  weekday: { weekday: 'long', year: 'numeric', month: 'short', day: 'numeric' },
};
function formatter(zone: string, kind: FormatKind): Intl.DateTimeFormat {
  const key = `${zone}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...FORMAT_OPTIONS[kind] });
    formatters.set(key, f);
  }
  return f;
}

const toDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/** "Jan 31, 2026, 2:05 PM EST" in the courier's zone. */
export function formatDateTime(value: Date | string, zone: string = DEFAULT_TIME_ZONE): string {
  return formatter(zone, 'dateTime').format(toDate(value));
}

/** "Jan 31, 2026" in the courier's zone. */
export function formatDate(value: Date | string, zone: string = DEFAULT_TIME_ZONE): string {
  return formatter(zone, 'date').format(toDate(value));
}

/** "2:05 PM" in the courier's zone. */
export function formatTime(value: Date | string, zone: string = DEFAULT_TIME_ZONE): string {
  return formatter(zone, 'time').format(toDate(value));
}

/**
 * A calendar day with no time ('YYYY-MM-DD': a departure date, a report's period) as screens say
 * it: "Nov 23, 2026", or "Nov 23" (`short`), or its month, "Nov 2026" (`month`), or with its day
 * of the week, "Monday, Nov 23, 2026" (`weekday`). A day is the same day everywhere: it is read
 * at noon UTC and said in UTC, so no zone moves it.
 */
export function formatCalendarDay(day: string, style: 'date' | 'short' | 'month' | 'weekday' = 'date'): string {
  return formatter('UTC', style === 'short' ? 'dayMonth' : style).format(new Date(`${day}T12:00:00Z`));
}

/** A calendar day plus n days (n may be negative), as YYYY-MM-DD: counted in UTC, so no zone skips or repeats a day. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the courier's zone. */
export function dayInZone(value: Date | string, zone: string = DEFAULT_TIME_ZONE): string {
  const parts = zoneFormatter(zone).formatToParts(toDate(value));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month').padStart(2, '0')}-${get('day').padStart(2, '0')}`;
}

/** One formatter per zone: making one costs far more than using it (an import reads thousands of dates). */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let f = zoneFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormatters.set(zone, f);
  }
  return f;
}

/** Minutes the zone is ahead of UTC at an instant (negative west of Greenwich). */
function offsetMinutes(instant: Date, zone: string): number {
  const parts = zoneFormatter(zone).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * An instant as ISO 8601 with the zone's offset at that instant, to the second: the one way CSV
 * exports write a date and time ("2026-11-23T09:15:00-05:00"; "+00:00" for UTC).
 */
export function isoInZone(value: Date | string, zone: string = DEFAULT_TIME_ZONE): string {
  const instant = toDate(value);
  const offset = offsetMinutes(instant, zone);
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** A nullable instant for a CSV cell: ISO 8601 with the zone's offset, or an empty cell. */
export const csvDateTime = (value: Date | string | null | undefined, zone: string = DEFAULT_TIME_ZONE): string =>
  value === null || value === undefined || value === '' ? '' : isoInZone(value, zone);

/** The instant a calendar day (YYYY-MM-DD) starts in the zone, and the next day's start. */
export function dayBoundsInZone(day: string, zone: string = DEFAULT_TIME_ZONE): { start: Date; end: Date } {
  const startOf = (d: string) => {
    const midnightUtc = new Date(`${d}T00:00:00.000Z`);
    // Twice: the offset at local midnight can differ from the offset at UTC midnight (DST days).
    const guess = new Date(midnightUtc.getTime() - offsetMinutes(midnightUtc, zone) * 60_000);
    return new Date(midnightUtc.getTime() - offsetMinutes(guess, zone) * 60_000);
  };
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { start: startOf(day), end: startOf(next.toISOString().slice(0, 10)) };
}
