import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { customers } from '../src/db/schema/customers';
import { users } from '../src/db/schema/users';
import { subjectOf } from '../src/lib/tokens';
import { type Method, type TestApp, bearer, buildTestApp, seedDemoData } from './helper';
import type { JsonSchema } from './security/arbitraries';
import { apiRoutes, fillParams, hasBody, loadOpenApi, readOperations } from './security/routes';

/**
 * Generated from the OpenAPI document: every route's query and JSON body get values of the wrong
 * type (and missing, too long, unknown fields); no answer may carry zod's own English. Each route
 * is called by the first of super admin, courier admin and customer its guard lets through.
 */
const ZOD_WORDS = [/Invalid input/, /\bexpected\b/, /\breceived\b/, /Too big/, /Too small/, /Unrecognized key/];

/** Routes not called, and why. */
const SKIPPED = new Set(['POST /api/auth/logout', 'GET /api/online-payments/powertranz/checks/:key']);
/** The PowerTranz simulator and the bank's check page answer in the processor's protocol or HTML, not ours. */
const outsideProtocol = (key: string) => key.includes(' /api/dev/powertranz/');

let t: TestApp;
let callers: Array<Record<string, string>>;

beforeAll(async () => {
  t = await buildTestApp();
  await loadOpenApi(t.app);
  await seedDemoData(t);
  const sign = async (kind: 'user' | 'customer', id: number, role: string, courierId: number | null) =>
    bearer((await t.ctx.tokens.sign({ sub: subjectOf(kind, id), role: role as 'staff', type: 'access', courierId }, 3600)).token);
  const [superAdmin] = await t.db.select().from(users).where(eq(users.email, 'superadmin@courierportal.test'));
  const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@jamaicaexpress.test'));
  const [customer] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!superAdmin || !admin || !customer) throw new Error('demo people missing');
  callers = [
    await sign('user', superAdmin.id, superAdmin.role, null),
    await sign('user', admin.id, admin.role, admin.courierId),
    await sign('customer', customer.id, 'customer', customer.courierId),
  ];
});
afterAll(async () => t?.close());

/** A value of another type than the schema asks for. */
function wrongValue(schema: JsonSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  if (schema?.enum) return 'not-an-option';
  switch (type) {
    case 'number':
    case 'integer':
      return 'abc';
    case 'string':
      return 12345;
    case 'boolean':
      return 'maybe';
    case 'array':
      return 'not-a-list';
    case 'object':
      return 'not-an-object';
    default:
      return { nested: true };
  }
}

/** A query-string value the schema must refuse. */
function wrongQueryText(schema: JsonSchema): string {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.enum) return 'not-an-option';
  if (type === 'number' || type === 'integer') return 'abc';
  if (type === 'boolean') return 'maybe';
  return 'x'.repeat(Math.max(5000, (schema.maxLength ?? 0) + 1));
}

function bodiesFor(schema: JsonSchema): unknown[] {
  const props = Object.entries(schema.properties ?? {});
  const wrongTyped = Object.fromEntries(props.map(([k, s]) => [k, wrongValue(s)]));
  const tooLong = Object.fromEntries(
    props.map(([k, s]) => [k, s.type === 'string' ? 'y'.repeat((s.maxLength ?? 5000) + 1) : wrongValue(s)]),
  );
  return [{}, wrongTyped, tooLong, { unexpectedField: 1 }, [1, 2], 'text'];
}

/** The answer to the first caller the route's guard lets through; none, undefined. */
async function asFirstAllowed(method: Method, url: string, payload: unknown) {
  for (const headers of callers) {
    const res = await t.api({ method, path: url, headers, payload });
    if (res.statusCode !== 401 && res.statusCode !== 403) return res;
  }
  return undefined;
}

/** Every text a person could be shown from an answer. */
function textsOf(body: { message?: unknown; fieldErrors?: Record<string, string[]> }): string[] {
  return [String(body.message ?? ''), ...Object.values(body.fieldErrors ?? {}).flat()];
}

describe('validation messages are ours', () => {
  it('GET /api/payments/cash-up without a branch says which field, in our words', async () => {
    const res = await t.api({ method: 'GET', url: '/payments/cash-up?date=2026-01-31', headers: callers[1] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BILLING_MESSAGES.chooseBranch);
    expect(res.json().fieldErrors.branchId).toEqual([BILLING_MESSAGES.chooseBranch]);
  });

  it('no route answers wrong types with zod text', async () => {
    const operations = readOperations(t.app);
    const leaks: string[] = [];
    let validated = 0;
    for (const route of apiRoutes(t.app)) {
      if (SKIPPED.has(route.key) || outsideProtocol(route.key)) continue;
      const op = operations.get(route.key);
      if (!op) continue;
      const url = fillParams(route.url, () => 'abc');
      const requests: Array<{ url: string; payload?: unknown }> = [];
      for (const [name, schema] of Object.entries(op.query)) {
        requests.push({ url: `${url}?${name}=${encodeURIComponent(wrongQueryText(schema))}` });
      }
      if (hasBody(route) && op.body) for (const payload of bodiesFor(op.body)) requests.push({ url, payload });
      if (requests.length === 0) requests.push({ url });
      for (const r of requests) {
        const res = await asFirstAllowed(route.method as Method, r.url, r.payload);
        if (!res || res.statusCode < 400) continue;
        const body = res.json();
        if (body.code === 'validation') validated += 1;
        for (const text of textsOf(body)) {
          if (ZOD_WORDS.some((w) => w.test(text))) leaks.push(`${route.key} ${r.url.slice(0, 80)} -> ${text}`);
        }
      }
    }
    expect(validated).toBeGreaterThan(300);
    expect(leaks).toEqual([]);
  }, 120_000);
});
