import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CARRIER_TRACKING_MESSAGES } from '@courier/shared/schemas/carrier-tracking';
import { carrierTrackingEvents, carrierTrackings } from '../../db/schema/carrier-tracking';
import { couriers } from '../../db/schema/couriers';
import { notifications } from '../../db/schema/notifications';
import { preAlerts } from '../../db/schema/pre-alerts';
import { SecretBox } from '../../lib/secret-box';
import { runWarehouseAlerts } from '../../jobs/carrier-tracking-job';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { freePort } from '../../../test/crash/server-process';
import { type ApiRequest, type TestApp, buildTestApp } from '../../../test/helper';
import { webhookSignature } from './aftership';
import { registerDueTrackings } from './carrier-trackings.service';
import { type TrackingSimulator, startTrackingSimulator } from './simulator';
import type { TrackingDeps } from './tracking-accounts.service';

// The simulator and this file's server listen on free ports the kernel picks (the server's
// address is the webhook address the simulator posts to): fixed ones clashed with another run.

let t: TestApp;
let sim: TrackingSimulator;
let deps: TrackingDeps;
let courierA: number;
let courierB: number;
let alice: { id: number; token: string };
let neighbour: { id: number; token: string };
let carol: { id: number; token: string };
let adminA: { token: string };
let staffNoPackages: { token: string };
const NUMBER = '1Z999AA10123456784';

