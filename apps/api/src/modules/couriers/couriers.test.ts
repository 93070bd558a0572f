import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCENT_MESSAGES } from '@courier/shared/domain/accent';
import { SETTINGS_MESSAGES } from '@courier/shared/schemas/settings';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { users } from '../../db/schema/users';
import { makeCourier } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, demoLogin, loginAs, seedDemoData } from '../../../test/helper';
import { SAMPLE_GIF, SAMPLE_PNG, multipart } from '../../../test/multipart';

/** The courier's own record: what the Settings tabs read and change (company, addresses, bank details, logo). */
let t: TestApp;
let courierId: number;
let otherCourierId: number;
let adminToken: string;
let adminId: number;
let staffToken: string;
let customerToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [jxp] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!jxp) throw new Error('demo courier missing');
  courierId = jxp.id;
  otherCourierId = (await makeCourier(t, 'OTH')).id;
  adminToken = await loginAs(t, 'courier_admin');
  const [admin] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoLogin('courier_admin').email));
  adminId = admin?.id ?? 0;
  staffToken = await loginAs(t, 'staff');
  customerToken = await loginAs(t, 'customer');
});
afterAll(async () => t?.close());

/** The courier admin sends a logo the way the Settings tab's file picker does. */
function uploadLogo(id: number, name: string, type: string, data: Buffer) {
  const form = multipart({}, { field: 'logo', name, type, data });
  return t.api({ method: 'POST', url: `/couriers/${id}/logo`, token: adminToken, ...form });
}

async function lastAudit(action: string) {
  const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

describe('GET /couriers/{id}', () => {
  it('answers the own courier without its api key', async () => {
    const res = await t.api('GET', `/couriers/${courierId}`, adminToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: courierId, code: 'JXP', name: 'Jamaica Express Post' });
    expect(body.shipping_address_air).toContain('Miami');
    expect(JSON.stringify(body)).not.toContain('ck_demo');
  });

  it("answers 404 for another courier's id", async () => {
    const res = await t.api('GET', `/couriers/${otherCourierId}`, adminToken);
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /couriers/{id} (Company Settings)', () => {
  const company = {
    name: 'Jamaica Express Post Ltd',
    first_name: 'Andrea',
    last_name: 'Campbell-Reid',
    email: 'Office@JamaicaExpress.test',
  };

  it('saves the name and the contact, and audits it', async () => {
    const res = await t.api('PUT', `/couriers/${courierId}`, adminToken, company);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: company.name, last_name: 'Campbell-Reid', email: 'office@jamaicaexpress.test', code: 'JXP' });
    const entry = await lastAudit('courier.company_updated');
    expect(entry).toMatchObject({ courierId, actorType: 'user', actorId: adminId, entity: 'courier' });
  });

  it('audits before and after with the same field names: saved again unchanged, nothing differs', async () => {
    const save = () => t.api('PUT', `/couriers/${courierId}`, adminToken, company);
    expect((await save()).statusCode).toBe(200);
    expect((await save()).statusCode).toBe(200);
    const details = (await lastAudit('courier.company_updated'))?.details as { before: object; after: object };
    expect(Object.keys(details.before).sort()).toEqual(Object.keys(details.after).sort());
    expect(details.before).toEqual(details.after);
    expect(details.after).toMatchObject({ name: company.name, first_name: 'Andrea', email: 'office@jamaicaexpress.test' });
  });

  it('refuses a bad e-mail, an unknown field, another courier and a staff member', async () => {
    const bad = await t.api('PUT', `/couriers/${courierId}`, adminToken, { ...company, email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SETTINGS_MESSAGES.emailInvalid);
    const extra = await t.api('PUT', `/couriers/${courierId}`, adminToken, { ...company, code: 'X' });
    expect(extra.statusCode).toBe(400);
    const other = await t.api('PUT', `/couriers/${otherCourierId}`, adminToken, company);
    expect(other.statusCode).toBe(404);
    const staff = await t.api('PUT', `/couriers/${courierId}`, staffToken, company);
    expect(staff.statusCode).toBe(403);
  });
});

describe('the accent colour (Company Settings)', () => {
  const company = { name: 'Jamaica Express', first_name: 'Andrea', last_name: 'Campbell', email: 'office@jamaicaexpress.test' };

  it('saves a #rrggbb colour, shows it to the portals and the storefront, and clears it when empty', async () => {
    const saved = await t.api('PUT', `/couriers/${courierId}`, adminToken, { ...company, accent_color: '#C2410C' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ accent_color: '#c2410c' });
    const profile = await t.api('GET', '/auth/profile', staffToken);
    expect(profile.json().data?.courier ?? profile.json().courier).toMatchObject({ accent_color: '#c2410c' });
    const [row] = await t.db.select({ apiKey: couriers.apiKey }).from(couriers).where(eq(couriers.id, courierId));
    const site = await t.api('GET', `/public/site?api_key=${row?.apiKey}`);
    expect(site.json().courier).toMatchObject({ accentColor: '#c2410c' });
    // Another courier keeps the default.
    const [other] = await t.db.select({ accentColor: couriers.accentColor }).from(couriers).where(eq(couriers.id, otherCourierId));
    expect(other?.accentColor).toBeNull();

    const cleared = await t.api('PUT', `/couriers/${courierId}`, adminToken, { ...company, accent_color: '' });
    expect(cleared.json()).toMatchObject({ accent_color: null });
  });

  it('refuses a colour that is not #rrggbb in plain words, another courier and a staff member', async () => {
    for (const bad of ['orange', '#fff', 12]) {
      const res = await t.api('PUT', `/couriers/${courierId}`, adminToken, { ...company, accent_color: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(ACCENT_MESSAGES.invalid);
    }
    expect((await t.api('PUT', `/couriers/${otherCourierId}`, adminToken, { ...company, accent_color: '#c2410c' })).statusCode).toBe(404);
    expect((await t.api('PUT', `/couriers/${courierId}`, staffToken, { ...company, accent_color: '#c2410c' })).statusCode).toBe(403);
  });
});

describe('the time zone (Company Settings)', () => {
  const company = { name: 'Jamaica Express', first_name: 'Andrea', last_name: 'Campbell', email: 'office@jamaicaexpress.test' };

  it("is the zone of the courier's people and of its public pages as soon as it is saved", async () => {
    const saved = await t.api('PUT', `/couriers/${courierId}`, adminToken, { ...company, time_zone: 'Pacific/Kiritimati' });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      // The portals show every date in the profile's zone, the public pages in the site's.
      for (const token of [adminToken, staffToken]) {
        expect((await t.api('GET', '/auth/profile', token)).json().timeZone).toBe('Pacific/Kiritimati');
      }
      const [row] = await t.db.select({ apiKey: couriers.apiKey }).from(couriers).where(eq(couriers.id, courierId));
      const site = await t.api('GET', `/public/site?api_key=${row?.apiKey}`);
      expect(site.json().courier.timeZone).toBe('Pacific/Kiritimati');
    } finally {
      await t.api('PUT', `/couriers/${courierId}`, adminToken, { ...company, time_zone: 'America/Jamaica' });
    }
  });
});

describe('shipping addresses and bank details', () => {
  it('saves both AIR and SEA addresses', async () => {
    const payload = { shipping_address_air: '1 Air Way\nMiami, FL', shipping_address_sea: '2 Sea Road\nDoral, FL' };
    const res = await t.api('PUT', `/couriers/${courierId}/shipping-addresses`, adminToken, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(payload);
    expect(await lastAudit('courier.shipping_addresses_updated')).toBeDefined();
  });

  it('saves bank details and reads them back line by line', async () => {
    const bank_details = 'Bank: NCB\n\nAccount: 123-456\r\nType: Savings';
    const res = await t.api('PUT', `/couriers/${courierId}/bank-details`, adminToken, { bank_details });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, courier: { bank_details } });
    const read = await t.api('GET', '/settings/bank-details', customerToken);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ details: bank_details, lines: ['Bank: NCB', 'Account: 123-456', 'Type: Savings'] });
  });
});

