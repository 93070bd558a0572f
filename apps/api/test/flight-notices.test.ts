import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer } from './fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from './helper';
import { branches } from '../src/db/schema/branches';
import { couriers } from '../src/db/schema/couriers';
import { courierEmailConfigs } from '../src/db/schema/email';
import { manifests } from '../src/db/schema/manifests';
import { customerPhones, messageOutbox } from '../src/db/schema/messaging';
import { packages } from '../src/db/schema/packages';
import { SecretBox } from '../src/lib/secret-box';
import { drainMessages } from '../src/modules/messaging/message-sending.service';
import { type MessagingSimulator, startMessagingSimulator } from '../src/modules/messaging/simulator';

/**
 * A flight of 30 parcels for three customers, shipped, arrived and made ready: each customer hears
 * once per event on each channel they chose (WhatsApp, SMS, e-mail), however many parcels they have.
 */

const received: Array<{ to: string; subject: string; text: string }> = [];
const sink = new SMTPServer({
  authOptional: true,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
  onData(stream, session, callback) {
    const parts: Buffer[] = [];
    stream.on('data', (c: Buffer) => parts.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(parts).toString('utf8');
      const subject = /^Subject: (.*)$/m.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
      for (const r of session.envelope.rcptTo) received.push({ to: r.address, subject, text: raw });
      callback();
    });
  },
});

let t: TestApp;
let sim: MessagingSimulator;
let admin: string;
let courierId: number;
let manifestId: number;
const people: Array<{ id: number; email: string; phone: string; parcels: number }> = [];
const SID = `AC${'f'.repeat(32)}`;
const template = 'Hi {firstName}, {title}. {link}';

async function deliverAll() {
  const deps = { db: t.db, config: t.config, box: new SecretBox(t.ctx.tokens.secret) };
  while ((await drainMessages(deps)) > 0) {}
  while ((await t.ctx.mailer.drain(50)) > 0) {}
}

const texts = (phone: string, channel: 'sms' | 'whatsapp') => sim.inbox.filter((m) => m.channel === channel && m.to === phone);
const mails = (email: string) => received.filter((m) => m.to === email);

