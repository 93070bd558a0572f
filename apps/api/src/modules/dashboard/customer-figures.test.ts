import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@courier/shared/constants/permissions';
import type { Dashboard } from '@courier/shared/schemas/dashboard';
import { makeCourier, makeCustomer } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import type { AuthUser } from '../../plugins/auth';
import { organisationSection } from './organisation.section';

/**
 * The dashboard's customer figures (active, business, joined per month) come from two index reads
 * of the customers: they answer what a plain count and a month-by-month grouping answer, customers
 * who joined either side of a month's first instant in Jamaica included.
 */
let t: TestApp;
const courierIds: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const tag = Date.now().toString().slice(-5);
  const now = new Date();
  for (const code of [`DC${tag}A`, `DC${tag}B`]) {
    const courier = await makeCourier(t, code);
    courierIds.push(courier.id);
    for (let i = 0; i < 16; i++) {
      // Around each of the last months' first instant in Jamaica (05:00 UTC), and some today.
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (i % 8), 1, 5, 0, 0));
      const createdAt = i < 14 ? new Date(first.getTime() + (i < 8 ? -1 : 1) * 60_000) : now;
      await makeCustomer(t, courier.id, { createdAt, active: i % 5 !== 3, accountType: i % 3 === 0 ? 'business' : 'individual' });
    }
  }
});
afterAll(async () => t?.close());

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function expected(courierId: number | null) {
  const where = courierId === null ? sql`true` : sql`courier_id = ${courierId}`;
  const [counts] = await rows<{ all: number; business: number }>(
    sql`select count(*)::int as all, (count(*) filter (where account_type = 'business'))::int as business
      from customers where ${where} and active`,
  );
  const months = await rows<{ month: string; n: number }>(
    sql`select to_char(date_trunc('month', created_at at time zone 'America/Jamaica'), 'YYYY-MM') as month, count(*)::int as n
      from customers where ${where} group by 1`,
  );
  return { counts, months: new Map(months.map((m) => [m.month, m.n])) };
}

const card = (d: Partial<Dashboard>, key: string) => d.cards?.find((c) => c.key === key)?.value;

describe("the dashboard's customer figures", () => {
  it('match plain counts for each courier and the platform', async () => {
    for (const courierId of [...courierIds, null]) {
      const user: AuthUser = {
        id: 1,
        kind: 'user',
        role: courierId === null ? 'super_admin' : 'courier_admin',
        courierId,
        branchId: null,
        permissions: [...ALL_PERMISSIONS],
        jti: 'x',
        exp: 0,
      };
      const part = await organisationSection({ db: t.db, user, courierId });
      const e = await expected(courierId);
      expect(card(part, 'customers'), `courier ${courierId}`).toBe(e.counts?.all);
      expect(card(part, 'business_customers')).toBe(e.counts?.business);
      const chart = part.charts?.find((c) => c.key === 'new_customers')?.data ?? [];
      expect(chart).toHaveLength(6);
      const want = [...e.months]
        .sort(([a], [b]) => a.localeCompare(b))
        .slice(-6)
        .map(([month, n]) => ({
          name: new Date(`${month}-01T12:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
          value: n,
        }));
      expect(chart, JSON.stringify([...e.months])).toEqual(want);
      expect(chart.reduce((s, p) => s + p.value, 0)).toBeGreaterThan(6);
    }
  });
});