describe('POST /couriers/{id}/logo', () => {
  it('stores a PNG and serves it as an image with safe headers', async () => {
    const res = await uploadLogo(courierId, 'logo.png', 'image/png', SAMPLE_PNG);
    expect(res.statusCode).toBe(200);
    const { logo_url } = res.json();
    expect(logo_url).toMatch(/^\/api\/files\/logos\/[a-f0-9]{32}\.png$/);
    const file = await t.api({ method: 'GET', path: logo_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(file.rawPayload.equals(SAMPLE_PNG)).toBe(true);
    const courier = await t.api('GET', `/couriers/${courierId}`, adminToken);
    expect(courier.json().logo_url).toBe(logo_url);
  });

  it('replaces the logo with a GIF and removes the old file', async () => {
    const before = (await t.api('GET', `/couriers/${courierId}`, adminToken)).json().logo_url;
    const res = await uploadLogo(courierId, 'logo.gif', 'image/gif', SAMPLE_GIF);
    expect(res.statusCode).toBe(200);
    expect((await t.api({ method: 'GET', path: before })).statusCode).toBe(404);
  });

  it('refuses a 6 MB image', async () => {
    const big = Buffer.concat([SAMPLE_PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await uploadLogo(courierId, 'big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(SETTINGS_MESSAGES.logoTooLarge);
  });

  it('refuses a text file named .png, checked by its bytes', async () => {
    const res = await uploadLogo(courierId, 'logo.png', 'image/png', Buffer.from('<svg onload=alert(1)>'));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(SETTINGS_MESSAGES.logoNotImage);
  });

  it("refuses another courier's logo", async () => {
    const res = await uploadLogo(otherCourierId, 'logo.png', 'image/png', SAMPLE_PNG);
    expect(res.statusCode).toBe(404);
  });
});
