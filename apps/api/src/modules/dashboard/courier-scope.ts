import { type AnyColumn, type SQL, eq, sql } from 'drizzle-orm';
import { couriers } from '../../db/schema/couriers';

/**
 * The rows of one courier, or of every courier (null). Every courier is the list of couriers rather
 * than no condition: PostgreSQL then searches an index led by courier_id courier by courier, for
 * this month's (or the ready) rows alone, where it would read the whole table (it has no skip
 * scan). Each row has a courier (NOT NULL, a foreign key), so the rows are the same.
 */
export function ofCourier(column: AnyColumn, courierId: number | null): SQL {
  return courierId === null ? sql`${column} = any(array(select ${couriers.id} from ${couriers}))` : eq(column, courierId);
}
