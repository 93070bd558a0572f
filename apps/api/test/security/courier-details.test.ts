import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STAFF_PERMISSIONS } from '@courier/shared/constants/permissions';
import { couriers } from '../../src/db/schema/couriers';
import { customers } from '../../src/db/schema/customers';
import { makeUser, tokenForCustomer } from '../fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from '../helper';

/**
 * A courier's bank details, US shipping addresses and contact person are read whole only with the
 * settings right (and by customers, who pay into the account, on the bank-details call); other
 * staff get what their pages show of the courier: name, logo and the documents' details.
 */
let t: TestApp;
let courierId: number;
let noSettings: string;
let withSettings: string;
let admin: string;
let customer: string;
const BANK = 'NCB Mandeville\nAccount 123-456-789';
const AIR = '8400 NW 25th St, Doral FL 33122';

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  courierId = c.courierId;
  await t.db.update(couriers).set({ bankDetails: BANK, shippingAddressAir: AIR }).where(eq(couriers.id, courierId));
  noSettings = (
    await makeUser(
      t,
      courierId,
      'staff',
      DEFAULT_STAFF_PERMISSIONS.filter((p) => p !== 'settings_view'),
    )
  ).token;
  withSettings = (await makeUser(t, courierId, 'staff', ['settings_view'])).token;
  admin = await loginAs(t, 'courier_admin');
  customer = await tokenForCustomer(t, c.id);
});
afterAll(async () => t?.close());

const SENSITIVE = ['bank_details', 'shipping_address_air', 'shipping_address_sea', 'first_name', 'last_name', 'email'];

describe('the courier record and its bank details by right', () => {
  it('staff without the settings right get the courier without its bank details, addresses or contact', async () => {
    const res = await t.api('GET', `/couriers/${courierId}`, noSettings);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: courierId, code: 'JXP', name: expect.any(String), time_zone: expect.any(String) });
    for (const field of SENSITIVE) expect(body, field).not.toHaveProperty(field);
    expect(res.body).not.toContain('NCB Mandeville');
    expect(res.body).not.toContain('Doral');
  });

  it('refuses them the bank-details call (403), and a customer gets the brief courier too', async () => {
    const bank = await t.api('GET', '/settings/bank-details', noSettings);
    expect(bank.statusCode).toBe(403);
    expect(bank.body).not.toContain('NCB');
    const asCustomer = await t.api('GET', `/couriers/${courierId}`, customer);
    expect(asCustomer.statusCode).toBe(200);
    for (const field of SENSITIVE) expect(asCustomer.json(), field).not.toHaveProperty(field);
  });

  it('the settings right, the courier admin and the paying customer still read what they need', async () => {
    for (const token of [withSettings, admin]) {
      const res = await t.api('GET', `/couriers/${courierId}`, token);
      expect(res.json()).toMatchObject({ bank_details: BANK, shipping_address_air: AIR });
      expect((await t.api('GET', '/settings/bank-details', token)).json()).toEqual({ details: BANK, lines: BANK.split('\n') });
    }
    expect((await t.api('GET', '/settings/bank-details', customer)).json().lines).toEqual(BANK.split('\n'));
  });
});
