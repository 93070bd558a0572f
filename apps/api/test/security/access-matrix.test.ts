import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '@courier/shared/constants/permissions';
import { batchEmails } from '../../src/db/schema/batch-emails';
import { branches } from '../../src/db/schema/branches';
import { processingFees } from '../../src/db/schema/courier-fees';
import { coupons } from '../../src/db/schema/account-credit';
import { fees, feeVersions } from '../../src/db/schema/fees';
import { insuranceClaims } from '../../src/db/schema/insurance-claims';
import { authorisedPeople } from '../../src/db/schema/authorised-people';
import { branchTransfers } from '../../src/db/schema/branch-transfers';
import { couriers } from '../../src/db/schema/couriers';
import { customers } from '../../src/db/schema/customers';
import { deliveryLocations } from '../../src/db/schema/delivery-locations';
import { deliveryRequests } from '../../src/db/schema/delivery-requests';
import { invoices } from '../../src/db/schema/invoices';
import { manifests } from '../../src/db/schema/manifests';
import { packages } from '../../src/db/schema/packages';
import { payments } from '../../src/db/schema/payments';
import { preAlerts } from '../../src/db/schema/pre-alerts';
import { courierDomains, courierPublicContent } from '../../src/db/schema/public-site';
import { roles } from '../../src/db/schema/roles';
import { shippingRates } from '../../src/db/schema/shipping-rates';
import { tickets } from '../../src/db/schema/tickets';
import { unknownPackageClaims } from '../../src/db/schema/unknown-package-claims';
import { users } from '../../src/db/schema/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helper';
import { SAMPLE_PNG } from '../multipart';
import { type Policy, POLICY, isAllowed, isPublicAccess, requiredPermissions } from './policy';
import { type SecurityWorld, MARKER, MATRIX_ROLES, type MatrixRole, buildSecurityWorld } from './world';
import { sample } from './arbitraries';
import { type ApiRoute, apiRoutes, fillParams, hasBody, methodOf, readOperations } from './routes';

/** A stored attachment's name as the route accepts it (hex id + extension). */
const ATTACHMENT_NAME = `${'0'.repeat(32)}.pdf`;

/** Fields the schema-derived sample cannot guess (formats stated as refinements), per route. */
const SAMPLE_FIELDS: Record<string, Record<string, unknown>> = {
  'PUT /api/settings/processing-fees/:id': { weightRange: '1lb to 10lbs' },
  'POST /api/collections/:invoiceNo': { signature: `data:image/png;base64,${SAMPLE_PNG.toString('base64')}` },
  'POST /api/delivery-requests/:id/deliver': { signature: `data:image/png;base64,${SAMPLE_PNG.toString('base64')}` },
  'PUT /api/roles/:id': { permissions: ['dashboard_view'] },
  'POST /api/settings/couriers/:id/email-config': { smtp_port: 587 },
  'PUT /api/couriers/:id': { time_zone: 'America/Jamaica' },
  'PUT /api/coupons/:id': { code: 'SAMPLE10', kind: 'fixed', amountCents: 100, validFrom: null, validUntil: null },
  'PUT /api/manifests/:id/costs': { lines: [] },
};

const UPLOAD_KEYS = Object.entries(POLICY)
  .filter(([, p]) => p.upload)
  .map(([k]) => k);

/** Every row of courier B in the tables its records live in, to prove nothing of it changed. */
async function snapshotOfCourierB(): Promise<string> {
  const courierId = Number(w.other.courier);
  const tables = [
    packages,
    manifests,
    invoices,
    tickets,
    batchEmails,
    deliveryRequests,
    deliveryLocations,
    preAlerts,
    unknownPackageClaims,
    payments,
    shippingRates,
    processingFees,
    coupons,
    fees,
    feeVersions,
    insuranceClaims,
    authorisedPeople,
    branchTransfers,
    branches,
    roles,
    users,
    customers,
    courierDomains,
    courierPublicContent,
  ];
  const rows = [];
  for (const table of tables)
    rows.push(
      await w.t.db
        .select()
        .from(table as typeof packages)
        .where(eq((table as typeof packages).courierId, courierId)),
    );
  rows.push(await w.t.db.select().from(couriers).where(eq(couriers.id, courierId)));
  return JSON.stringify(rows);
}

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
    const mismatched = routes.filter((r) => isPublicAccess(policyOf(r).access) !== r.public).map((r) => r.key);
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
        const res = await w.t.api({
          method: methodOf(route),
          path: fillParams(route.url, (name) => (name === 'file' ? ATTACHMENT_NAME : '999999')),
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
  }, 180_000); // every route × every role, one request each: about 16 s alone, longer on a busy machine
});

describe('another courier’s records stay out of reach', () => {
  /** The courier-A callers the policy lets through: the courier admin (every permission) and/or the customer. */
  function callersOf(policy: Policy): Array<'courier_admin' | 'customer'> {
    return (['courier_admin', 'customer'] as const).filter((role) => isAllowed(policy.access, role));
  }

  it('answers 403/404 and never shows or changes courier B’s data', async () => {
    const operations = readOperations(w.t.app);
    const before = await snapshotOfCourierB();
    const wrong: string[] = [];
    const refusedByValidation: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const policy = policyOf(route);
      const params = policy.params;
      if (!params || Object.keys(params).length === 0) continue;
      // A body that passes validation where a simple rule can make one, so the record lookup answers.
      const schema = operations.get(route.key)?.body;
      const payload = hasBody(route) ? { ...(schema ? (sample(schema) as object) : {}), ...SAMPLE_FIELDS[route.key] } : undefined;
      for (const role of callersOf(policy)) {
        const url = fillParams(route.url, (name) => {
          const kind = params[name];
          return kind ? w.other[kind] : ATTACHMENT_NAME;
        });
        const res = await w.t.api({ method: methodOf(route), path: url, headers: w.headers(role), payload });
        checked++;
        const where = `${route.key} as ${role} (${url})`;
        if (res.body.includes(MARKER)) wrong.push(`${where}: courier B's data in the answer`);
        if (res.statusCode === 400 && hasBody(route)) refusedByValidation.push(`${where}: ${res.body.slice(0, 120)}`);
        else if (![403, 404].includes(res.statusCode)) wrong.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(checked).toBeGreaterThan(80);
    expect(wrong).toEqual([]);
    // Upload routes read no JSON: their 400 (no file) still comes after the lookup or refuses all.
    expect(refusedByValidation.filter((r) => !UPLOAD_KEYS.some((k) => r.startsWith(k)))).toEqual([]);
    expect(await snapshotOfCourierB()).toEqual(before);
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
      ['otherAdmin', '/api/settings/public-content'],
      ['otherCustomer', `/api/customer/packages/${w.other.package}`],
    ];
    for (const [who, url] of reads) {
      const res = await w.t.api({ method: 'GET', path: url, headers: w.headers(who as 'otherAdmin') });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(MARKER);
    }
  });
});
