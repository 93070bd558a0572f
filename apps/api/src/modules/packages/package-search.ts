import { type SQL, ilike, or, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';
import { likePattern } from '../../lib/list-query';
import { customerNameSql } from './package-rows.service';

/**
 * The trigram index (`packages_search_trgm_idx`, pg_trgm) serves a substring only when the text
 * holds three letters or digits in a row: pg_trgm makes no trigram of a shorter word.
 */
export function searchUsesTrigrams(search: string | undefined): boolean {
  return search !== undefined && /[\p{L}\p{N}]{3}/u.test(search);
}

/**
 * A condition every parcel the list's search box matches also meets, and that indexes serve: one
 * of the parcel's own searched columns (the trigram index), or its customer among those whose
 * mailbox or name matches (the courier's customers, then the (courier, customer) index). The
 * list keeps its own search condition beside it, so the answer is the same; without this a
 * search read every parcel of the courier. Undefined when the index cannot help (a short text).
 */
export function packageSearchPrefilter(search: string | undefined, courierId: number | null): SQL | undefined {
  if (!search || !searchUsesTrigrams(search)) return undefined;
  const pattern = likePattern(search);
  const courier = courierId === null ? sql`true` : sql`${customers.courierId} = ${courierId}`;
  const matchingCustomers = sql`${packages.customerId} = any(array(select ${customers.id} from ${customers}
    where ${courier} and (${customers.mailboxNumber} ilike ${pattern} or ${customerNameSql} ilike ${pattern})))`;
  return or(
    ilike(packages.packageNumber, pattern),
    ilike(packages.trackingNumber, pattern),
    ilike(packages.merchant, pattern),
    ilike(packages.description, pattern),
    matchingCustomers,
  );
}
