import { type SQL, eq, sql } from 'drizzle-orm';
import type { PackageStatus } from '@courier/shared/constants/packages';
import type { Db } from '../../db/client';
import { packageStatusCounts } from '../../db/schema/package-status-counts';

/** Past this many rows for a scope, a read folds them into one per courier and status. */
export const FOLD_AFTER_ROWS = 200;

type Rows<T> = { rows: T[] };

/**
 * Packages by status of one courier (every courier: null), voided ones included, from the counts
 * the triggers on `packages` keep (migration 0071): a read of a few rows, however many packages
 * there are. Statuses without packages are left out.
 */
export async function packageStatusCountsOf(db: Db, courierId: number | null): Promise<Array<{ status: PackageStatus; n: number }>> {
  const scope: SQL = courierId === null ? sql`true` : eq(packageStatusCounts.courierId, courierId);
  const result = (await db.execute(sql`
    select ${packageStatusCounts.status} as status, sum(${packageStatusCounts.n})::int as n, count(*)::int as "rowCount"
    from ${packageStatusCounts} where ${scope} group by ${packageStatusCounts.status}`)) as unknown as Rows<{
    status: PackageStatus;
    n: number;
    rowCount: number;
  }>;
  if (result.rows.reduce((sum, r) => sum + r.rowCount, 0) > FOLD_AFTER_ROWS) await foldStatusCounts(db, scope);
  return result.rows.filter((r) => r.n !== 0).map(({ status, n }) => ({ status, n }));
}

/**
 * Replaces the scope's rows by their sums, in one statement. A row added meanwhile is not in the
 * statement's snapshot and stays; two folds at once each delete and re-add only the rows they
 * took, so a sum is never lost nor counted twice.
 */
export async function foldStatusCounts(db: Db, scope: SQL = sql`true`): Promise<void> {
  await db.execute(sql`
    with taken as (delete from ${packageStatusCounts} where ${scope} returning courier_id, status, n)
    insert into ${packageStatusCounts} (courier_id, status, n)
    select courier_id, status, sum(n)::int from taken group by courier_id, status having sum(n) <> 0`);
}
