import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARISHES } from '@courier/shared/constants/parishes';
import { type TestApp, buildTestApp, seedDemoData } from '../../test/helper';
import { branches } from '../db/schema/branches';
import { users } from '../db/schema/users';
import { listPage } from './list-query';
import { subjectOf } from './tokens';

let t: TestApp;
let token = '';

async function list(query: string) {
  const res = await t.api('GET', `/branches?${query}`, token);
  return { status: res.statusCode, body: res.json() };
}
const names = (body: { data: Array<{ name: string }> }) => body.data.map((b) => b.name);

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@jamaicaexpress.test'));
  if (!admin?.courierId) throw new Error('no admin');
  token = (
    await t.ctx.tokens.sign({ sub: subjectOf('user', admin.id), role: admin.role, type: 'access', courierId: admin.courierId }, 3600)
  ).token;
  // 2 demo branches + 28 more: "Branch 01" .. "Branch 28", parishes in turn, every fourth inactive.
  await t.db.insert(branches).values(
    Array.from({ length: 28 }, (_, i) => ({
      courierId: admin.courierId ?? 0,
      name: `Branch ${String(i + 1).padStart(2, '0')}`,
      code: `B${i + 1}`,
      parish: PARISHES[i % PARISHES.length],
      active: i % 4 !== 3,
    })),
  );
  await t.db.insert(branches).values({ courierId: admin.courierId, name: 'Discount 100% Depot', parish: 'Kingston' });
});
afterAll(async () => t?.close());

describe('server-side paging, search, sort and filters', () => {
  it('pages with the total of all matching rows', async () => {
    const first = await list('page=1&limit=10');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 31, page: 1, limit: 10 });
    expect(first.body.data).toHaveLength(10);
    const last = await list('page=4&limit=10');
    expect(last.body.data).toHaveLength(1);
    const pages = [];
    for (let p = 1; p <= 4; p++) pages.push(...names((await list(`page=${p}&limit=10`)).body));
    expect(new Set(pages).size).toBe(31);
  });

  it('searches case-insensitively across the searchable columns, wildcards taken literally', async () => {
    expect((await list('search=branch%2002')).body.total).toBe(1);
    expect(names((await list('search=100%25')).body)).toEqual(['Discount 100% Depot']);
    expect((await list('search=_')).body.total).toBe(0);
    expect((await list('search=b1')).body.total).toBe(11); // codes B1, B10..B19
  });

  it('sorts by a whitelisted column in both directions and refuses others', async () => {
    const asc = names((await list('sort=name&order=asc&limit=100')).body);
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const desc = names((await list('sort=name&order=desc&limit=100')).body);
    expect(desc).toEqual([...asc].reverse());
    const bad = await list('sort=password_hash');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Cannot sort by password_hash');
  });

  it('filters exact, text and boolean columns, and refuses unknown fields', async () => {
    const kingston = await list(`filters=${encodeURIComponent(JSON.stringify({ parish: 'kingston' }))}&limit=100`);
    expect(kingston.body.data.every((b: { parish: string }) => b.parish === 'Kingston')).toBe(true);
    expect(kingston.body.total).toBe(3); // Branch 01, Branch 15, Discount depot
    const inactive = await list(`filters=${encodeURIComponent(JSON.stringify({ active: 'false' }))}&limit=100`);
    expect(inactive.body.total).toBe(7);
    const both = await list(`filters=${encodeURIComponent(JSON.stringify({ active: 'true', name: 'branch 2' }))}&search=28&limit=100`);
    expect(names(both.body)).toEqual([]); // Branch 28 is inactive
    const unknown = await list(`filters=${encodeURIComponent(JSON.stringify({ courier_id: '2' }))}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Cannot filter by courier_id');
    const notBool = await list(`filters=${encodeURIComponent(JSON.stringify({ active: 'maybe' }))}`);
    expect(notBool.status).toBe(400);
  });

  it('accepts only the page sizes 10, 25, 50 and 100', async () => {
    expect((await list('limit=1000')).status).toBe(400);
    expect((await list('limit=25')).body.data).toHaveLength(25);
  });
});

describe('listPage with a count window', () => {
  const query = { page: 1, limit: 50, search: '', order: 'asc' as const, filters: {} };
  const clauses = (page: number) => ({ where: undefined, orderBy: [], limit: 50, offset: (page - 1) * 50 });
  /** A table of `matching` rows whose count honours the `atMost` bound, recording what it was asked. */
  function table(matching: number) {
    const asked: Array<number | undefined> = [];
    return {
      asked,
      run: {
        rows: async () => [],
        count: async (_where: unknown, atMost?: number) => {
          asked.push(atMost);
          return Math.min(matching, atMost ?? matching);
        },
        countWindow: 1_000,
      },
    };
  }

  it('gives the exact total when fewer rows match than the window holds', async () => {
    const t = table(900);
    const page = await listPage(query, clauses(1), t.run);
    expect(page).toEqual({ data: [], total: 900, page: 1, limit: 50 });
    expect(t.asked).toEqual([1_001]);
  });

  it('stops counting past the window and says the total is a lower bound', async () => {
    const t = table(200_000);
    expect(await listPage(query, clauses(1), t.run)).toMatchObject({ total: 1_000, totalCapped: true });
    // Paging on widens the window, so the next pages always exist.
    expect(await listPage({ ...query, page: 30 }, clauses(30), t.run)).toMatchObject({ total: 2_450, totalCapped: true });
    expect(t.asked).toEqual([1_001, 2_451]);
  });

  it('counts exactly when the window is exactly full', async () => {
    const page = await listPage(query, clauses(1), table(1_000).run);
    expect(page.total).toBe(1_000);
    expect(page.totalCapped).toBeUndefined();
  });

  it('counts everything when the list has no window', async () => {
    const t = table(200_000);
    const { countWindow: _, ...unbounded } = t.run;
    expect((await listPage(query, clauses(1), unbounded)).total).toBe(200_000);
    expect(t.asked).toEqual([undefined]);
  });
});
