import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettingsViewSchema } from '@courier/shared/schemas/platform';
import { users } from '../src/db/schema/users';
import { subjectOf } from '../src/lib/tokens';
import { type TestApp, bearer, buildTestApp, seedDemoData } from './helper';

/** A server that sends through SMTP_HOST: the super admin's settings say so, never with the password. */
let t: TestApp;
let superToken = '';

beforeAll(async () => {
  t = await buildTestApp({
    SMTP_HOST: 'smtp.mail-relay.test',
    SMTP_PORT: '2525',
    SMTP_USER: 'relay-user',
    SMTP_PASSWORD: 'EnvRelaySecret#9',
    MAIL_FROM: 'Parcel Platform <no-reply@parcels.test>',
  });
  await seedDemoData(t);
  const [owner] = await t.db.select().from(users).where(eq(users.email, 'superadmin@courierportal.test'));
  if (!owner) throw new Error('no super admin');
  superToken = (await t.ctx.tokens.sign({ sub: subjectOf('user', owner.id), role: 'super_admin', type: 'access', courierId: null }, 3600))
    .token;
});
afterAll(async () => t?.close());

const settings = (method: 'GET' | 'PUT' = 'GET', payload?: object) =>
  t.api({ method, url: '/platform/settings', headers: bearer(superToken), ...(payload ? { payload } : {}) });

describe('the platform SMTP of the environment', () => {
  it('shows the SMTP_HOST in use (host, port, user, from) while no platform SMTP is stored, and never its password', async () => {
    const res = await settings();
    expect(res.statusCode, res.body).toBe(200);
    const body = platformSettingsViewSchema.parse(res.json());
    expect(body.smtp).toBeNull();
    expect(body.environmentSmtp).toEqual({
      host: 'smtp.mail-relay.test',
      port: 2525,
      secure: false,
      user: 'relay-user',
      hasPassword: true,
      from: 'Parcel Platform <no-reply@parcels.test>',
    });
    expect(res.body).not.toContain('EnvRelaySecret');
    // It is what the outbox really sends through.
    expect(await t.ctx.mailer.settingsFor(null)).toMatchObject({ host: 'smtp.mail-relay.test', port: 2525, password: 'EnvRelaySecret#9' });
  });

  it('keeps showing it beside platform settings stored over it', async () => {
    const saved = await settings('PUT', {
      brandName: 'Courier Portal',
      defaultExchangeRate: 150,
      smtp: { host: 'smtp.own.test', port: 587, secure: false, user: null, fromEmail: 'mail@own.test', fromName: 'Own' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().smtp).toMatchObject({ host: 'smtp.own.test' });
    expect(saved.json().environmentSmtp).toMatchObject({ host: 'smtp.mail-relay.test', port: 2525 });
    expect(saved.body).not.toContain('EnvRelaySecret');
  });
});
