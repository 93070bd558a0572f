import { sql } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';

/** A customer's full name in SQL (null when both parts are empty), for lists that show and sort by it. */
export const customerNameSql = sql<
  string | null
>`nullif(trim(coalesce(${customers.firstName}, '') || ' ' || coalesce(${customers.lastName}, '')), '')`;
