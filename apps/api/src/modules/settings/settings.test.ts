import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@courier/shared/schemas/settings';
import { auditLog } from '../../db/schema/audit-log';
import { courierEmailConfigs, emailOutbox } from '../../db/schema/email';
import { couriers } from '../../db/schema/couriers';
import { roles } from '../../db/schema/roles';
import { shippingRates } from '../../db/schema/shipping-rates';
import { users } from '../../db/schema/users';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { type TestApp, buildTestApp, seedDemoData, demoLogin, loginAs, tokenFor } from '../../../test/helper';
import { getCourierRates, processingFeeCentsFor } from './rates.service';

// ---------------------------------------------------------------------------------------------
// A real SMTP server on loopback: it accepts only SMTP_USER / SMTP_PASS and keeps what it gets.

const SMTP_USER = 'mailer@jamaicaexpress.test';
const SMTP_PASS = 'correct horse battery staple';
interface Received {
  to: string[];
  raw: string;
}
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: false,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === SMTP_USER && auth.password === SMTP_PASS) return callback(null, { user: auth.username });
    return callback(new Error('Invalid username or password'));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});
let smtpPort = 0;

// ---------------------------------------------------------------------------------------------

let t: TestApp;
let courierId: number;
let otherCourierId: number;
let adminToken: string;
let adminId: number;
let otherAdminToken: string;
let staffToken: string;
let noSettingsToken: string;
let customerToken: string;
let superToken: string;

