import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@courier/shared/schemas/search';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { MARKER, type SecurityWorld, buildSecurityWorld } from '../../../test/security/world';

/** The command palette's lookup: by number, scoped to the caller's courier and rights. */
let w: SecurityWorld;
let courierB: number;
beforeAll(async () => {
  w = await buildSecurityWorld();
  courierB = Number(w.other.courier);
});
afterAll(async () => w?.t.close());

async function find(headers: Record<string, string>, q: string): Promise<SearchResult> {
  const res = await w.t.api({ method: 'GET', url: `/search?q=${encodeURIComponent(q)}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const couriersIn = (r: SearchResult) => [...r.packages, ...r.customers, ...r.invoices].map((x) => x.courierId);

describe('GET /api/search', () => {
  it('never answers another courier’s package, customer or invoice', async () => {
    const [pkgB] = await w.t.db
      .select()
      .from(packages)
      .where(eq(packages.id, Number(w.other.package)));
    if (!pkgB) throw new Error('no package of courier B');
    const queries = [pkgB.packageNumber, pkgB.trackingNumber, w.other.invoiceNo, 'IBX-10001', MARKER, 'Dane'];
    for (const q of queries) {
      for (const role of ['courier_admin', 'branch_manager', 'staff', 'customer'] as const) {
        const res = await w.t.api({ method: 'GET', url: `/search?q=${encodeURIComponent(q)}`, headers: w.headers(role) });
        expect(res.statusCode).toBe(200);
        expect(res.body, `${q} as ${role}`).not.toContain(MARKER);
        expect(
          couriersIn(res.json()).every((c) => c === w.courierA),
          `${q} as ${role}`,
        ).toBe(true);
      }
    }
    // Courier B's own admin finds them, so the queries did name real records.
    const asB = await find(w.headers('otherAdmin'), w.other.invoiceNo);
    expect(asB.invoices.map((i) => [i.invoiceNo, i.courierId])).toEqual([[w.other.invoiceNo, courierB]]);
    expect((await find(w.headers('otherAdmin'), pkgB.trackingNumber)).packages.map((p) => p.id)).toEqual([pkgB.id]);
    expect((await find(w.headers('otherAdmin'), 'ibx-10001')).customers.map((c) => c.mailboxNumber)).toEqual(['IBX-10001']);
  });

  it('lets the super admin find any courier’s records', async () => {
    const found = await find(w.headers('super_admin'), w.other.invoiceNo);
    expect(found.invoices.map((i) => i.courierId)).toEqual([courierB]);
    expect((await find(w.headers('super_admin'), 'IBX-10001')).customers.map((c) => c.courierId)).toEqual([courierB]);
  });

  it('finds courier A’s invoice by its number, or by the bare number', async () => {
    const [inv] = await w.t.db.select().from(invoices).where(eq(invoices.courierId, w.courierA)).limit(1);
    if (!inv) throw new Error('no invoice of courier A');
    expect((await find(w.headers('courier_admin'), inv.invoiceNo.toLowerCase())).invoices.map((i) => i.invoiceNo)).toEqual([inv.invoiceNo]);
    const bare = String(Number(inv.invoiceNo.replace(/\D/g, '')));
    expect((await find(w.headers('courier_admin'), bare)).invoices.map((i) => i.invoiceNo)).toContain(inv.invoiceNo);
  });

  it('shows a customer only their own packages and invoices, and no customers', async () => {
    const [own] = await w.t.db
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, w.courierA), eq(packages.customerId, w.people.customer)))
      .limit(1);
    const [someoneElses] = await w.t.db
      .select()
      .from(packages)
      // Another customer's, or one not yet assigned (Unknown).
      .where(and(eq(packages.courierId, w.courierA), or(ne(packages.customerId, w.people.customer), isNull(packages.customerId))))
      .limit(1);
    if (!own || !someoneElses) throw new Error('packages of courier A');
    expect((await find(w.headers('customer'), own.packageNumber)).packages.map((p) => p.id)).toEqual([own.id]);
    expect((await find(w.headers('customer'), someoneElses.packageNumber)).packages).toEqual([]);
    const [mine] = await w.t.db.select().from(customers).where(eq(customers.id, w.people.customer));
    expect((await find(w.headers('customer'), mine?.mailboxNumber ?? '')).customers).toEqual([]);
  });

  it('leaves out a kind the staff member may not view', async () => {
    const [pkg] = await w.t.db.select().from(packages).where(eq(packages.courierId, w.courierA)).limit(1);
    if (!pkg) throw new Error('no package of courier A');
    expect((await find(w.headers('staff'), pkg.packageNumber)).packages).toHaveLength(1);
    expect((await find(await w.lackingHeaders(['packages_view']), pkg.packageNumber)).packages).toEqual([]);
    expect((await find(await w.lackingHeaders(['customers_view']), 'a')).customers).toEqual([]);
  });

  it('answers nothing for a blank query, and 401 without a session', async () => {
    expect(await find(w.headers('courier_admin'), '  ')).toEqual({ packages: [], customers: [], invoices: [] });
    const res = await w.t.api('GET', '/search?q=PKG-000001');
    expect(res.statusCode).toBe(401);
    // Text PostgreSQL cannot hold, and wildcards, are plain text that matches nothing.
    for (const q of ['PKG\u0000001', '%', '_%_']) {
      const odd = await w.t.api({ method: 'GET', url: `/search?q=${encodeURIComponent(q)}`, headers: w.headers('courier_admin') });
      expect(odd.statusCode, odd.body).toBeLessThan(500);
    }
  });
});
