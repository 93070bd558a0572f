import { and, asc, eq, gte, isNull, lt, or } from 'drizzle-orm';
import { csvDateTime, dayBoundsInZone, dayInZone } from '@courier/shared/domain/datetime';
import { TIME_MESSAGES, type ClockStatus, type TimeEntry, type Timesheet } from '@courier/shared/schemas/time-tracking';
import type { Db } from '../../db/client';
import { timeEntries } from '../../db/schema/time-entries';
import { users } from '../../db/schema/users';
import { courierScope, ownCourier } from '../../lib/courier-scope';
import { courierTimeZone } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { type CsvCell, toCsv } from '../../lib/csv';

/** A day runs midnight to midnight in the courier's time zone (a courier setting). */
const dayStart = (date: string, zone: string): Date => dayBoundsInZone(date, zone).start;
const nextDayStart = (date: string, zone: string): Date => dayBoundsInZone(date, zone).end;

function minutesBetween(start: Date, end: Date | null, now: Date): number {
  return Math.max(0, Math.floor(((end ?? now).getTime() - start.getTime()) / 60_000));
}

function toEntry(row: typeof timeEntries.$inferSelect, now: Date): TimeEntry {
  return {
    id: row.id,
    userId: row.userId,
    clockIn: row.clockIn.toISOString(),
    clockOut: row.clockOut?.toISOString() ?? null,
    minutes: minutesBetween(row.clockIn, row.clockOut, now),
  };
}

export async function clockStatus(db: Db, user: AuthUser, now = new Date()): Promise<ClockStatus> {
  const courierId = ownCourier(user);
  const zone = await courierTimeZone(db, courierId);
  const today = dayInZone(now, zone);
  const rows = await db
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.courierId, courierId),
        eq(timeEntries.userId, user.id),
        or(gte(timeEntries.clockIn, dayStart(today, zone)), isNull(timeEntries.clockOut)),
      ),
    );
  const open = rows.find((r) => r.clockOut === null);
  const midnight = dayStart(today, zone).getTime();
  const todayMinutes = rows.reduce((sum, r) => sum + minutesBetween(new Date(Math.max(midnight, r.clockIn.getTime())), r.clockOut, now), 0);
  return { open: open ? toEntry(open, now) : null, todayMinutes };
}

export async function clockIn(db: Db, user: AuthUser): Promise<ClockStatus> {
  const courierId = ownCourier(user);
  // The partial unique index (one open shift per person) settles a double click or two tabs.
  const inserted = await db
    .insert(timeEntries)
    .values({ courierId, userId: user.id, clockIn: new Date() })
    .onConflictDoNothing()
    .returning({ id: timeEntries.id });
  if (inserted.length === 0) throw new AppError('conflict', TIME_MESSAGES.alreadyIn);
  return clockStatus(db, user);
}

export async function clockOut(db: Db, user: AuthUser): Promise<ClockStatus> {
  const courierId = ownCourier(user);
  const updated = await db
    .update(timeEntries)
    .set({ clockOut: new Date() })
    .where(and(eq(timeEntries.courierId, courierId), eq(timeEntries.userId, user.id), isNull(timeEntries.clockOut)))
    .returning({ id: timeEntries.id });
  if (updated.length === 0) throw new AppError('conflict', TIME_MESSAGES.notIn);
  return clockStatus(db, user);
}

/** Shifts that started in the period (dates in the courier's zone, both ends included), per person, with totals. */
export async function timesheet(
  db: Db,
  user: AuthUser,
  query: { from: string; to: string; userId?: number },
  now = new Date(),
): Promise<Timesheet> {
  const courierId = courierScope(user);
  const zone = await courierTimeZone(db, courierId);
  const rows = await db
    .select({ entry: timeEntries, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(timeEntries)
    .innerJoin(users, eq(users.id, timeEntries.userId))
    .where(
      and(
        eq(timeEntries.courierId, courierId),
        gte(timeEntries.clockIn, dayStart(query.from, zone)),
        lt(timeEntries.clockIn, nextDayStart(query.to, zone)),
        query.userId ? eq(timeEntries.userId, query.userId) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(timeEntries.userId), asc(timeEntries.clockIn));
  const people = new Map<number, Timesheet['people'][number]>();
  for (const r of rows) {
    let person = people.get(r.entry.userId);
    if (!person) {
      person = { userId: r.entry.userId, name: `${r.firstName} ${r.lastName}`, role: r.role, totalMinutes: 0, entries: [] };
      people.set(r.entry.userId, person);
    }
    const entry = toEntry(r.entry, now);
    person.entries.push(entry);
    person.totalMinutes += entry.minutes;
  }
  const list = [...people.values()];
  return { from: query.from, to: query.to, people: list, totalMinutes: list.reduce((s, p) => s + p.totalMinutes, 0) };
}

/** The timesheet as CSV; clock times as ISO 8601 with the courier's offset. */
export function timesheetCsv(sheet: Timesheet, zone: string): Promise<string> {
  const hours = (minutes: number) => (minutes / 60).toFixed(2);
  const rows: CsvCell[][] = [];
  for (const person of sheet.people) {
    for (const e of person.entries) {
      rows.push([person.name, person.role, csvDateTime(e.clockIn, zone), csvDateTime(e.clockOut, zone), e.minutes, hours(e.minutes)]);
    }
    rows.push([`${person.name} total`, person.role, '', '', person.totalMinutes, hours(person.totalMinutes)]);
  }
  rows.push(['All staff total', '', '', '', sheet.totalMinutes, hours(sheet.totalMinutes)]);
  return toCsv(['Name', 'Role', 'Clock in', 'Clock out', 'Minutes', 'Hours'], rows);
}
