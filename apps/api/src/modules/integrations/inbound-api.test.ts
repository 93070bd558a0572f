import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@courier/shared/schemas/integrations';
import { apiIdempotencyKeys, apiKeys } from '../../db/schema/api-keys';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, letterTag } from '../../../test/helper';
import { IDEMPOTENCY_STALE_MS, requestHashOf } from './api-keys.service';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let courierId: number;
let otherCourierId: number;
let mailbox: string;
const tag = letterTag(5);
const trk = (n: number) => `API${tag}${String(n).padStart(4, '0')}`;

beforeAll(async () => {
  // A low per-key limit, so the limit itself can be seen.
  t = await buildTestApp({ API_KEY_RATE_LIMIT: '40' });
  courierId = (await makeCourier(t, `A${tag}`)).id;
  otherCourierId = (await makeCourier(t, `B${tag}`)).id;
  admin = (await makeUser(t, courierId, 'courier_admin')).token;
  otherAdmin = (await makeUser(t, otherCourierId, 'courier_admin')).token;
  const customer = await makeCustomer(t, courierId, { mailboxNumber: `MB${tag}` });
  mailbox = customer.mailboxNumber;
  await t.db.insert(preAlerts).values({
    courierId,
    customerId: customer.id,
    trackingNumber: trk(2),
    merchant: 'Amazon',
    description: 'Books',
    declaredValueUsdCents: 1500,
    invoicePath: 'pre-alert-invoices/x.pdf',
  });
});
afterAll(async () => t?.close());

