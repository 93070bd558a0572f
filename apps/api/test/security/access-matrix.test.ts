import { ALL_PERMISSIONS } from '@courier/shared/constants/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helper';
import { type Policy, POLICY, isAllowed, requiredPermissions } from './policy';
import { type SecurityWorld, MARKER, MATRIX_ROLES, type MatrixRole, buildSecurityWorld } from './world';
import { type ApiRoute, apiRoutes, fillParams, hasBody, methodOf } from './routes';

/** A stored attachment's name as the route accepts it (hex id + extension). */
const ATTACHMENT_NAME = `${'0'.repeat(32)}.pdf`;

let w: SecurityWorld;
let routes: ApiRoute[];
beforeAll(async () => {
  w = await buildSecurityWorld();
  routes = apiRoutes(w.t.app);
});
afterAll(async () => w?.t.close());

function policyOf(route: ApiRoute): Policy {
  const policy = POLICY[route.key];
  if (!policy) throw new Error(`no policy for ${route.key}`);
  return policy;
}

async function headersFor(route: ApiRoute, role: MatrixRole): Promise<Record<string, string>> {
  const { access } = policyOf(route);
  if (role === 'lacking') {
    // Logout spends the token: this caller signs out a staff member of its own.
    if (route.key === 'POST /api/auth/logout') return w.lackingHeaders(['logout:none']);
    const required = requiredPermissions(access);
    return w.lackingHeaders(required.length > 0 ? required : ALL_PERMISSIONS);
  }
  // Logout spends its token: each call gets a fresh one.
  if (route.key === 'POST /api/auth/logout' && role !== 'anonymous') return bearer(await w.freshToken(role));
  return w.headers(role);
}

describe('the policy table covers the route table', () => {
  it('has an entry for every route, and no entry for a route that is gone', () => {
    const keys = new Set(routes.map((r) => r.key));
    expect(routes.length).toBeGreaterThan(150);
    expect(
      routes.filter((r) => !POLICY[r.key]).map((r) => r.key),
      'routes without a policy entry',
    ).toEqual([]);
    expect(
      Object.keys(POLICY).filter((k) => !keys.has(k)),
      'policy entries for routes that no longer exist',
    ).toEqual([]);
  });

  it('marks public exactly the routes the route table marks public', () => {
    const mismatched = routes.filter((r) => (policyOf(r).access.kind === 'public') !== r.public).map((r) => r.key);
    expect(mismatched).toEqual([]);
  });

  it('names the record behind every parameter of a private route', () => {
    const unnamed = routes.filter((r) => !r.public && r.url.includes(':') && policyOf(r).params === undefined).map((r) => r.key);
    expect(unnamed).toEqual([]);
  });
});

describe('every route × every role', () => {
  it('refuses exactly the callers the policy refuses (401/403), and lets the others past', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const { access } = policyOf(route);
      for (const role of MATRIX_ROLES) {
        const res = await w.t.app.inject({
          method: methodOf(route),
          url: fillParams(route.url, (name) => (name === 'file' ? ATTACHMENT_NAME : '999999')),
          headers: await headersFor(route, role),
          payload: hasBody(route) ? {} : undefined,
        });
        calls++;
        const refused = res.statusCode === 401 || res.statusCode === 403;
        const allowed = isAllowed(access, role);
        if (res.statusCode >= 500) wrong.push(`${route.key} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (allowed === refused)
          wrong.push(`${route.key} as ${role}: expected ${allowed ? 'allowed' : 'refused'}, got ${res.statusCode}`);
        else if (role === 'anonymous' && refused && res.statusCode !== 401) wrong.push(`${route.key} anonymous: ${res.statusCode}`);
      }
    }
    expect(calls).toBe(routes.length * MATRIX_ROLES.length);
    expect(wrong).toEqual([]);
  });
});

describe('another courier’s records stay out of reach', () => {
  /** The courier-A callers the policy lets through: the courier admin (every permission) and/or the customer. */
  function callersOf(policy: Policy): Array<'courier_admin' | 'customer'> {
    return (['courier_admin', 'customer'] as const).filter((role) => isAllowed(policy.access, role));
  }

  it('answers 403/404 (or refuses the input) and never shows courier B’s data', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const policy = policyOf(route);
      const params = policy.params;
      if (!params || Object.keys(params).length === 0) continue;
      for (const role of callersOf(policy)) {
        const url = fillParams(route.url, (name) => {
          const kind = params[name];
          if (!kind) return ATTACHMENT_NAME;
          return w.other[kind];
        });
        const res = await w.t.app.inject({
          method: methodOf(route),
          url,
          headers: w.headers(role),
          payload: hasBody(route) ? {} : undefined,
        });
        checked++;
        const where = `${route.key} as ${role} (${url})`;
        if (res.body.includes(MARKER)) wrong.push(`${where}: courier B's data in the answer`);
        // Without a body to validate, only the record lookup can answer: it must not find B's record.
        const expected = hasBody(route) ? [400, 403, 404, 409, 415, 422] : [403, 404];
        if (!expected.includes(res.statusCode)) wrong.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(wrong).toEqual([]);
  });

  it('leaves courier B’s records in place, readable by courier B (so the ids were real)', async () => {
    const reads: Array<[string, string]> = [
      ['otherAdmin', `/api/packages/${w.other.package}`],
      ['otherAdmin', `/api/packages/${w.other.unknownPackage}`],
      ['otherAdmin', `/api/branches/${w.other.branch}`],
      ['otherAdmin', `/api/roles/${w.other.role}`],
      ['otherAdmin', `/api/staff/${w.other.user}`],
      ['otherAdmin', `/api/customers/${w.other.customer}`],
      ['otherAdmin', `/api/business-customers/${w.other.businessCustomer}`],
      ['otherAdmin', `/api/manifests/${w.other.manifest}`],
      ['otherAdmin', `/api/invoices/${w.other.invoiceNo}`],
      ['otherAdmin', `/api/tickets/${w.other.ticket}`],
      ['otherAdmin', `/api/delivery-requests/${w.other.deliveryRequest}`],
      ['otherAdmin', `/api/batch-emails/${w.other.batchEmail}`],
      ['otherAdmin', `/api/couriers/${w.other.courier}`],
      ['otherCustomer', `/api/customer/packages/${w.other.package}`],
    ];
    for (const [who, url] of reads) {
      const res = await w.t.app.inject({ method: 'GET', url, headers: w.headers(who as 'otherAdmin') });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(MARKER);
    }
  });
});
