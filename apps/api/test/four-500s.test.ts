import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@courier/shared/messages';
import { PICKUP_MESSAGES } from '@courier/shared/schemas/integrations';
import { couriers } from '../src/db/schema/couriers';
import { packages } from '../src/db/schema/packages';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from './helper';

/**
 * Requests that used to answer 500: each now answers in our words (or works).
 */
let t: TestApp;
let admin: string;
let customer: string;
let courierId: number;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  admin = await loginAs(t, 'courier_admin');
  customer = await loginAs(t, 'customer');
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
});
afterAll(async () => t?.close());

describe('the uncollected packages export', () => {
  it('downloads as CSV with the waiting packages', async () => {
    const received = await t.api('POST', '/packages', admin, { trackingNumber: '1ZUNCOLLECTED0001', weightLb: 2, mailbox: 'JXP-1001' });
    expect(received.statusCode, received.body).toBe(201);
    await t.db
      .update(packages)
      .set({ status: 'ready_for_pickup', readyAt: new Date(Date.now() - 20 * 86_400_000) })
      .where(eq(packages.id, received.json().id));
    const res = await t.api('GET', '/packages/uncollected?format=csv', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const parsed = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    const row = parsed.data.find((r) => Object.values(r).includes(received.json().packageNumber));
    expect(row, res.body).toBeDefined();
    expect(Object.values(row ?? {})).toContain('20');
  });
});

describe('a multipart upload without a boundary', () => {
  const noBoundary = { 'content-type': 'multipart/form-data' };
  const cases: Array<[string, string, 'admin' | 'customer']> = [
    ['a ticket', '/api/tickets', 'customer'],
    ['a ticket message', '/api/tickets/1/messages', 'customer'],
    ['a pre-alert invoice', '/api/customer/pre-alerts/1/invoice', 'customer'],
    ['an unknown-package claim', '/api/customer/unknown-claims', 'customer'],
    ['a rate sheet', '/api/rate-sheet', 'admin'],
  ];
  for (const [what, url, who] of cases) {
    it(`${what} answers 400 in our words`, async () => {
      const token = who === 'admin' ? admin : customer;
      const res = await t.api({ method: 'POST', path: url, token, headers: { ...noBoundary }, payload: 'no parts here' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(API_MESSAGES.malformedMultipart);
    });
  }
});

describe('a JSON field named like an object method', () => {
  for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
    it(`"${name}" answers 400 in our words, with no sign-in`, async () => {
      // A value of the wrong type under that name (the provider's calls take text only).
      const inbound = await t.api({
        method: 'POST',
        url: `/messaging/twilio/${courierId}/inbound`,
        headers: { 'content-type': 'application/json' },
        payload: `{"${name}": 1}`,
      });
      expect(inbound.statusCode, inbound.body).toBe(400);
      expect(inbound.json().message).not.toBe(API_MESSAGES.internal);
      // A field no schema knows, by that name.
      const login = await t.api({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"email": "someone@example.test", "password": "whatever1", "${name}": 1}`,
      });
      expect(login.statusCode, login.body).toBe(400);
      expect(login.json().message).not.toBe(API_MESSAGES.internal);
    });
  }
});

describe('an SFTP folder whose host name does not resolve', () => {
  it('answers 400 saying so, and the settings show it as the last error', async () => {
    const fingerprint = `SHA256:${Buffer.alloc(32, 7).toString('base64').replace(/=+$/, '')}`;
    const saved = await t.api('PUT', '/settings/agent-pickup', admin, {
      url: 'sftp://agent@no-such-host.invalid/drop/',
      active: true,
      password: 'secret-pass',
      hostKeyFingerprint: fingerprint,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const run = await t.api('POST', '/settings/agent-pickup/run', admin);
    expect(run.statusCode, run.body).toBe(400);
    expect(run.json().message).toBe(PICKUP_MESSAGES.folderUnreachable('no-such-host.invalid was not found'));
    expect((await t.api('GET', '/settings/agent-pickup', admin)).json().lastError).toBe(run.json().message);
  });
});
