import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/db/schema/customers';
import { notificationReads } from '../../src/db/schema/notification-reads';
import { notifications } from '../../src/db/schema/notifications';
import { notify, notifyCustomer } from '../../src/modules/notifications/notify.service';
import { makeCourier, makeCustomer, makeUser, tokenForCustomer } from '../fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, tokenFor } from '../helper';

/** Marking a notification read: another courier's (or another person's) answers 404 and changes nothing. */
let t: TestApp;
const callers: Record<string, string> = {};
const foreign: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  for (const email of ['admin@jamaicaexpress.test', 'manager@jamaicaexpress.test', 'staff@jamaicaexpress.test'])
    callers[email] = await tokenFor(t, email);
  callers.customer = await tokenForCustomer(t, c.id);
  // Courier B's notifications of every audience, and one for a neighbour of the same courier.
  const b = await makeCourier(t, 'NRB');
  await makeUser(t, b.id, 'courier_admin');
  const customerB = await makeCustomer(t, b.id);
  const neighbour = await makeCustomer(t, c.courierId);
  foreign.staffOfB = await notify(t.db, { courierId: b.id, type: 'new_ticket', title: 'Ticket at B' });
  foreign.adminsOfB = await notify(t.db, { courierId: b.id, type: 'new_pre_alert', title: 'Pre-alert at B', audience: 'admins' });
  foreign.announcementToB = await notify(t.db, { courierId: b.id, type: 'announcement', title: 'To B only' });
  const target = { kind: 'invoice' as const, ref: 'INV-000001' };
  foreign.customerOfB = await notifyCustomer(t.db, {
    courierId: b.id,
    customerId: customerB.id,
    type: 'invoice_issued',
    title: 'x',
    target,
  });
  foreign.neighbour = await notifyCustomer(t.db, {
    courierId: c.courierId,
    customerId: neighbour.id,
    type: 'invoice_issued',
    title: 'y',
    target,
  });
});
afterAll(async () => t?.close());

describe('marking a notification read', () => {
  it('answers 404 for every notification the caller cannot see, and records no read', async () => {
    const wrong: string[] = [];
    for (const [who, token] of Object.entries(callers))
      for (const [kind, id] of Object.entries(foreign)) {
        const res = await t.api('POST', `/notifications/${id}/read`, token);
        if (res.statusCode !== 404) wrong.push(`${who} on ${kind}: ${res.statusCode}`);
        else expect(res.json().message).toBe('Notification not found');
      }
    expect(wrong).toEqual([]);
    const ids = Object.values(foreign);
    expect(await t.db.select().from(notificationReads).where(inArray(notificationReads.notificationId, ids))).toEqual([]);
    const rows = await t.db.select({ readAt: notifications.readAt }).from(notifications).where(inArray(notifications.id, ids));
    expect(rows.every((r) => r.readAt === null)).toBe(true);
  });
});
