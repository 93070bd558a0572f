import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { notify } from './notify.service';

let t: TestApp;
let courierA: number;
let courierB: number;
let courierC: number;
let adminA: { id: number; token: string };
let staffA: { id: number; token: string };
let adminB: { id: number; token: string };
let adminC: { id: number; token: string };
let superAdmin: { token: string };

beforeAll(async () => {
  t = await buildTestApp();
  courierA = (await makeCourier(t, 'NTA')).id;
  courierB = (await makeCourier(t, 'NTB')).id;
  courierC = (await makeCourier(t, 'NTC')).id;
  adminA = await makeUser(t, courierA, 'courier_admin');
  staffA = await makeUser(t, courierA, 'staff', ['packages_view']);
  adminB = await makeUser(t, courierB, 'courier_admin');
  adminC = await makeUser(t, courierC, 'courier_admin');
  superAdmin = await makeUser(t, null, 'super_admin');
});
afterAll(async () => t?.close());

const feed = async (who: { token: string }, query = '') => (await t.api('GET', `/notifications${query}`, who.token)).json();

describe('notifications', () => {
  it('a new ticket notifies the courier; other couriers and staff without tickets_view do not see it', async () => {
    const customer = await makeCustomer(t, courierA);
    await t.api('POST', '/tickets', customer.token, { subject: 'Lost parcel', department: 'Packages', message: 'Help' });
    const a = await feed(adminA);
    expect(a.data[0]).toMatchObject({
      type: 'new_ticket',
      title: 'New ticket TKT-000001',
      link: '/admin/support-tickets?ticket=TKT-000001',
      read: false,
    });
    expect(a.unreadCount).toBe(1);
    expect((await feed(adminB)).total).toBe(0);
    expect((await feed(staffA)).total).toBe(0);
  });

  it('notify() from other areas reaches staff by permission, and reads are per person', async () => {
    const id = await notify(t.db, {
      courierId: courierA,
      type: 'new_pre_alert',
      title: 'New pre-alert',
      body: 'Amazon 1Z999',
      target: { kind: 'package', ref: '1Z999' },
    });
    const seen = (await feed(staffA)).data.find((n: { id: number }) => n.id === id);
    expect(seen.link).toBe('/staff/packages?search=1Z999');
    const read = await t.api('POST', `/notifications/${id}/read`, staffA.token);
    expect(read.statusCode).toBe(200);
    expect((await feed(staffA)).data.find((n: { id: number }) => n.id === id).read).toBe(true);
    expect((await feed(adminA)).data.find((n: { id: number }) => n.id === id).read).toBe(false);
    expect((await t.api('POST', `/notifications/${id}/read`, adminB.token)).statusCode).toBe(404);
    const all = await t.api('POST', '/notifications/read-all', adminA.token);
    expect(all.json().updated).toBe(2);
    expect((await feed(adminA, '?unread=true')).total).toBe(0);
  });

  it('admins-only notifications skip staff', async () => {
    await notify(t.db, { courierId: courierA, type: 'manifest_arrived', title: 'Manifest arrived', audience: 'admins' });
    const staffWithManifests = await makeUser(t, courierA, 'staff', ['manifests_view']);
    expect((await feed(staffWithManifests)).total).toBe(0);
    expect((await feed(adminA)).data[0].type).toBe('manifest_arrived');
  });

  it('the super admin announces to all or to chosen couriers', async () => {
    const all = await t.api('POST', '/notifications/announcements', superAdmin.token, {
      title: 'Maintenance',
      body: 'Sunday 2am',
      target: 'all',
    });
    expect(all.statusCode, all.body).toBe(201);
    for (const who of [adminA, adminB, adminC, staffA])
      expect((await feed(who)).data.some((n: { title: string }) => n.title === 'Maintenance')).toBe(true);

    const chosen = await t.api('POST', '/notifications/announcements', superAdmin.token, {
      title: 'Only B',
      body: 'For you',
      target: 'chosen',
      courierIds: [courierB],
    });
    expect(chosen.json().sent).toBe(1);
    expect((await feed(adminB)).data.some((n: { title: string }) => n.title === 'Only B')).toBe(true);
    expect((await feed(adminA)).data.some((n: { title: string }) => n.title === 'Only B')).toBe(false);

    const none = await t.api('POST', '/notifications/announcements', superAdmin.token, {
      title: 'x',
      body: 'y',
      target: 'chosen',
      courierIds: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please choose at least one courier');
    const list = (await t.api('GET', '/notifications/announcements', superAdmin.token)).json();
    expect(list.data.map((a: { title: string; courier: { id: number } | null }) => [a.title, a.courier?.id ?? null])).toEqual([
      ['Only B', courierB],
      ['Maintenance', null],
    ]);
    const refused = await t.api('POST', '/notifications/announcements', adminA.token, { title: 'x', body: 'y', target: 'all' });
    expect(refused.statusCode).toBe(403);
  });
});
