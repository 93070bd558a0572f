import { ID_OUT_OF_RANGE, ID_TEXT } from '@courier/shared/schemas/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from './arbitraries';
import { POLICY, isAllowed } from './policy';
import { apiRoutes, encodeSegment, fillParams, methodOf, openApiOf } from './routes';
import { MATRIX_ROLES, type SecurityWorld, buildSecurityWorld } from './world';

/**
 * An id in a path or query string has one spelling, digits only. " 1",
 * "0x1", "1e0", "+1" and "01" were read as 1 (fuzzing rotated an api key through one); now every
 * id parameter of the OpenAPI document refuses them with 400 'Not a valid id'.
 */

const MALFORMED = [' 1', '1 ', '0x1', '1e0', '+1', '01', '1.0', '-1', '0', '１', '1_0', ''];

interface OpenApi {
  paths: Record<
    string,
    Record<string, { parameters?: Array<{ in: string; name: string; schema?: JsonSchema & { pattern?: string; enum?: string[] } }> }>
  >;
}

let w: SecurityWorld;
beforeAll(async () => {
  w = await buildSecurityWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

/** Every id parameter of the document: route key, where it goes, its name. */
interface IdParameter {
  key: string;
  at: 'path' | 'query';
  name: string;
  /** A valid value for each other path parameter (an enum's first value, else an id). */
  others: Record<string, string>;
}
function idParameters(): IdParameter[] {
  const doc = openApiOf(w.t.app) as unknown as OpenApi;
  const found: IdParameter[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      for (const p of op.parameters ?? []) {
        if ((p.in === 'path' || p.in === 'query') && /^(id|\w+Id)$/.test(p.name)) {
          const others = Object.fromEntries(
            (op.parameters ?? []).filter((o) => o.in === 'path').map((o) => [o.name, o.schema?.enum?.[0] ?? '1']),
          );
          found.push({ key: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, at: p.in, name: p.name, others });
        }
      }
    }
  }
  return found;
}

describe('ids in paths and query strings', () => {
  it('are all read by the strict id schema (digits only)', () => {
    const doc = openApiOf(w.t.app) as unknown as OpenApi;
    const loose: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const p of op.parameters ?? []) {
          if (/^(id|\w+Id)$/.test(p.name) && p.schema?.pattern !== ID_TEXT.source) loose.push(`${method} ${path} ${p.in}.${p.name}`);
        }
      }
    }
    expect(loose).toEqual([]);
    expect(idParameters().length).toBeGreaterThan(80);
  });

  it("refuse every other spelling with 400 'Not a valid id' on every route", async () => {
    const routes = new Map(apiRoutes(w.t.app).map((r) => [r.key, r]));
    const failures: string[] = [];
    let calls = 0;
    for (const param of idParameters()) {
      const route = routes.get(param.key);
      const policy = POLICY[param.key];
      if (!route || !policy) {
        failures.push(`${param.key}: not in the route table or policy`);
        continue;
      }
      // A caller the route lets in, so validation (which runs after the access guard) is reached.
      const role = MATRIX_ROLES.find((r) => r !== 'lacking' && isAllowed(policy.access, r));
      if (!role || role === 'lacking') continue;
      const headers = w.headers(role);
      for (const bad of MALFORMED) {
        const path = fillParams(route.url, (name) => (name === param.name && param.at === 'path' ? bad : (param.others[name] ?? '1')));
        const url = param.at === 'query' ? `${path}?${param.name}=${encodeSegment(bad)}` : path;
        if (param.at === 'path' && bad === '') continue; // an empty segment is another route
        const res = await w.t.api({
          method: methodOf(route),
          path: url,
          headers,
          payload: route.method === 'GET' ? undefined : {},
        });
        calls++;
        const body = res.json<{ message?: string; fieldErrors?: Record<string, string[]> }>();
        // Fastify validates the body before the query string: on a route with a body, the empty one
        // sent here is refused first, and the query's schema is proven by the pattern test above.
        const queryAfterBody = param.at === 'query' && route.method !== 'GET';
        if (res.statusCode !== 400 || (!queryAfterBody && !body.fieldErrors?.[param.name]?.includes(ID_OUT_OF_RANGE))) {
          failures.push(
            `${param.key} ${param.at}.${param.name}=${JSON.stringify(bad)} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(500);
  }, 300_000);

  it('still read the digits-only spelling', async () => {
    const ok = await w.t.api({ method: 'GET', url: `/staff/${w.people.staff}`, headers: w.headers('courier_admin') });
    expect(ok.statusCode).toBe(200);
    const padded = await w.t.api({ method: 'GET', url: `/staff/0${w.people.staff}`, headers: w.headers('courier_admin') });
    expect(padded.statusCode).toBe(400);
    expect(padded.json().message).toBe(ID_OUT_OF_RANGE);
  });
});
