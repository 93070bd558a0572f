import net, { type AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@courier/shared/schemas/settings';
import { couriers } from '../../src/db/schema/couriers';
import { courierEmailConfigs, emailOutbox } from '../../src/db/schema/email';
import { startOutboxWorker } from '../../src/jobs/outbox-worker';
import { SecretBox } from '../../src/lib/secret-box';
import { SMTP_TIMEOUTS_MS } from '../../src/lib/smtp';
import { makeCourier } from '../fixtures/comms';
import { type TestApp, buildTestApp } from '../helper';

/**
 * A courier whose SMTP server accepts connections and never speaks delays only
 * its own mail. Courier A points at such a silent server, courier B at a working sink on loopback.
 */
const received: Array<{ to: string; at: number }> = [];
const sink = new SMTPServer({
  authOptional: true,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      for (const r of session.envelope.rcptTo) received.push({ to: r.address, at: Date.now() });
      callback();
    });
  },
});
const silentSockets = new Set<net.Socket>();
const silent = net.createServer((socket) => {
  silentSockets.add(socket);
  socket.on('close', () => silentSockets.delete(socket));
});

let t: TestApp;
let sinkPort: number;
let silentPort: number;
let courierA: number;
let courierB: number;

const listen = (server: net.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

async function useSmtp(courierId: number, port: number) {
  const values = {
    smtpHost: '127.0.0.1',
    smtpPort: port,
    smtpUser: 'mailer',
    smtpPasswordEncrypted: new SecretBox(t.ctx.tokens.secret).seal('secret'),
    fromEmail: 'noreply@example.test',
    fromName: 'Courier',
  };
  await t.db
    .insert(courierEmailConfigs)
    .values({ courierId, ...values })
    .onConflictDoUpdate({ target: courierEmailConfigs.courierId, set: values });
  // Loopback test servers have no TLS: the super admin's per-courier allowance.
  await t.db.update(couriers).set({ smtpAllowInsecure: true }).where(eq(couriers.id, courierId));
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('timed out waiting');
}

beforeAll(async () => {
  sinkPort = await listen(sink.server);
  silentPort = await listen(silent);
  t = await buildTestApp({ SMTP_ALLOWED_PORTS: `${sinkPort},${silentPort}` });
  courierA = (await makeCourier(t, 'SLA')).id;
  courierB = (await makeCourier(t, 'SLB')).id;
  await useSmtp(courierA, silentPort);
  await useSmtp(courierB, sinkPort);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  for (const socket of silentSockets) socket.destroy();
  silent.close();
});

describe('per-courier sending', () => {
  it("a silent SMTP server delays only its own courier's mail; nothing is lost and it is retried", async () => {
    const enqueue = (courierId: number, to: string) =>
      t.ctx.mailer.enqueue({ courierId, to, subject: 'Reset your password', text: 'Hello' });
    // A's mail comes first in the outbox, as in the 93-second reset.
    const a1 = await enqueue(courierA, 'a1@example.test');
    const a2 = await enqueue(courierA, 'a2@example.test');
    const b1 = await enqueue(courierB, 'b1@example.test');
    const started = Date.now();
    const worker = startOutboxWorker(t.ctx.mailer, t.app.log, 50);
    try {
      await waitFor(() => received.some((m) => m.to === 'b1@example.test'));
      const firstDelay = Date.now() - started;
      // The proof is the order, not a stopwatch: B's mail went out while A's were still held by
      // A's silent server (one shared lane would have sent B's only after A's gave up).
      const aWhenBArrived = await t.db
        .select({ status: emailOutbox.status })
        .from(emailOutbox)
        .where(inArray(emailOutbox.id, [a1, a2]));

      // A reset for B queued while A's server still holds its connection goes out at once too.
      const queuedAt = Date.now();
      const b2 = await enqueue(courierB, 'b2@example.test');
      worker.wake();
      await waitFor(() => received.some((m) => m.to === 'b2@example.test'));
      const secondDelay = Date.now() - queuedAt;
      expect(aWhenBArrived.map((r) => r.status)).toContain('sending');
      expect(aWhenBArrived.map((r) => r.status)).not.toContain('failed');
      // Well inside A's greeting timeout, however busy the machine (CI once saw 2.2 s at load 38).
      expect(firstDelay).toBeLessThan(SMTP_TIMEOUTS_MS.greeting);
      expect(secondDelay).toBeLessThan(SMTP_TIMEOUTS_MS.greeting);

      // A's mail gives up after the greeting timeout and waits for a retry, not lost.
      await waitFor(async () => {
        const rows = await t.db
          .select()
          .from(emailOutbox)
          .where(inArray(emailOutbox.id, [a1, a2]));
        return rows.every((r) => r.status === 'pending');
      }, SMTP_TIMEOUTS_MS.greeting + 10_000);
      const rows = await t.db
        .select()
        .from(emailOutbox)
        .where(inArray(emailOutbox.id, [a1, a2, b1, b2]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(b1)?.status).toBe('sent');
      expect(byId.get(b2)?.status).toBe('sent');
      for (const id of [a1, a2]) {
        expect(byId.get(id)?.status).toBe('pending');
        expect(byId.get(id)?.lastError).toBe(SETTINGS_MESSAGES.smtpConnectFailed);
        expect(byId.get(id)?.sendAfter.getTime()).toBeGreaterThan(Date.now());
      }
      // Only the mail actually tried counts an attempt; the one behind it was handed back untried.
      expect(byId.get(a1)?.attempts).toBe(1);
      expect(byId.get(a2)?.attempts).toBe(0);

      // A's server is fixed: the retry delivers both.
      await useSmtp(courierA, sinkPort);
      await t.db
        .update(emailOutbox)
        .set({ sendAfter: new Date() })
        .where(inArray(emailOutbox.id, [a1, a2]));
      worker.wake();
      await waitFor(() => ['a1@example.test', 'a2@example.test'].every((to) => received.some((m) => m.to === to)));
    } finally {
      await worker.stop();
    }
    expect(received.map((m) => m.to).sort()).toEqual(['a1@example.test', 'a2@example.test', 'b1@example.test', 'b2@example.test']);
  }, 60_000);
});
