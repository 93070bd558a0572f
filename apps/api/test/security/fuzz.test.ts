import fc from 'fast-check';
import { API_MESSAGES } from '@courier/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NASTY_NUMBERS, NASTY_STRINGS, bodyText, queryText } from './arbitraries';
import { POLICY, isAllowed, isPublicAccess } from './policy';
import { type ApiRoute, type Operation, apiRoutes, fillParams, hasBody, methodOf, paramNames, readOperations } from './routes';
import { type SecurityWorld, MARKER, buildSecurityWorld } from './world';

/**
 * Property-based fuzzing of every API route's body, query and path parameters, as a signed-in
 * person of courier A (the courier admin where the route allows, else the customer; the super
 * admin for platform routes; nobody for public ones). Whatever the input: never a 5xx, every
 * 4xx is JSON with a message, and nothing of courier B shows.
 *
 * 40 runs per route (about 7,500 inputs over the ~188 routes) with a fixed seed: each run draws a
 * body, a query and the path parameters together, so every route sees each kind of input (nasty
 * value, dropped or unknown field, arbitrary JSON, prototype keys, broken JSON) several times, the
 * file stays near 30 s on PGlite, and a failure replays exactly. To explore further than CI does:
 * FUZZ_SEED=<n> FUZZ_RUNS=<n> npx vitest run apps/api/test/security/fuzz.test.ts
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);

/** Routes not fuzzed, and why. */
const NOT_FUZZED: Record<string, string> = {
  // It spends the caller's token and takes no input; the token suite covers it.
  'POST /api/auth/logout': 'spends the token',
};

const SESSION_LOST: unknown[] = [API_MESSAGES.unauthenticated, API_MESSAGES.invalidToken];

/**
 * The PowerTranz simulator answers in the processor's own protocol (its JSON errors, the bank's
 * HTML page), not ours: it is held to no 5xx and no leak, not to our `{ message }`.
 */
const OUTSIDE_PROTOCOL = (key: string) => key.startsWith('POST /api/dev/powertranz/') || key === 'GET /api/dev/powertranz/api/alive';

/** Routes whose answer may name courier B by design (public lookups by B's own id). */
const MAY_SHOW_OTHER_COURIER = new Set(['GET /api/branches/public/:courierId']);

let w: SecurityWorld;
let routes: ApiRoute[];
let operations: Map<string, Operation>;
let inputs = 0;

beforeAll(async () => {
  w = await buildSecurityWorld();
  routes = apiRoutes(w.t.app);
  operations = readOperations(w.t.app);
});
afterAll(async () => w?.t.close());

/**
 * Path parameter values: courier B's real ids, ids that exist nowhere, and strings no id parser
 * expects. Ids that equal courier A's own courier or people are left out: suspending courier A or
 * deactivating its customer is within an admin's rights, and would sign out the callers every
 * later route is fuzzed as.
 */
function paramValue(): fc.Arbitrary<string> {
  const spare = new Set(w.callerIds);
  const ids = [...new Set(Object.values(w.other))].filter((v) => !spare.has(v));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS.map(String), '999999', '2147483648', '9223372036854775808') },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length < 200)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  );
}

type Caller = 'anonymous' | 'courier_admin' | 'customer' | 'super_admin';
function callerOf(route: ApiRoute): Caller {
  const access = POLICY[route.key]?.access;
  if (!access) throw new Error(`no policy for ${route.key}`);
  if (isPublicAccess(access)) return 'anonymous';
  if (isAllowed(access, 'courier_admin')) return 'courier_admin';
  if (isAllowed(access, 'customer')) return 'customer';
  return 'super_admin';
}

describe('fuzzing every route', () => {
  it('found the routes and their schemas', () => {
    expect(routes.length).toBeGreaterThan(150);
    const withBody = routes.filter((r) => operations.get(r.key)?.body);
    expect(withBody.length).toBeGreaterThan(50);
  });

  it('fuzzes every route but the listed few', () => {
    // Runs after the per-route tests have been declared: each route has one below.
    expect(Object.keys(NOT_FUZZED).every((k) => routes.some((r) => r.key === k))).toBe(true);
  });

  // Declared from the policy table (the access matrix proves it equals the route table).
  for (const key of Object.keys(POLICY)) {
    if (NOT_FUZZED[key]) continue;
    it(`${key}: no 5xx, a JSON message on every 4xx, nothing of courier B`, async () => {
      const route = routes.find((r) => r.key === key);
      if (!route) throw new Error(`${key} is not in the route table`);
      const op = operations.get(key) ?? { query: {} };
      const caller = callerOf(route);
      const headers = w.headers(caller);
      const names = paramNames(route.url);
      const checkLeak = caller !== 'super_admin' && !MAY_SHOW_OTHER_COURIER.has(key);
      const input = fc.record({
        params: fc.tuple(...names.map(() => paramValue())),
        query: queryText(op.query),
        body: hasBody(route) ? bodyText(op.body) : fc.constant(undefined),
      });

      await fc.assert(
        fc.asyncProperty(input, async ({ params, query, body }) => {
          inputs++;
          const path = fillParams(route.url, (name) => params[names.indexOf(name)] ?? '');
          const res = await w.t.api({
            method: methodOf(route),
            path: query ? `${path}?${query}` : path,
            headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            payload: body,
          });
          const what = `${key} ${path}?${query} body=${body?.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode >= 400 && !OUTSIDE_PROTOCOL(key)) {
            const parsed = JSON.parse(res.body) as { message?: unknown };
            expect(typeof parsed.message, what).toBe('string');
            expect(String(parsed.message).length, what).toBeGreaterThan(0);
            // A signed-in caller must stay signed in: losing the session means the fuzz locked
            // itself out and the later inputs would test nothing. (A wrong current password is a 401 by spec.)
            if (caller !== 'anonymous') expect(SESSION_LOST, what).not.toContain(parsed.message);
          }
          if (checkLeak) expect(res.body.includes(MARKER), `courier B's data in ${what}`).toBe(false);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
    });
  }

  it('left the prototypes clean and the callers signed in', async () => {
    expect(inputs).toBeGreaterThanOrEqual((Object.keys(POLICY).length - Object.keys(NOT_FUZZED).length) * RUNS_PER_ROUTE);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    for (const caller of ['courier_admin', 'customer'] as const) {
      const url = caller === 'customer' ? '/api/customers/profile' : '/api/auth/profile';
      const res = await w.t.api({ method: 'GET', path: url, headers: w.headers(caller) });
      expect(res.statusCode, caller).toBe(200);
    }
  });
});