const preAlert = async (token: string, trackingNumber = NUMBER) => {
  const res = await t.api('POST', '/customer/pre-alerts', token, {
    trackingNumber,
    merchant: 'Amazon',
    description: 'Blender',
    declaredValueUsdCents: 5999,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};
const trackingOf = async (preAlertId: number) => {
  const [row] = await t.db.select().from(carrierTrackings).where(eq(carrierTrackings.preAlertId, preAlertId));
  if (!row) throw new Error('no tracking row');
  return row;
};
const eventsOf = async (trackingId: number) =>
  t.db.select().from(carrierTrackingEvents).where(eq(carrierTrackingEvents.trackingId, trackingId));
/** AfterShip's webhook call to a courier: the raw body, signed (or not). */
const webhook = (courierId: number, body: string, signature?: string): ApiRequest => ({
  method: 'POST',
  url: `/carrier-tracking/aftership/${courierId}`,
  payload: body,
  headers: { 'content-type': 'application/json', ...(signature ? { 'aftership-hmac-sha256': signature } : {}) },
});

let alicePreAlert: number;
let carolPreAlert: number;

beforeAll(async () => {
  sim = await startTrackingSimulator(0);
  const appPort = await freePort();
  t = await buildTestApp({ TRACKING_SIMULATOR_URL: sim.origin, PUBLIC_URL: `http://127.0.0.1:${appPort}` });
  await t.app.listen({ port: appPort, host: '127.0.0.1' });
  deps = { db: t.db, config: t.config, box: new SecretBox(t.ctx.tokens.secret) };
  courierA = (await makeCourier(t, 'CTA')).id;
  courierB = (await makeCourier(t, 'CTB')).id;
  // Both in test mode: their pre-alerts are followed through the simulator.
  await t.db.update(couriers).set({ paymentTestMode: true });
  alice = await makeCustomer(t, courierA);
  neighbour = await makeCustomer(t, courierA);
  carol = await makeCustomer(t, courierB);
  adminA = await makeUser(t, courierA, 'courier_admin');
  staffNoPackages = await makeUser(t, courierA, 'staff', ['tickets_view']);

  // The same tracking number pre-alerted at two couriers: each follows its own.
  alicePreAlert = (await preAlert(alice.token)).id;
  carolPreAlert = (await preAlert(carol.token)).id;
  expect(await registerDueTrackings(deps)).toBe(2);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('following a pre-alert at the aggregator', () => {
  it('registers each pre-alert under its own courier’s account, as TEST through the simulator', async () => {
    const a = await trackingOf(alicePreAlert);
    const b = await trackingOf(carolPreAlert);
    expect(a.externalId).toBeTruthy();
    expect(b.externalId).toBeTruthy();
    expect(a.externalId).not.toBe(b.externalId);
    expect(a.test && b.test).toBe(true);
    expect(a.slug).toBe('ups');
    expect(sim.trackings.filter((x) => x.tracking_number === NUMBER)).toHaveLength(2);
    // Nothing is due any more: a second round registers nothing twice.
    expect(await registerDueTrackings(deps)).toBe(0);
  });

  it('takes the signed webhooks: in transit, out for delivery, delivered; shown on the customer’s timeline', async () => {
    const a = await trackingOf(alicePreAlert);
    for (const tag of ['InTransit', 'OutForDelivery', 'Delivered']) {
      expect(await sim.checkpoint({ trackingNumber: NUMBER, id: a.externalId ?? '', tag })).toEqual([200]);
    }
    const res = await t.api('GET', `/customer/pre-alerts/${alicePreAlert}/carrier-tracking`, alice.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.tag).toBe('Delivered');
    expect(body.label).toBe('Delivered to our Miami warehouse');
    expect(body.test).toBe(true);
    expect(body.events.map((e: { tag: string }) => e.tag).sort()).toEqual(['Delivered', 'InTransit', 'OutForDelivery']);
    expect(body.deliveredAt).toBeTruthy();
  });

  it('never updates another courier’s pre-alert with the same tracking number', async () => {
    const b = await trackingOf(carolPreAlert);
    expect(b.tag).toBe('Pending');
    expect(await eventsOf(b.id)).toHaveLength(0);
    // Courier A's tracking posted to courier B's address, signed with B's own secret: B has no such tracking.
    const a = await trackingOf(alicePreAlert);
    const simulated = sim.trackings.find((x) => x.id === a.externalId);
    const body = JSON.stringify({ event: 'tracking_update', event_id: 'x', ts: 1, msg: { ...simulated, apiKey: undefined } });
    const [accountB] = await t.db.query.carrierTrackingAccounts.findMany({ where: (acc, { eq: is }) => is(acc.courierId, courierB) });
    const secretB = deps.box.open(accountB?.webhookSecretSealed ?? '');
    const res = await t.api(webhook(courierB, body, webhookSignature(secretB, body)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated).toBe(0);
    expect((await trackingOf(carolPreAlert)).tag).toBe('Pending');
    // Carol cannot read Alice's, Alice's neighbour neither; staff see only their own courier's.
    const other = await t.api('GET', `/customer/pre-alerts/${alicePreAlert}/carrier-tracking`, carol.token);
    expect(other.statusCode).toBe(404);
    const neighbours = await t.api('GET', `/customer/pre-alerts/${alicePreAlert}/carrier-tracking`, neighbour.token);
    expect(neighbours.statusCode).toBe(404);
    const list = await t.api('GET', '/carrier-tracking', adminA.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: { preAlertId: number }) => x.preAlertId)).toEqual([alicePreAlert]);
    const refused = await t.api('GET', '/carrier-tracking', staffNoPackages.token);
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a webhook whose signature is wrong or missing, and changes nothing', async () => {
    const a = await trackingOf(alicePreAlert);
    const before = (await eventsOf(a.id)).length;
    const msg = {
      id: a.externalId,
      tracking_number: NUMBER,
      tag: 'Exception',
      checkpoints: [{ checkpoint_time: new Date().toISOString(), tag: 'Exception', message: 'Forged' }],
    };
    const body = JSON.stringify({ event: 'tracking_update', msg });
    const forged = await t.api(webhook(courierA, body, webhookSignature('not-the-secret', body)));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(CARRIER_TRACKING_MESSAGES.signatureInvalid);
    const unsigned = await t.api(webhook(courierA, body));
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe(CARRIER_TRACKING_MESSAGES.signatureInvalid);
    // Courier B's secret does not open courier A's address.
    const [accountB] = await t.db.query.carrierTrackingAccounts.findMany({ where: (acc, { eq: is }) => is(acc.courierId, courierB) });
    const crossed = await t.api(webhook(courierA, body, webhookSignature(deps.box.open(accountB?.webhookSecretSealed ?? ''), body)));
    expect(crossed.statusCode).toBe(400);
    expect(await eventsOf(a.id)).toHaveLength(before);
    expect((await trackingOf(alicePreAlert)).tag).toBe('Delivered');
  });

  it('keeps each checkpoint once however often the same webhook comes', async () => {
    const a = await trackingOf(alicePreAlert);
    const [accountA] = await t.db.query.carrierTrackingAccounts.findMany({ where: (acc, { eq: is }) => is(acc.courierId, courierA) });
    const secretA = deps.box.open(accountA?.webhookSecretSealed ?? '');
    const simulated = sim.trackings.find((x) => x.id === a.externalId);
    const body = JSON.stringify({ event: 'tracking_update', event_id: 'same', ts: 2, msg: { ...simulated, apiKey: undefined } });
    const before = (await eventsOf(a.id)).length;
    for (let i = 0; i < 3; i++) expect((await t.api(webhook(courierA, body, webhookSignature(secretA, body)))).statusCode).toBe(200);
    expect(await eventsOf(a.id)).toHaveLength(before);
    const notTracking = '{"event":"tracking_update","msg":{}}';
    const bad = await t.api(webhook(courierA, notTracking, webhookSignature(secretA, notTracking)));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });
});

describe('delivered to the warehouse but not received', () => {
  const alertsOf = (courierId: number) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.courierId, courierId), eq(notifications.type, 'carrier_delivered_not_received')));

  it('becomes a warehouse alert once the courier’s next day has ended, on the courier’s clock, once', async () => {
    // Delivered 22:00 on Monday 23 November in Jamaica (03:00 on the 24th in UTC).
    await t.db.update(couriers).set({ timeZone: 'America/Jamaica' }).where(eq(couriers.id, courierA));
    await t.db
      .update(carrierTrackings)
      .set({ deliveredAt: new Date('2026-11-24T03:00:00Z'), alertedAt: null })
      .where(eq(carrierTrackings.preAlertId, alicePreAlert));
    // Tuesday 23:30 in Jamaica: the next day has not ended.
    expect(await runWarehouseAlerts(t.db, new Date('2026-11-25T04:30:00Z'))).toEqual({ ran: true, result: 0 });
    expect(await alertsOf(courierA)).toHaveLength(0);
    // Wednesday 01:00 in Jamaica (still the 25th in UTC, so a UTC day would not count it yet).
    expect(await runWarehouseAlerts(t.db, new Date('2026-11-25T06:00:00Z'))).toEqual({ ran: true, result: 1 });
    const alerts = await alertsOf(courierA);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.title).toContain(NUMBER);
    expect(alerts[0]?.title).toContain('TEST');
    expect(await alertsOf(courierB)).toHaveLength(0);
    // Told once.
    expect(await runWarehouseAlerts(t.db, new Date('2026-11-27T06:00:00Z'))).toEqual({ ran: true, result: 0 });
    // Staff find it among the parcels waiting.
    const waiting = await t.api('GET', '/carrier-tracking?show=waiting', adminA.token);
    expect(waiting.json().data.map((x: { preAlertId: number }) => x.preAlertId)).toEqual([alicePreAlert]);
  });

  it('says nothing of a parcel received in the meantime', async () => {
    const second = await preAlert(neighbour.token, '9400111899223100000001');
    await registerDueTrackings(deps);
    await t.db
      .update(carrierTrackings)
      .set({ tag: 'Delivered', deliveredAt: new Date('2026-11-24T03:00:00Z') })
      .where(eq(carrierTrackings.preAlertId, second.id));
    await t.db.update(preAlerts).set({ status: 'received' }).where(eq(preAlerts.id, second.id));
    expect(await runWarehouseAlerts(t.db, new Date('2026-11-28T06:00:00Z'))).toEqual({ ran: true, result: 0 });
    expect((await trackingOf(second.id)).alertedAt).toBeNull();
  });
});