/** The id of the staff member with this e-mail. */
async function userId(email: string): Promise<number> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  // The loopback sink listens on a random port without TLS: the platform allows the port, and the
  // super admin lets this courier send without TLS (test/security/smtp.test.ts covers the refusals).
  t = await buildTestApp({ SMTP_ALLOWED_PORTS: String(smtpPort) });
  await seedDemoData(t);
  const [jxp] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!jxp) throw new Error('demo courier missing');
  courierId = jxp.id;
  await t.db.update(couriers).set({ smtpAllowInsecure: true }).where(eq(couriers.id, courierId));

  // A second courier with its own admin and a rate and a fee of its own.
  const [other] = await t.db.insert(couriers).values({ name: 'Other Courier', code: 'OTH', apiKey: 'ck_other_courier_key' }).returning();
  if (!other) throw new Error('insert failed');
  otherCourierId = other.id;
  await t.db.insert(users).values({
    courierId: other.id,
    role: 'courier_admin',
    firstName: 'Olive',
    lastName: 'Other',
    email: 'admin@other.test',
    passwordHash: await hashPassword('OtherAdmin#2026'),
  });

  // A staff member whose role lacks settings_view.
  const [limited] = await t.db
    .insert(roles)
    .values({ courierId, name: 'Counter only', permissions: ['dashboard_view', 'packages_view'] })
    .returning();
  await t.db.insert(users).values({
    courierId,
    role: 'staff',
    roleId: limited?.id,
    firstName: 'Nora',
    lastName: 'Nosettings',
    email: 'nosettings@jamaicaexpress.test',
    passwordHash: await hashPassword('NoSettings#2026'),
  });

  adminToken = await loginAs(t, 'courier_admin');
  adminId = await userId(demoLogin('courier_admin').email);
  otherAdminToken = await tokenFor(t, 'admin@other.test');
  staffToken = await loginAs(t, 'staff');
  noSettingsToken = await tokenFor(t, 'nosettings@jamaicaexpress.test');
  superToken = await loginAs(t, 'super_admin');
  customerToken = await loginAs(t, 'customer');
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** A multipart body the way a browser's FormData sends it. */
function multipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }>) {
  const boundary = `----courier${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// Smallest real files of each kind.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function lastAudit(action: string) {
  const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

describe('shipping rates', () => {
  let rateId: number;

  it('lists the seeded rates in weight order with cost in JMD', async () => {
    const res = await t.api('GET', '/settings/shipping-rates', adminToken);
    expect(res.statusCode).toBe(200);
    const rates = res.json();
    expect(rates).toHaveLength(10);
    expect(rates[0]).toMatchObject({ weight: '1', cost: 650, status: 'active' });
  });

  it('creates, edits and deletes a rate, auditing each', async () => {
    const created = await t.api('POST', '/settings/shipping-rates', adminToken, { weight: '11', cost: 4650.5 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ weight: '11', cost: 4650.5, status: 'active' });
    rateId = created.json().id;
    const [row] = await t.db.select().from(shippingRates).where(eq(shippingRates.id, rateId));
    expect(row?.costCents).toBe(465_050);

    const updated = await t.api('PUT', `/settings/shipping-rates/${rateId}`, adminToken, { weight: '11', cost: 4700, status: 'inactive' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ cost: 4700, status: 'inactive' });
    expect(await lastAudit('shipping_rate.updated')).toMatchObject({ entityId: String(rateId) });

    // An inactive rate is not one the calculator or invoices use.
    const rates = await getCourierRates(t.db, courierId);
    expect(rates.rates.map((r) => r.weightLbs)).not.toContain(11);
  });

  it('requires weight and cost', async () => {
    const res = await t.api('POST', '/settings/shipping-rates', adminToken, { weight: ' ', cost: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SETTINGS_MESSAGES.weightRequired);
    const noCost = await t.api('POST', '/settings/shipping-rates', adminToken, { weight: '3' });
    expect(noCost.statusCode).toBe(400);
    expect(noCost.json().message).toBe(SETTINGS_MESSAGES.costRequired);
  });

  it("answers 404 for another courier's rate, and leaves it alone", async () => {
    const put = await t.api('PUT', `/settings/shipping-rates/${rateId}`, otherAdminToken, { weight: '1', cost: 1, status: 'active' });
    expect(put.statusCode).toBe(404);
    const del = await t.api('DELETE', `/settings/shipping-rates/${rateId}`, otherAdminToken);
    expect(del.statusCode).toBe(404);
    const list = await t.api('GET', '/settings/shipping-rates', otherAdminToken);
    expect(list.json()).toEqual([]);
  });

  it('deletes the rate', async () => {
    const res = await t.api('DELETE', `/settings/shipping-rates/${rateId}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(await lastAudit('shipping_rate.deleted')).toMatchObject({ entityId: String(rateId) });
    const again = await t.api('DELETE', `/settings/shipping-rates/${rateId}`, adminToken);
    expect(again.statusCode).toBe(404);
  });

  it('lets staff with settings_view read but not change; refuses staff without it and customers', async () => {
    expect((await t.api('GET', '/settings/shipping-rates', staffToken)).statusCode).toBe(200);
    const post = await t.api('POST', '/settings/shipping-rates', staffToken, { weight: '2', cost: 1 });
    expect(post.statusCode).toBe(403);
    for (const url of [
      '/api/settings/shipping-rates',
      '/api/settings/processing-fees',
      '/api/settings/additional-fees',
      `/api/settings/couriers/${courierId}/email-config`,
    ]) {
      expect((await t.api({ method: 'GET', path: url, token: noSettingsToken })).statusCode, url).toBe(403);
      expect((await t.api({ method: 'GET', path: url, token: customerToken })).statusCode, url).toBe(403);
    }
  });

  it('lets the super admin work on a named courier only', async () => {
    const none = await t.api('GET', '/settings/shipping-rates', superToken);
    expect(none.statusCode).toBe(400);
    const named = await t.api('GET', `/settings/shipping-rates?courierId=${courierId}`, superToken);
    expect(named.statusCode).toBe(200);
    expect(named.json()).toHaveLength(10);
  });
});

