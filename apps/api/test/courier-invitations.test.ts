import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES } from '@courier/shared/schemas/courier-invitations';
import { PLATFORM_MESSAGES } from '@courier/shared/schemas/platform';
import { courierFeeSettings } from '../src/db/schema/courier-fees';
import { courierInvitations } from '../src/db/schema/courier-invitations';
import { couriers } from '../src/db/schema/couriers';
import { emailOutbox } from '../src/db/schema/email';
import { roles } from '../src/db/schema/roles';
import { shippingRates } from '../src/db/schema/shipping-rates';
import { users } from '../src/db/schema/users';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from './helper';
import { SAMPLE_PNG, multipart } from './multipart';

/**
 * The super admin invites a courier by e-mail; the invitee sets the courier up from a
 * single-use link valid 7 days and lands on the set-up checklist. The mail goes to a real SMTP
 * server on loopback (the platform SMTP), as the invitee would get it.
 */
const received: Array<{ to: string; raw: string }> = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});

let t: TestApp;
const tokens: Record<string, string> = {};

/** The token of `who`; a name with no token fails the test. */
function as(who: string): string {
  const token = tokens[who];
  if (!token) throw new Error(`no token for ${who}`);
  return token;
}

/** Invites `email` as the super admin and returns the token of the link that arrived by mail. */
async function invite(email: string): Promise<{ id: number; token: string }> {
  const res = await t.api('POST', '/platform/courier-invitations', as('super'), { email });
  expect(res.statusCode, res.body).toBe(201);
  await t.ctx.mailer.drain();
  const mail = received.filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  // Quoted-printable may fold the link; unfold it before reading.
  const token = mail.raw.replace(/=\r?\n/g, '').match(/\/courier-invitation\/([\w-]+)/)?.[1];
  if (!token) throw new Error('no link in the mail');
  return { id: res.json().id, token };
}

const setUp = (overrides: Record<string, string> = {}) => ({
  courierName: 'Island Ship Express',
  courierCode: 'isx',
  firstName: 'Maya',
  lastName: 'Brown',
  password: 'IslandShip#2026',
  ...overrides,
});

const accept = (token: string, body: Record<string, string>) => t.api('POST', `/courier-invitations/${token}/accept`, null, body);

beforeAll(async () => {
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = (sink.server.address() as AddressInfo).port;
  t = await buildTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), PUBLIC_URL: 'https://portal.example.test' });
  await seedDemoData(t);
  tokens.super = await loginAs(t, 'super_admin');
  tokens.admin = await loginAs(t, 'courier_admin');
  tokens.staff = await loginAs(t, 'staff');
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

