import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * One-row, one-column reads (a count, a sum) in one statement, each as a number (sums are bigint,
 * exact up to 2^53 cents); those left undefined are not read.
 */
export async function scalars<K extends string>(db: Db, reads: Record<K, SQLWrapper | undefined>): Promise<Partial<Record<K, number>>> {
  const wanted = (Object.entries(reads) as Array<[K, SQLWrapper | undefined]>).filter((e): e is [K, SQLWrapper] => e[1] !== undefined);
  if (wanted.length === 0) return {};
  const result = (await db.execute(
    sql`select ${sql.join(
      wanted.map(([key, read]) => sql`(${read}) as ${sql.identifier(key)}`),
      sql`, `,
    )}`,
  )) as unknown as { rows: Array<Record<K, string | number | null>> };
  const [row] = result.rows;
  return Object.fromEntries(wanted.map(([key]) => [key, Number(row?.[key] ?? 0)])) as Partial<Record<K, number>>;
}
