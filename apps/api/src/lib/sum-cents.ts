import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * The sum of a cents column as a number, 0 for no rows. PostgreSQL sums integers as bigint: a
 * courier's or the platform's month passes JMD 21.5 million (2^31 cents), so it is never cast
 * back to int; pg answers bigint as text, read here as a number (exact up to 2^53 cents).
 */
export const sumCents = (column: SQL | AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