const createKey = async (token: string, scopes: string[], name = 'Miami agent') => {
  const res = await t.api('POST', '/settings/api-keys', token, { name, scopes });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; key: string; prefix: string };
};
const v1 = (method: 'GET' | 'POST', url: string, key: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.api({ method, url: `/v1${url}`, headers: { authorization: `Bearer ${key}`, ...headers }, payload: payload as never });

describe('API keys', () => {
  it('are shown once, stored hashed, listed with their prefix and last use', async () => {
    const created = await createKey(admin, ['packages:write', 'packages:read']);
    expect(created.key).toMatch(/^cpk_[\w-]{43}$/);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.keyHash).not.toContain(created.key.slice(4));
    expect(JSON.stringify(row)).not.toContain(created.key);
    await v1('GET', '/packages', created.key);
    const list = await t.api('GET', '/settings/api-keys', admin);
    const listed = list.json().find((k: { id: number }) => k.id === created.id);
    expect(listed).toMatchObject({ name: 'Miami agent', prefix: created.key.slice(0, 12), lastUsedAt: expect.any(String) });
    expect(list.body).not.toContain(created.key);
  });

  it('refuses a missing, wrong or session token, and a key without the scope', async () => {
    expect((await t.api('GET', '/v1/packages')).statusCode).toBe(401);
    const wrong = await v1('GET', '/packages', 'cpk_not-a-key');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(INTEGRATION_MESSAGES.keyInvalid);
    expect((await v1('GET', '/packages', admin)).statusCode).toBe(401);
    const readOnly = await createKey(admin, ['packages:read'], 'Reports');
    const res = await v1('POST', '/packages', readOnly.key, { trackingNumber: trk(99), weightLb: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(INTEGRATION_MESSAGES.scopeMissing('packages:write'));
  });

  it('stop working once revoked', async () => {
    const key = await createKey(admin, ['packages:read'], 'Old system');
    expect((await v1('GET', '/packages', key.key)).statusCode).toBe(200);
    const revoke = await t.api('DELETE', `/settings/api-keys/${key.id}`, admin);
    expect(revoke.json().revokedAt).not.toBeNull();
    expect((await v1('GET', '/packages', key.key)).statusCode).toBe(401);
    // Another courier's admin cannot revoke (or see) this courier's keys.
    const other = await t.api('DELETE', `/settings/api-keys/${key.id}`, otherAdmin);
    expect(other.statusCode).toBe(404);
  });
});

describe('the inbound API', () => {
  let key: string;
  let otherKey: string;
  beforeAll(async () => {
    key = (await createKey(admin, ['packages:write', 'packages:read'], 'Agent feed')).key;
    otherKey = (await createKey(otherAdmin, ['packages:write', 'packages:read'], 'Other courier')).key;
  });

  it('receives one package for the mailbox, and a bad one is refused in our words', async () => {
    const res = await v1('POST', '/packages', key, { trackingNumber: trk(1), mailbox, weightLb: 2.5, merchant: 'Shein' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      outcome: 'received',
      packageNumber: expect.stringMatching(/^PKG-/),
      customer: expect.stringContaining(mailbox),
    });
    const bad = await v1('POST', '/packages', key, { trackingNumber: trk(50), weightLb: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('The weight must be more than 0 and at most 2,000 lb');
  });

  it('makes a batch idempotent by the caller’s Idempotency-Key: replayed, never doubled; another body is refused', async () => {
    const body = {
      packages: [
        { trackingNumber: trk(2), weightLb: 1.5 },
        { trackingNumber: trk(3), mailbox: 'NOBODY', weightLb: 4 },
        { trackingNumber: '', weightLb: 1 },
      ],
    };
    const first = await v1('POST', '/packages/batch', key, body, { 'idempotency-key': `batch-${tag}` });
    expect(first.statusCode).toBe(200);
    const results = first.json().results;
    expect(results.map((r: { outcome: string }) => r.outcome)).toEqual(['received', 'unknown', 'invalid']);
    expect(results[0].preAlertMatched).toBe(true);
    const again = await v1('POST', '/packages/batch', key, body, { 'idempotency-key': `batch-${tag}` });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const mine = await t.db
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, courierId), eq(packages.trackingNumber, trk(2))));
    expect(mine).toHaveLength(1);
    const conflict = await v1(
      'POST',
      '/packages/batch',
      key,
      { packages: [{ trackingNumber: trk(4), weightLb: 1 }] },
      { 'idempotency-key': `batch-${tag}` },
    );
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json().message).toBe(INTEGRATION_MESSAGES.idempotencyConflict);
    // Without a key, a tracking number already received is reported, not doubled.
    const repeat = await v1('POST', '/packages/batch', key, { packages: [{ trackingNumber: trk(2), weightLb: 1.5 }] });
    expect(repeat.json().results[0]).toMatchObject({ outcome: 'already_received', packageNumber: mine[0]?.packageNumber });
  });

  it('lists packages page by page and reads their events', async () => {
    const page = await v1('GET', '/packages?limit=1', key);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(1);
    const next = await v1('GET', `/packages?limit=50&after=${page.json().nextCursor}`, key);
    const all = [...page.json().data, ...next.json().data];
    expect(all.map((p: { trackingNumber: string }) => p.trackingNumber).sort()).toEqual([trk(1), trk(2), trk(3)]);
    const id = all.find((p: { trackingNumber: string }) => p.trackingNumber === trk(1)).id;
    const events = await v1('GET', `/packages/${id}/events`, key);
    expect(events.json().data[0]).toMatchObject({ status: 'received', fromStatus: null });
  });

  it('never reaches another courier’s packages', async () => {
    const id = (await v1('GET', '/packages?limit=1', key)).json().data[0].id;
    const events = await v1('GET', `/packages/${id}/events`, otherKey);
    expect(events.statusCode).toBe(404);
    const list = await v1('GET', `/packages?trackingNumber=${trk(1)}`, otherKey);
    expect(list.json().data).toEqual([]);
    // The same tracking number sent by the other courier is its own package.
    const res = await v1('POST', '/packages', otherKey, { trackingNumber: trk(1), weightLb: 1 });
    expect(res.json()).toMatchObject({ outcome: 'unknown', customer: null });
    const rows = await t.db
      .select()
      .from(packages)
      .where(eq(packages.trackingNumber, trk(1)));
    expect(rows.map((r) => r.courierId).sort()).toEqual([courierId, otherCourierId].sort());
  });

  it('receives a shipment of several pieces as one package per box, piece n of count', async () => {
    const res = await v1('POST', '/packages', key, { trackingNumber: trk(60), mailbox, weightLb: 10, pieces: 3 });
    expect(res.statusCode).toBe(201);
    const boxes = await t.db
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, courierId), eq(packages.trackingNumber, trk(60))));
    expect(boxes.map((b) => [b.pieceNumber, b.pieceCount, b.weightLb]).sort()).toEqual([
      [1, 3, 3.34],
      [2, 3, 3.33],
      [3, 3, 3.33],
    ]);
    expect(res.json().packageNumber).toBe(boxes.find((b) => b.pieceNumber === 1)?.packageNumber);
  });

  it('limits each key to its share of requests a minute', async () => {
    const busy = (await createKey(admin, ['packages:read'], 'Busy')).key;
    const codes: number[] = [];
    for (let i = 0; i < 45; i++) codes.push((await v1('GET', '/packages?limit=1', busy)).statusCode);
    expect(codes.slice(0, 40).every((c) => c === 200)).toBe(true);
    expect(codes.slice(40)).toContain(429);
    // Another key of the same courier has its own share.
    expect((await v1('GET', '/packages?limit=1', key)).statusCode).toBe(200);
  });

  it('runs requests sent at the same moment with one Idempotency-Key once: the others get the same answer', async () => {
    const racer = (await createKey(admin, ['packages:write'], 'Racer')).key;
    for (let round = 0; round < 4; round++) {
      const single = { trackingNumber: trk(200 + round), mailbox, weightLb: 2 };
      const batch = {
        packages: [
          { trackingNumber: trk(300 + round), weightLb: 1 },
          { trackingNumber: trk(400 + round), mailbox, weightLb: 3 },
        ],
      };
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => v1('POST', '/packages', racer, single, { 'idempotency-key': `race-${tag}-${round}` })),
        ...Array.from({ length: 4 }, () =>
          v1('POST', '/packages/batch', racer, batch, { 'idempotency-key': `race-batch-${tag}-${round}` }),
        ),
      ]);
      const singles = answers.slice(0, 4);
      const batches = answers.slice(4);
      expect(singles.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      expect(batches.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      // One ran; the others replayed its answer (received, never "already received").
      expect(singles.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
      expect(batches.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
      for (const r of singles) expect(r.json()).toEqual(singles[0]?.json());
      for (const r of batches) expect(r.json()).toEqual(batches[0]?.json());
      expect(singles[0]?.json().outcome).toBe('received');
      expect(batches[0]?.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['unknown', 'received']);
      for (const n of [200, 300, 400]) {
        const made = await t.db
          .select({ id: packages.id })
          .from(packages)
          .where(and(eq(packages.courierId, courierId), eq(packages.trackingNumber, trk(n + round))));
        expect(made).toHaveLength(1);
        const events = await t.db
          .select()
          .from(packageEvents)
          .where(eq(packageEvents.packageId, made[0]?.id ?? 0));
        expect(events).toHaveLength(1);
      }
    }
  });

  it('answers 409 while another request with the key is still running, and takes over a claim left by a dead one', async () => {
    const slow = await createKey(admin, ['packages:write'], 'Slow');
    const body = { trackingNumber: trk(500), weightLb: 1 };
    const hash = requestHashOf('POST', '/api/v1/packages', body);
    await t.db.insert(apiIdempotencyKeys).values({ apiKeyId: slow.id, key: `busy-${tag}`, requestHash: hash });
    const busy = await v1('POST', '/packages', slow.key, body, { 'idempotency-key': `busy-${tag}` });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(INTEGRATION_MESSAGES.idempotencyInProgress);
    expect(busy.headers['retry-after']).toBe('2');
    const none = await t.db
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, courierId), eq(packages.trackingNumber, trk(500))));
    expect(none).toHaveLength(0);
    // A claim older than the stale limit belongs to a request that died: this one runs.
    await t.db
      .update(apiIdempotencyKeys)
      .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_STALE_MS - 1000) })
      .where(and(eq(apiIdempotencyKeys.apiKeyId, slow.id), eq(apiIdempotencyKeys.key, `busy-${tag}`)));
    const taken = await v1('POST', '/packages', slow.key, body, { 'idempotency-key': `busy-${tag}` });
    expect(taken.statusCode).toBe(201);
    expect(taken.json().outcome).toBe('unknown');
  }, 30_000);

  it('keeps nothing for a request that failed, so a retry with its key runs again', async () => {
    const bad = { trackingNumber: trk(600), weightLb: 0 };
    const first = await v1('POST', '/packages', key, bad, { 'idempotency-key': `bad-${tag}` });
    expect(first.statusCode).toBe(422);
    const rows = await t.db
      .select()
      .from(apiIdempotencyKeys)
      .where(eq(apiIdempotencyKeys.key, `bad-${tag}`));
    expect(rows).toEqual([]);
    const again = await v1('POST', '/packages', key, bad, { 'idempotency-key': `bad-${tag}` });
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('is in the OpenAPI document with an example', async () => {
    const res = await t.api('GET', '/docs/json');
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/packages', '/api/v1/packages/batch', '/api/v1/packages/{id}/events']),
    );
    expect(JSON.stringify(doc.paths['/api/v1/packages'].post)).toContain('1Z999AA10123456784');
  });
});