beforeAll(async () => {
  const sinkPort = await new Promise<number>((resolve) =>
    sink.server.listen(0, '127.0.0.1', () => resolve((sink.server.address() as AddressInfo).port)),
  );
  t = await buildTestApp({ SMTP_ALLOWED_PORTS: String(sinkPort) });
  await seedDemoData(t);
  sim = await startMessagingSimulator(0, '127.0.0.1', 10_000);
  admin = await loginAs(t, 'courier_admin');
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  const smtp = {
    smtpHost: '127.0.0.1',
    smtpPort: sinkPort,
    smtpUser: 'mailer',
    smtpPasswordEncrypted: new SecretBox(t.ctx.tokens.secret).seal('secret'),
    fromEmail: 'noreply@example.test',
    fromName: 'Courier',
  };
  await t.db
    .insert(courierEmailConfigs)
    .values({ courierId, ...smtp })
    .onConflictDoUpdate({ target: courierEmailConfigs.courierId, set: smtp });
  await t.db.update(couriers).set({ smtpAllowInsecure: true }).where(eq(couriers.id, courierId));
  const rule = { sms: true, whatsapp: true, template };
  const res = await t.api('PUT', '/settings/messaging', admin, {
    baseUrl: sim.origin,
    accountSid: SID,
    authToken: 'token-of-the-flight',
    smsFrom: '+18765550000',
    whatsappFrom: '+18765550001',
    events: { package_shipped: rule, package_ready: rule, invoice_issued: rule },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [branch] = await t.db.select().from(branches).where(eq(branches.courierId, courierId)).limit(1);
  const [m] = await t.db
    .insert(manifests)
    .values({ courierId, manifestNumber: 'JM 018', type: 'AIR', status: 'closed', flightOrVessel: 'JM 018' })
    .returning();
  if (!m) throw new Error('manifest insert failed');
  manifestId = m.id;
  let seq = 0;
  for (const [i, parcels] of [12, 10, 8].entries()) {
    const c = await makeCustomer(t, courierId, { branchId: branch?.id ?? null });
    const phone = `+1876555${String(1000 + i)}`;
    // Both channels chosen for every event; the number confirmed by code as the customer does.
    const both = ['sms', 'whatsapp'] as Array<'sms' | 'whatsapp'>;
    await t.db.insert(customerPhones).values({
      customerId: c.id,
      courierId,
      phone,
      confirmedAt: new Date(),
      channels: { package_shipped: both, package_ready: both, invoice_issued: both },
    });
    people.push({ id: c.id, email: c.email, phone, parcels });
    for (let p = 0; p < parcels; p += 1) {
      seq += 1;
      await t.db.insert(packages).values({
        courierId,
        customerId: c.id,
        branchId: branch?.id ?? null,
        manifestId,
        packageNumber: `PKG-FL${String(seq).padStart(4, '0')}`,
        trackingNumber: `1ZFLIGHT${String(seq).padStart(6, '0')}`,
        status: 'received',
        weightLb: 2,
      });
    }
  }
});
afterAll(async () => {
  await sim?.close();
  await t?.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

describe('a flight of 30 parcels for three customers', () => {
  it('shipping sends each customer one message per channel, naming the flight and linking to the list', async () => {
    const res = await t.api('POST', `/manifests/${manifestId}/ship`, admin, {});
    expect(res.statusCode, res.body).toBe(200);
    await deliverAll();
    for (const p of people) {
      const wa = texts(p.phone, 'whatsapp');
      const sms = texts(p.phone, 'sms');
      expect(wa).toHaveLength(1);
      expect(sms).toHaveLength(1);
      expect(wa[0]?.body).toContain(`${p.parcels} packages shipped to Jamaica on JM 018`);
      // The link is filled with the courier's own address, never left as {link}.
      expect(wa[0]?.body).toMatch(/https?:\/\/\S+\/customer\/packages/);
      expect(wa[0]?.body).not.toContain('{link}');
      const shipped = mails(p.email).filter((m) => m.subject.includes('shipped'));
      expect(shipped).toHaveLength(1);
      expect(shipped[0]?.subject).toContain(`${p.parcels} packages shipped to Jamaica on JM 018`);
    }
  });

  it('arrival and make-ready send one "ready" and one invoice message per customer per channel', async () => {
    expect((await t.api('POST', `/manifests/${manifestId}/arrive`, admin)).statusCode).toBe(200);
    const pkgs = await t.db.select().from(packages).where(eq(packages.manifestId, manifestId));
    for (const pkg of pkgs) {
      const scan = await t.api('POST', `/manifests/${manifestId}/reconciliation/scans`, admin, { trackingNumber: pkg.trackingNumber });
      expect(scan.statusCode, scan.body).toBe(200);
    }
    const ready = await t.api('POST', `/manifests/${manifestId}/ready`, admin);
    expect(ready.statusCode, ready.body).toBe(200);
    await deliverAll();
    for (const p of people) {
      for (const channel of ['whatsapp', 'sms'] as const) {
        const all = texts(p.phone, channel);
        // shipped, ready, invoice: one each.
        expect(all.map((m) => m.body.replace(/https?:\/\/\S+/, '<link>'))).toHaveLength(3);
        expect(all.filter((m) => m.body.includes(`${p.parcels} packages ready for pickup`))).toHaveLength(1);
        expect(all.filter((m) => /Invoice INV-\d+/.test(m.body))).toHaveLength(1);
      }
      // E-mail: the shipped one and one invoice e-mail that says the packages are ready.
      expect(mails(p.email).map((m) => m.subject.replace(/INV-\d+.*$/, 'INV'))).toHaveLength(2);
    }
    const stored = await t.db.select().from(messageOutbox).where(eq(messageOutbox.courierId, courierId));
    expect(stored.filter((r) => r.body.includes('{link}'))).toHaveLength(0);
  });
});