describe('courier invitations', () => {
  let accepted: { token: string; body: ReturnType<typeof setUp>; answer: Record<string, unknown> } | undefined;

  it('mails a single-use link to the invitee, keeping only its hash and clearing the mail body once sent', async () => {
    const { id, token } = await invite('maya@islandship.test');
    const mail = received.find((m) => m.to === 'maya@islandship.test');
    expect(mail?.raw).toContain("Subject: Courier Portal: You're invited to set up your courier");
    expect(mail?.raw.replace(/=\r?\n/g, '')).toContain(`https://portal.example.test/courier-invitation/${token}`);
    const stored = JSON.stringify(await t.db.select().from(courierInvitations));
    expect(stored).not.toContain(token);
    const outbox = JSON.stringify(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'maya@islandship.test')));
    expect(outbox).not.toContain(token);
    expect(outbox).toContain('"status":"sent"');

    const list = await t.api('GET', '/platform/courier-invitations', as('super'));
    expect(list.statusCode).toBe(200);
    const row = list.json().find((i: { id: number }) => i.id === id);
    expect(row).toMatchObject({ email: 'maya@islandship.test', status: 'pending', courier: null });
    const days = (Date.parse(row.expiresAt) - Date.parse(row.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);

    const view = await t.api('GET', `/courier-invitations/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({ email: 'maya@islandship.test', expiresAt: row.expiresAt });
  });

  it('sets the courier up once, with the defaults of a new courier, and signs its admin in', async () => {
    const { token } = await invite('lee@islandship.test');
    const body = setUp();
    const res = await accept(token, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.user).toMatchObject({ email: 'lee@islandship.test', first_name: 'Maya', role: { name: 'courier_admin' } });
    expect(answer.user.courier).toMatchObject({ name: 'Island Ship Express', code: 'ISX' });
    accepted = { token, body, answer };

    // The token is the admin login's: the profile answers with it.
    const profile = await t.api('GET', '/auth/profile', answer.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe('lee@islandship.test');
    // And the admin can sign in at the admin login page with the chosen password.
    const login = await t.api('POST', '/auth/login', null, { email: 'lee@islandship.test', password: body.password });
    expect(login.statusCode).toBe(200);

    // The same seed as the super admin's "create courier": the two roles and the default rates.
    const courierId = answer.user.courier.id as number;
    expect(await t.db.select().from(roles).where(eq(roles.courierId, courierId))).toHaveLength(2);
    expect((await t.db.select().from(shippingRates).where(eq(shippingRates.courierId, courierId))).length).toBeGreaterThan(0);
    const [courier] = await t.db.select().from(couriers).where(eq(couriers.id, courierId));
    expect(courier).toMatchObject({ email: 'lee@islandship.test', contactFirstName: 'Maya', status: 'active' });

    const list = (await t.api('GET', '/platform/courier-invitations', as('super'))).json();
    expect(list.find((i: { email: string }) => i.email === 'lee@islandship.test')).toMatchObject({
      status: 'used',
      courier: { id: courierId, name: 'Island Ship Express', code: 'ISX' },
    });
  });

  it('refuses a second use of the same link, and its page says so', async () => {
    if (!accepted) throw new Error('needs the accepted invitation');
    const again = await accept(accepted.token, setUp({ courierCode: 'isx2', courierName: 'Another' }));
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This invitation has expired or was already used');
    const view = await t.api('GET', `/courier-invitations/${accepted.token}`);
    expect(view.statusCode).toBe(410);
    expect(view.json().message).toBe(INVITATION_MESSAGES.invitationGone);
    expect(await t.db.select().from(couriers).where(eq(couriers.code, 'ISX2'))).toHaveLength(0);
  });

  it('lets only one of two accepts sent together through', async () => {
    const { token } = await invite('race@islandship.test');
    const answers = await Promise.all([
      accept(token, setUp({ courierCode: 'race1', courierName: 'Race One' })),
      accept(token, setUp({ courierCode: 'race2', courierName: 'Race Two' })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
    const made = await t.db.select().from(users).where(eq(users.email, 'race@islandship.test'));
    expect(made).toHaveLength(1);
  });

  it('refuses an expired link', async () => {
    const { id, token } = await invite('late@islandship.test');
    await t.db
      .update(courierInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(courierInvitations.id, id));
    expect((await t.api('GET', `/courier-invitations/${token}`)).statusCode).toBe(410);
    const res = await accept(token, setUp({ courierCode: 'late' }));
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(INVITATION_MESSAGES.invitationGone);
    const list = (await t.api('GET', '/platform/courier-invitations', as('super'))).json();
    expect(list.find((i: { id: number }) => i.id === id).status).toBe('expired');
  });

  it('refuses a revoked link; a revoked one cannot be revoked again', async () => {
    const { id, token } = await invite('revoked@islandship.test');
    const revoke = await t.api('DELETE', `/platform/courier-invitations/${id}`, as('super'));
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().status).toBe('revoked');
    const res = await accept(token, setUp({ courierCode: 'rvk' }));
    expect(res.statusCode).toBe(410);
    const twice = await t.api('DELETE', `/platform/courier-invitations/${id}`, as('super'));
    expect(twice.statusCode).toBe(409);
    const missing = await t.api('DELETE', '/platform/courier-invitations/999999', as('super'));
    expect(missing.statusCode).toBe(404);
  });

  it('a new invitation to the same address replaces the pending one', async () => {
    const first = await invite('twice@islandship.test');
    const second = await invite('twice@islandship.test');
    expect((await t.api('GET', `/courier-invitations/${first.token}`)).statusCode).toBe(410);
    expect((await t.api('GET', `/courier-invitations/${second.token}`)).statusCode).toBe(200);
  });

  it('answers a courier code already in use with 409 and a plain message, and the link keeps working', async () => {
    const { token } = await invite('clash@islandship.test');
    const res = await accept(token, setUp({ courierCode: 'jxp', courierName: 'Clash' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: PLATFORM_MESSAGES.codeTaken, fieldErrors: { courierCode: [PLATFORM_MESSAGES.codeTaken] } });
    // Nothing was made, and the invitee can try again with another code.
    expect(await t.db.select().from(couriers).where(eq(couriers.name, 'Clash'))).toHaveLength(0);
    const retry = await accept(token, setUp({ courierCode: 'clx', courierName: 'Clash' }));
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('refuses to invite an address that already has an account, and checks the input', async () => {
    const taken = await t.api('POST', '/platform/courier-invitations', as('super'), { email: 'Admin@JamaicaExpress.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PLATFORM_MESSAGES.emailTaken);
    const bad = await t.api('POST', '/platform/courier-invitations', as('super'), { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PLATFORM_MESSAGES.emailInvalid);
    const { token } = await invite('short@islandship.test');
    const weak = await accept(token, setUp({ courierCode: 'shrt', password: 'short' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PLATFORM_MESSAGES.passwordTooShort);
  });

  it('only the super admin invites, lists and revokes', async () => {
    for (const who of ['admin', 'staff']) {
      const post = await t.api('POST', '/platform/courier-invitations', as(who), { email: 'nobody@islandship.test' });
      expect(post.statusCode, who).toBe(403);
      expect((await t.api('GET', '/platform/courier-invitations', as(who))).statusCode).toBe(403);
      expect((await t.api('DELETE', '/platform/courier-invitations/1', as(who))).statusCode).toBe(403);
    }
    expect((await t.api('GET', '/platform/courier-invitations')).statusCode).toBe(401);
    const unknown = await t.api('GET', '/courier-invitations/not-a-real-token');
    expect(unknown.statusCode).toBe(410);
  });
});

describe('GET /settings/setup-checklist', () => {
  let courierId = 0;
  const done = async (who: string, query = ''): Promise<Record<string, boolean>> => {
    const res = await t.api('GET', `/settings/setup-checklist${query}`, as(who));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: Array<{ key: string; done: boolean }>; complete: boolean };
    return { ...Object.fromEntries(body.items.map((i) => [i.key, i.done])), complete: body.complete };
  };

  beforeAll(async () => {
    const { token } = await invite('checklist@islandship.test');
    const res = await accept(token, setUp({ courierCode: 'chk', courierName: 'Checklist Cargo' }));
    expect(res.statusCode, res.body).toBe(200);
    tokens.fresh = res.json().token;
    courierId = res.json().user.courier.id;
  });

  it('starts with only the default rates done, and ticks each item as its setting is filled', async () => {
    expect(await done('fresh')).toEqual({
      logo: false,
      addresses: false,
      branches: false,
      rates: true,
      fees: false,
      fee_book: false,
      smtp: false,
      bank: false,
      complete: false,
    });

    const form = multipart({}, { field: 'logo', name: 'logo.png', type: 'image/png', data: SAMPLE_PNG });
    const logo = await t.api({
      method: 'POST',
      url: `/couriers/${courierId}/logo`,
      token: as('fresh'),
      ...form,
    });
    expect(logo.statusCode, logo.body).toBe(200);
    expect((await done('fresh')).logo).toBe(true);

    const addresses = await t.api('PUT', `/couriers/${courierId}/shipping-addresses`, as('fresh'), {
      shipping_address_air: '8200 NW 25th St, Doral FL',
      shipping_address_sea: '',
    });
    expect(addresses.statusCode, addresses.body).toBe(200);
    expect((await done('fresh')).addresses).toBe(true);

    const branch = await t.api('POST', '/branches', as('fresh'), { name: 'Montego Bay', parish: 'St. James' });
    expect(branch.statusCode, branch.body).toBe(201);
    expect((await done('fresh')).branches).toBe(true);

    const fees = await t.api('PUT', '/settings/additional-fees', as('fresh'), {
      gct: 15,
      unknownFee: 500,
      uncollectedFee: 1000,
      switchingFee: 0,
    });
    expect(fees.statusCode, fees.body).toBe(200);
    expect((await done('fresh')).fees).toBe(true);

    // The default fee book is reviewed on the Fees tab; only then is the step ticked.
    const reviewed = await t.api('POST', '/settings/fees/reviewed', as('fresh'));
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect((await done('fresh')).fee_book).toBe(true);

    const smtp = await t.api('POST', `/settings/couriers/${courierId}/email-config`, as('fresh'), {
      smtp_host: 'smtp.islandship.test',
      smtp_port: 587,
      smtp_user: 'mailer',
      smtp_password: 'secret-pass',
      from_email: 'hello@islandship.test',
      from_name: 'Checklist Cargo',
      status: 'active',
    });
    expect(smtp.statusCode, smtp.body).toBe(200);
    expect((await done('fresh')).smtp).toBe(true);

    const bank = await t.api('PUT', `/couriers/${courierId}/bank-details`, as('fresh'), { bank_details: 'NCB\nAccount 123-456' });
    expect(bank.statusCode, bank.body).toBe(200);
    expect(await done('fresh')).toMatchObject({ bank: true, complete: true });

    // Taking the rates away unticks them (and the card comes back).
    await t.db.delete(shippingRates).where(eq(shippingRates.courierId, courierId));
    expect(await done('fresh')).toMatchObject({ rates: false, complete: false });
    // Without its fee settings the fees are not done.
    await t.db.delete(courierFeeSettings).where(eq(courierFeeSettings.courierId, courierId));
    expect((await done('fresh')).fees).toBe(false);
  });

  it("answers each courier's own list; the super admin names the courier; others are refused", async () => {
    // The demo courier is set up: its own admin sees its own state, not the new courier's.
    const demo = await done('admin');
    expect(demo.rates).toBe(true);
    const named = await done('super', `?courierId=${courierId}`);
    expect(named).toMatchObject({ logo: true, rates: false });
    // A courier admin naming another courier still gets its own.
    const own = await done('admin', `?courierId=${courierId}`);
    expect(own).toEqual(demo);
    const none = await t.api('GET', '/settings/setup-checklist', as('super'));
    expect(none.statusCode).toBe(400);
    const missing = await t.api('GET', '/settings/setup-checklist?courierId=999999', as('super'));
    expect(missing.statusCode).toBe(404);
    expect((await t.api('GET', '/settings/setup-checklist')).statusCode).toBe(401);
  });
});