describe('additional fees', () => {
  const valid = { gct: 16.5, unknownFee: 500, uncollectedFee: 300, switchingFee: 200.25 };

  it('refuses GCT 101, GCT with two decimals and negative fees', async () => {
    const cases: Array<[Record<string, number>, string]> = [
      [{ ...valid, gct: 101 }, SETTINGS_MESSAGES.gctRange],
      [{ ...valid, gct: -1 }, SETTINGS_MESSAGES.gctRange],
      [{ ...valid, gct: 16.55 }, SETTINGS_MESSAGES.gctStep],
      [{ ...valid, unknownFee: -0.01 }, SETTINGS_MESSAGES.feeMin],
      [{ ...valid, switchingFee: 1.005 }, SETTINGS_MESSAGES.moneyStep],
    ];
    for (const [payload, message] of cases) {
      const res = await t.api('PUT', '/settings/additional-fees', adminToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('saves them, reads them back as named entries, and billing sees them', async () => {
    const res = await t.api('PUT', '/settings/additional-fees', adminToken, { ...valid, gct: 15 });
    expect(res.statusCode).toBe(200);
    const read = await t.api('GET', '/settings/additional-fees', staffToken);
    expect(read.json()).toMatchObject({ gct: 15, unknownFee: 500, uncollectedFee: 300, switchingFee: 200.25, configured: true });
    expect(read.json().fees).toContainEqual({ name: 'Switching Fee', value: 200.25 });
    const rates = await getCourierRates(t.db, courierId);
    expect(rates).toMatchObject({ gctPercent: 15, unknownFeeCents: 50_000, uncollectedFeeCents: 30_000, switchingFeeCents: 20_025 });
    expect(await lastAudit('additional_fees.updated')).toMatchObject({ courierId });
  });

  it("keeps each courier's fees apart", async () => {
    const other = await t.api('GET', '/settings/additional-fees', otherAdminToken);
    expect(other.json()).toMatchObject({ gct: 0, configured: false });
  });
});

describe('processing fees', () => {
  let feeId: number;

  it("refuses a weight range without 'to'", async () => {
    for (const weightRange of ['1lb - 10lbs', '1lb 10lbs', 'to 10lbs', 'ten to twenty']) {
      const res = await t.api('POST', '/settings/processing-fees', adminToken, { weightRange, fee: 100 });
      expect(res.statusCode, weightRange).toBe(400);
      expect(res.json().message).toBe(SETTINGS_MESSAGES.weightRangeNeedsTo);
    }
    const reversed = await t.api('POST', '/settings/processing-fees', adminToken, { weightRange: '10lbs to 1lb', fee: 100 });
    expect(reversed.json().message).toBe(SETTINGS_MESSAGES.weightRangeOrder);
  });

  it('creates a fee with its parsed bounds, and billing finds it by weight', async () => {
    const res = await t.api('POST', '/settings/processing-fees', adminToken, { weightRange: '100.5lbs to 150lbs', fee: 1250 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ weightRange: '100.5lbs to 150lbs', minWeight: 100.5, maxWeight: 150, fee: 1250 });
    feeId = res.json().id;
    expect(await processingFeeCentsFor(t.db, courierId, 120)).toBe(125_000);
    expect(await processingFeeCentsFor(t.db, courierId, 3)).toBe(30_000);
    expect(await processingFeeCentsFor(t.db, courierId, 500)).toBe(0);
    expect(await processingFeeCentsFor(t.db, otherCourierId, 120)).toBe(0);
  });

  it('edits it, refuses another courier, and deletes it', async () => {
    const put = await t.api('PUT', `/settings/processing-fees/${feeId}`, adminToken, { weightRange: '0.5lbs to 5lbs', fee: 350 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ minWeight: 0.5, maxWeight: 5, fee: 350 });
    const foreign = await t.api('PUT', `/settings/processing-fees/${feeId}`, otherAdminToken, { weightRange: '1lb to 2lbs', fee: 1 });
    expect(foreign.statusCode).toBe(404);
    expect((await t.api('DELETE', `/settings/processing-fees/${feeId}`, otherAdminToken)).statusCode).toBe(404);
    expect((await t.api('DELETE', `/settings/processing-fees/${feeId}`, adminToken)).statusCode).toBe(200);
    expect(await lastAudit('processing_fee.deleted')).toMatchObject({ entityId: String(feeId) });
  });
});

describe('e-mail configuration', () => {
  const url = () => `/api/settings/couriers/${courierId}/email-config`;
  const config = () => ({
    smtp_host: '127.0.0.1',
    smtp_port: smtpPort,
    smtp_user: SMTP_USER,
    smtp_password: SMTP_PASS,
    from_email: 'noreply@jamaicaexpress.test',
    from_name: 'Jamaica Express Post',
    status: 'active',
  });

  it('answers no configuration at first', async () => {
    const res = await t.api({ method: 'GET', path: url(), token: adminToken });
    expect(res.json()).toEqual({ success: true, data: null });
  });

  it('requires every SMTP field, and a password when none is stored', async () => {
    const { smtp_host: _, ...noHost } = config();
    const missing = await t.api({ method: 'POST', path: url(), token: adminToken, payload: noHost });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('smtp_host');
    const blank = await t.api({ method: 'POST', path: url(), token: adminToken, payload: { ...config(), from_name: '' } });
    expect(blank.json().message).toBe(SETTINGS_MESSAGES.fromNameRequired);
    const noPassword = await t.api({ method: 'POST', path: url(), token: adminToken, payload: { ...config(), smtp_password: '' } });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe(SETTINGS_MESSAGES.smtpPasswordRequired);
  });

  it('stores the password sealed and never sends it back', async () => {
    const res = await t.api({ method: 'POST', path: url(), token: adminToken, payload: config() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ smtp_host: '127.0.0.1', smtp_password_set: true, status: 'active' });
    expect(res.body).not.toContain(SMTP_PASS);
    const [row] = await t.db.select().from(courierEmailConfigs).where(eq(courierEmailConfigs.courierId, courierId));
    expect(row?.smtpPasswordEncrypted).toMatch(/^v1\./);
    expect(row?.smtpPasswordEncrypted).not.toContain(SMTP_PASS);
    const read = await t.api({ method: 'GET', path: url(), token: staffToken });
    expect(read.body).not.toContain(SMTP_PASS);
    const entry = await lastAudit('email_config.updated');
    expect(JSON.stringify(entry?.details)).not.toContain(SMTP_PASS);
  });

  it('keeps the stored password when the form leaves it empty', async () => {
    const res = await t.api({
      method: 'POST',
      path: url(),
      token: adminToken,
      payload: { ...config(), smtp_password: '', from_name: 'JXP' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ from_name: 'JXP', smtp_password_set: true });
  });

  it('sends a real test e-mail through those settings', async () => {
    received.length = 0;
    const res = await t.api({ method: 'POST', path: `${url()}/test`, token: adminToken, payload: { test_email: 'owner@example.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: SETTINGS_MESSAGES.testEmailSent });
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['owner@example.test']);
    expect(received[0]?.raw).toContain('Subject: Jamaica Express Post: Test email from Jamaica Express Post');
  });

  it('validates the test address', async () => {
    const empty = await t.api({ method: 'POST', path: `${url()}/test`, token: adminToken, payload: { test_email: '' } });
    expect(empty.json().message).toBe(SETTINGS_MESSAGES.testEmailRequired);
    const bad = await t.api({ method: 'POST', path: `${url()}/test`, token: adminToken, payload: { test_email: 'owner@example' } });
    expect(bad.json().message).toBe(SETTINGS_MESSAGES.testEmailInvalid);
  });

  it("reports the SMTP server's error when the password is wrong", async () => {
    await t.api({ method: 'POST', path: url(), token: adminToken, payload: { ...config(), smtp_password: 'wrong password' } });
    received.length = 0;
    const res = await t.api({ method: 'POST', path: `${url()}/test`, token: adminToken, payload: { test_email: 'owner@example.test' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain(SETTINGS_MESSAGES.testEmailFailed);
    expect(res.json().message).toContain('Invalid username or password');
    expect(received).toHaveLength(0);
    expect(await lastAudit('email_config.test_failed')).toBeDefined();
  });

  it('pauses the courier’s mail while inactive and sends it on re-activation', async () => {
    await t.api({ method: 'POST', path: url(), token: adminToken, payload: { ...config(), status: 'inactive' } });
    received.length = 0;
    const mailId = await t.ctx.mailer.enqueue({ courierId, to: 'waiting@example.test', subject: 'Your package arrived', text: 'Hello' });
    await t.ctx.mailer.drain();
    const [waiting] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, mailId));
    expect(waiting?.status).toBe('pending');
    expect(received).toHaveLength(0);

    const res = await t.api({
      method: 'POST',
      path: url(),
      token: adminToken,
      payload: { ...config(), smtp_password: '', status: 'active' },
    });
    expect(res.statusCode).toBe(200);
    await t.ctx.mailer.drain();
    const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, mailId));
    expect(sent?.status).toBe('sent');
    expect(received.map((m) => m.to[0])).toContain('waiting@example.test');
  });

  it("answers 404 for another courier's configuration", async () => {
    const read = await t.api('GET', `/settings/couriers/${otherCourierId}/email-config`, adminToken);
    expect(read.statusCode).toBe(404);
    const write = await t.api('POST', `/settings/couriers/${otherCourierId}/email-config`, adminToken, config());
    expect(write.statusCode).toBe(404);
    const test = await t.api('POST', `/settings/couriers/${otherCourierId}/email-config/test`, adminToken, { test_email: 'a@b.co' });
    expect(test.statusCode).toBe(404);
  });
});

describe('rate sheet', () => {
  it('uploads a PDF and serves it as a download', async () => {
    const form = multipart([
      { name: 'courier_id', value: String(courierId) },
      { name: 'rate_sheet', filename: 'rates.pdf', type: 'application/pdf', data: PDF },
    ]);
    const res = await t.api({ method: 'POST', url: '/rate-sheet', token: adminToken, ...form });
    expect(res.statusCode).toBe(200);
    const { rate_sheet_url } = res.json();
    expect(rate_sheet_url).toMatch(/^\/api\/files\/rate-sheets\/[a-f0-9]{32}\.pdf$/);
    const read = await t.api('GET', '/rate-sheet', customerToken);
    expect(read.json()).toEqual({ rate_sheet_url });
    const file = await t.api({ method: 'GET', path: rate_sheet_url });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="rate-sheet.pdf"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(await lastAudit('courier.rate_sheet_updated')).toBeDefined();
  });

  it('refuses a PNG renamed to .pdf', async () => {
    const form = multipart([
      { name: 'courier_id', value: String(courierId) },
      { name: 'rate_sheet', filename: 'rates.pdf', type: 'application/pdf', data: PNG },
    ]);
    const res = await t.api({ method: 'POST', url: '/rate-sheet', token: adminToken, ...form });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(SETTINGS_MESSAGES.rateSheetWrongType);
  });

  it('refuses a missing file, a missing courier id and another courier', async () => {
    const noFile = multipart([{ name: 'courier_id', value: String(courierId) }]);
    const a = await t.api({
      method: 'POST',
      url: '/rate-sheet',
      token: adminToken,
      ...noFile,
    });
    expect(a.statusCode).toBe(400);
    expect(a.json().message).toBe(SETTINGS_MESSAGES.fileRequired);
    const noId = multipart([{ name: 'rate_sheet', filename: 'rates.pdf', type: 'application/pdf', data: PDF }]);
    const b = await t.api({ method: 'POST', url: '/rate-sheet', token: adminToken, ...noId });
    expect(b.json().message).toBe(SETTINGS_MESSAGES.courierIdMissing);
    const foreign = multipart([
      { name: 'courier_id', value: String(otherCourierId) },
      { name: 'rate_sheet', filename: 'rates.pdf', type: 'application/pdf', data: PDF },
    ]);
    const c = await t.api({
      method: 'POST',
      url: '/rate-sheet',
      token: adminToken,
      ...foreign,
    });
    expect(c.statusCode).toBe(404);
  });
});

describe('own password and profile', () => {
  it('answers 401 with its message for a wrong current password, and keeps the session', async () => {
    const res = await t.api('PUT', '/users/change-password', adminToken, {
      current_password: 'not it at all',
      new_password: 'NewPassword#1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SETTINGS_MESSAGES.currentPasswordIncorrect);
    expect((await t.api('GET', `/couriers/${courierId}`, adminToken)).statusCode).toBe(200);
  });

  it('refuses a short or unchanged new password with their messages', async () => {
    const short = await t.api('PUT', '/users/change-password', adminToken, {
      current_password: demoLogin('courier_admin').password,
      new_password: 'short',
    });
    expect(short.json().message).toBe(SETTINGS_MESSAGES.newPasswordTooShort);
    const same = await t.api('PUT', '/users/change-password', adminToken, {
      current_password: demoLogin('courier_admin').password,
      new_password: demoLogin('courier_admin').password,
    });
    expect(same.json().message).toBe(SETTINGS_MESSAGES.passwordMustDiffer);
  });

  it('changes the password', async () => {
    const res = await t.api('PUT', '/users/change-password', adminToken, {
      current_password: demoLogin('courier_admin').password,
      new_password: 'CourierAdmin#2027',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SETTINGS_MESSAGES.passwordSaved });
    const [row] = await t.db.select().from(users).where(eq(users.id, adminId));
    expect(await verifyPassword(row?.passwordHash ?? '', 'CourierAdmin#2027')).toBe(true);
    expect(await lastAudit('user.password_changed')).toMatchObject({ entityId: String(adminId) });
  });

  it('lets staff change their own profile and password, not anyone else’s', async () => {
    const me = { token: await loginAs(t, 'staff'), id: await userId(demoLogin('staff').email) };
    const profile = await t.api('PUT', `/users/${me.id}`, me.token, {
      firstName: 'Tanisha',
      lastName: 'Brown-Smith',
      email: 'Tanisha@JamaicaExpress.test',
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ id: me.id, firstName: 'Tanisha', lastName: 'Brown-Smith', email: 'tanisha@jamaicaexpress.test' });

    const taken = await t.api('PUT', `/users/${me.id}`, me.token, { firstName: 'T', lastName: 'B', email: 'manager@jamaicaexpress.test' });
    expect(taken.statusCode).toBe(409);

    const someoneElse = await t.api('PUT', `/users/${adminId}`, me.token, { firstName: 'X', lastName: 'Y', email: 'x@y.test' });
    expect(someoneElse.statusCode).toBe(404);

    const wrong = await t.api('PUT', `/users/${me.id}/password`, me.token, { currentPassword: 'wrong', newPassword: 'StaffMember#2027' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(SETTINGS_MESSAGES.currentPasswordIncorrect);
    const ok = await t.api('PUT', `/users/${me.id}/password`, me.token, {
      currentPassword: demoLogin('staff').password,
      newPassword: 'StaffMember#2027',
    });
    expect(ok.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.profile_updated'), eq(auditLog.entityId, String(me.id))));
    expect(entry).toBeDefined();
  });

  it('refuses customers', async () => {
    const res = await t.api('PUT', '/users/change-password', customerToken, {
      current_password: demoLogin('customer').password,
      new_password: 'Customer#2027',
    });
    expect(res.statusCode).toBe(403);
  });
});
