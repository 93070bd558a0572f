import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from './arbitraries';
import { POLICY, isAllowed } from './policy';
import { type ApiRoute, apiRoutes, fillParams, readOperations } from './routes';
import { MATRIX_ROLES, type SecurityWorld, buildSecurityWorld } from './world';

/**
 * `sort=__proto__` on the list endpoints, impossible dates (2026-13-01,
 * 2026-02-30) and far ones (9999-12-31) answered 5xx. Every GET route of the OpenAPI document
 * with a sort, filters or date parameter gets them, as a caller it lets in: a 400 with our
 * message (or, for an unknown sort or filter field, ignored), never a 5xx, never a schema's raw text.
 */

const BAD_SORTS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'nope'];
const BAD_FILTERS = ['{"__proto__":"x"}', '{"constructor":"x"}', '{"toString":"1"}'];
const BAD_DATES = ['2026-13-01', '2026-02-30', '2026-00-10', '2026-04-31', '9999-12-31', '0000-01-01', '2026-1-1', 'yesterday'];
/** Zod's own wording, which must never reach a caller. */
const RAW_ZOD = /^(Invalid input|Invalid ISO|Invalid string|Too (big|small)|Expected)/;

interface Case {
  route: ApiRoute;
  param: string;
  values: string[];
  /** The route's other date parameters, sent with a good date so only `param` is wrong. */
  otherDates: string[];
}

let w: SecurityWorld;
beforeAll(async () => {
  w = await buildSecurityWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

function isDateParam(name: string, schema: JsonSchema & { format?: string; pattern?: string }): boolean {
  return schema.format === 'date' || /\\d\{4\}-/.test(schema.pattern ?? '') || /(^date$|Date$|^from$|^to$|From$|To$)/.test(name);
}

function cases(): Case[] {
  const operations = readOperations(w.t.app);
  const found: Case[] = [];
  for (const route of apiRoutes(w.t.app)) {
    if (route.method !== 'GET') continue;
    const query = operations.get(route.key)?.query ?? {};
    const dates = Object.entries(query)
      .filter(([param, schema]) => isDateParam(param, schema as JsonSchema & { format?: string; pattern?: string }))
      .map(([param]) => param);
    for (const param of Object.keys(query)) {
      const otherDates = dates.filter((d) => d !== param);
      if (param === 'sort') found.push({ route, param, values: BAD_SORTS, otherDates });
      else if (param === 'filters') found.push({ route, param, values: BAD_FILTERS, otherDates });
      else if (dates.includes(param)) found.push({ route, param, values: BAD_DATES, otherDates });
    }
  }
  return found;
}

describe('list queries', () => {
  it('answer a bad sort, filter or date with a 400 in our words, never a 5xx', async () => {
    const all = cases();
    const failures: string[] = [];
    let calls = 0;
    for (const { route, param, values, otherDates } of all) {
      const policy = POLICY[route.key];
      if (!policy) continue;
      const role = MATRIX_ROLES.find((r) => r !== 'lacking' && r !== 'anonymous' && isAllowed(policy.access, r)) ?? 'anonymous';
      if (role === 'lacking') continue;
      const base = fillParams(route.url, () => (policy.params ? '1' : 'x'));
      for (const value of values) {
        // The super admin names a courier where a list needs one.
        const courier = role === 'super_admin' ? `&courierId=${w.courierA}` : '';
        const others = otherDates.map((d) => `&${d}=2026-01-31`).join('');
        const res = await w.t.api({
          method: 'GET',
          path: `${base}?${param}=${encodeURIComponent(value)}${courier}${others}`,
          headers: w.headers(role),
        });
        calls++;
        const message: unknown = String(res.headers['content-type']).includes('json') ? res.json().message : undefined;
        const where = `${route.key} ?${param}=${value} as ${role}`;
        // An unknown sort or filter field may be refused or ignored; a bad date is always refused.
        const ignored = param !== 'sort' && param !== 'filters' ? false : res.statusCode === 200;
        if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        else if (ignored) continue;
        else if (res.statusCode !== 400) failures.push(`${where}: expected 400, got ${res.statusCode}`);
        else if (typeof message !== 'string' || RAW_ZOD.test(message)) failures.push(`${where}: message ${JSON.stringify(message)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(all.filter((c) => c.param === 'sort').length).toBeGreaterThan(20);
    expect(all.some((c) => c.values === BAD_DATES)).toBe(true);
    expect(calls).toBeGreaterThan(150);
  }, 300_000);
});
