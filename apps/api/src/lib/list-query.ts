import { toCents } from '@courier/shared/format/money';
import { type AnyColumn, type SQL, and, asc, desc, ilike, or, sql } from 'drizzle-orm';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import { AppError } from './errors';
import { ListExport, exportBatches } from './list-csv';

type Expr = AnyColumn | SQL;

/** How many rows past the current page a bounded list count reads (see `listPage`). */
export const LIST_COUNT_WINDOW = 1_000;

/**
 * How a filter value is matched:
 * - `text`: case-insensitive substring;
 * - `exact`: case-insensitive equality on the text value (parish, branch name, ...);
 * - `oneOf`: one of a fixed set of values (a status, a mode): matched case-insensitively against
 *   `values`, then compared to the column as it is, so an index on the column is used;
 * - `boolean`: 'true'/'false' (also 'active'/'inactive', 'yes'/'no');
 * - `number`: equality on a number;
 * - `cents`: the person types money (12.50), the column holds integer cents.
 */
export type FilterKind = 'text' | 'exact' | 'oneOf' | 'boolean' | 'number' | 'cents';

export interface FilterRule {
  column: Expr;
  kind: FilterKind;
  /** The allowed values of a `oneOf` filter. */
  values?: readonly string[];
}

export interface ListSpec {
  /** Field name as the DataTable sends it -> the column or expression to sort by. */
  sortable: Record<string, Expr>;
  /** Columns matched by the search box (case-insensitive substring, any of them). */
  searchable: Expr[];
  /** Field name -> column and matching rule. */
  filterable: Record<string, FilterRule>;
  /** Order when the caller names none; an id tie-breaker keeps paging stable. */
  defaultSort: { column: Expr; order: 'asc' | 'desc' };
  /** A unique column appended to every ORDER BY so equal keys never shuffle between pages. */
  tieBreaker: Expr;
}

export interface ListClauses {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/** `%`, `_` and `\` are LIKE wildcards; a search for "10%" means the text "10%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterCondition(field: string, value: string, rule: FilterRule): SQL | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  switch (rule.kind) {
    case 'text':
      return ilike(sql`${rule.column}::text`, likePattern(trimmed));
    case 'exact':
      return sql`lower(${rule.column}::text) = lower(${trimmed})`;
    case 'oneOf': {
      const known = rule.values?.find((v) => v.toLowerCase() === trimmed.toLowerCase());
      // A value outside the set matches nothing, as an exact filter would.
      return known === undefined ? sql`false` : sql`${rule.column} = ${known}`;
    }
    case 'boolean': {
      const truthy = ['true', 'active', 'yes', '1'].includes(trimmed.toLowerCase());
      const falsy = ['false', 'inactive', 'no', '0'].includes(trimmed.toLowerCase());
      if (!truthy && !falsy) throw new AppError('bad_request', `Filter ${field} must be true or false`);
      return sql`${rule.column} = ${truthy}`;
    }
    case 'number':
    case 'cents': {
      const n = Number(trimmed);
      if (!Number.isFinite(n)) throw new AppError('bad_request', `Filter ${field} must be a number`);
      return sql`${rule.column} = ${rule.kind === 'cents' ? toCents(n) : n}`;
    }
  }
}

/**
 * Turns the DataTable's query (page, limit, search, sort, order, filters) into SQL pieces.
 * Only whitelisted fields are used: an unknown sort or filter field is a 400, never raw SQL.
 * `scope` holds the conditions the caller must always apply (courier, account type, ...).
 */
export function listClauses(query: ListQuery, spec: ListSpec, scope: Array<SQL | undefined> = []): ListClauses {
  const conditions: Array<SQL | undefined> = [...scope];
  if (query.search && spec.searchable.length > 0) {
    const pattern = likePattern(query.search);
    conditions.push(or(...spec.searchable.map((column) => ilike(sql`${column}::text`, pattern))));
  }
  for (const [field, value] of Object.entries(query.filters ?? {})) {
    // Own keys only: `__proto__`, `constructor` and the like are not fields (they were a 500).
    const rule = Object.hasOwn(spec.filterable, field) ? spec.filterable[field] : undefined;
    if (!rule) throw new AppError('bad_request', `Cannot filter by ${field}`);
    conditions.push(filterCondition(field, value, rule));
  }

  let orderBy: SQL[];
  if (query.sort) {
    const column = Object.hasOwn(spec.sortable, query.sort) ? spec.sortable[query.sort] : undefined;
    if (!column) throw new AppError('bad_request', `Cannot sort by ${query.sort}`);
    orderBy = [query.order === 'desc' ? desc(column) : asc(column)];
  } else {
    orderBy = [spec.defaultSort.order === 'desc' ? desc(spec.defaultSort.column) : asc(spec.defaultSort.column)];
  }
  orderBy.push(asc(spec.tieBreaker));

  return {
    where: and(...conditions.filter((c): c is SQL => c !== undefined)),
    orderBy,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
}

/**
 * Runs the page query and the count together and shapes the answer every list returns.
 * The caller builds both queries from the same clauses so they always agree.
 *
 * `countWindow` bounds the count for very large tables: counting every match costs a scan of the
 * whole slice (hundreds of ms at a million rows), while a page needs only to know what lies a
 * little ahead. With a window the count stops at `offset + countWindow` rows; when more match,
 * `total` is that bound and `totalCapped` says so ("1,050+"). Paging on widens the window.
 */
export async function listPage<T>(
  query: ListQuery,
  clauses: ListClauses,
  run: {
    rows: (c: ListClauses) => Promise<T[]>;
    /** The rows `?format=csv` streams when they have more fields than the page (default: `rows`). */
    exportRows?: (c: ListClauses) => Promise<unknown[]>;
    /** Counts the rows matching `where`, reading at most `atMost` of them when it is given. */
    count: (where: SQL | undefined, atMost?: number) => Promise<number>;
    countWindow?: number;
  },
): Promise<Page<T>> {
  // `?format=csv`: every matching row in the same order, streamed as CSV by the onSend hook.
  if (query.format === 'csv') return new ListExport(exportBatches(clauses, run.exportRows ?? run.rows)) as unknown as Page<T>;
  const cap = run.countWindow === undefined ? undefined : clauses.offset + run.countWindow;
  const [data, counted] = await Promise.all([run.rows(clauses), run.count(clauses.where, cap === undefined ? undefined : cap + 1)]);
  const page = { data, page: query.page, limit: query.limit };
  if (cap !== undefined && counted > cap) return { ...page, total: cap, totalCapped: true };
  return { ...page, total: counted };
}

/**
 * A list's rows with `fn` applied: to the page's data, or, for `?format=csv`, to each batch as it
 * streams (an export has no `data` to map).
 */
export function mapPage<T, U>(page: Page<T>, fn: (row: T) => U): Page<U> {
  if ((page as unknown) instanceof ListExport) {
    const exported = page as unknown as ListExport<T>;
    return new ListExport(async function* () {
      for await (const batch of exported.batches()) yield batch.map(fn);
    }) as unknown as Page<U>;
  }
  return { ...page, data: page.data.map(fn) };
}
