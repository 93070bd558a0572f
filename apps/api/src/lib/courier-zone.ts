import { type AnyColumn, type SQL, eq, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@courier/shared/domain/datetime';
import type { Db } from '../db/client';
import { couriers } from '../db/schema/couriers';

/** The courier's time zone setting; the platform default (America/Jamaica) without a courier. */
export async function courierTimeZone(db: Db, courierId: number | null): Promise<string> {
  if (courierId === null) return DEFAULT_TIME_ZONE;
  const [row] = await db.select({ timeZone: couriers.timeZone }).from(couriers).where(eq(couriers.id, courierId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * `column at time zone '<zone>'`: the wall-clock time where the courier is. The zone is a literal,
 * not a parameter, so that GROUP BY sees the same expression as the SELECT list (two parameters are
 * two expressions to PostgreSQL); only a valid IANA name gets in (else the platform default), and
 * quotes are doubled anyway.
 */
export function localTimeIn(column: SQL | AnyColumn, zone: string): SQL {
  const checked = isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  return sql`${column} at time zone ${sql.raw(`'${checked.replaceAll("'", "''")}'`)}`;
}

/**
 * A row's `timeZone` (rowTimeZoneSchema): its courier's zone, in a query that joins `couriers`
 * (left joins too: a row of no courier gets the platform default). The default is a literal, so a
 * prepared statement's SQL stays the same text.
 */
export const courierZoneColumn = sql<string>`coalesce(${couriers.timeZone}, ${sql.raw(`'${DEFAULT_TIME_ZONE}'`)})`;
