import pg from 'pg';

type Query = (...args: unknown[]) => unknown;

const housekeeping = new WeakSet<object>();

/** A client of the test harness itself (cloning the next file's database): its statements are not the app's. */
export function notCounted<C extends object>(client: C): C {
  housekeeping.add(client);
  return client;
}

/**
 * The SQL statements this process sends through the pg driver while `run` runs: every pool and
 * client goes through `Client#query` (a prepared statement's parse, bind and execute is one call).
 * The harness's own clients (`notCounted`) may work meanwhile and are left out; run nothing else.
 */
export async function countStatements<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const original = pg.Client.prototype.query as Query;
  const statements: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [query] = args;
    const text = typeof query === 'string' ? query : String((query as { text?: unknown } | undefined)?.text);
    if (!housekeeping.has(this)) statements.push(text);
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
  try {
    return { result: await run(), statements };
  } finally {
    pg.Client.prototype.query = original as typeof pg.Client.prototype.query;
  }
}
