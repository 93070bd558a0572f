import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema/email';
import { startOutboxWorker } from '../../jobs/outbox-worker';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { unlinkedRecipients } from './emails.service';

/** A real SMTP server on loopback, a little slow so the worker can be stopped mid-batch. */
interface Received {
  to: string;
  raw: string;
}
const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;
const RECIPIENTS = 45;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        setTimeout(() => {
          for (const r of session.envelope.rcptTo) received.push({ to: r.address, raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        }, 15);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await buildTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function waitFor(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out waiting');
}

describe('batch e-mail through the outbox', () => {
  it('a worker stopped mid-batch and restarted delivers every recipient exactly once', async () => {
    const courier = await makeCourier(t, 'OBX');
    const admin = await makeUser(t, courier.id, 'courier_admin');
    const people = [];
    for (let i = 0; i < RECIPIENTS; i++) people.push(await makeCustomer(t, courier.id, { firstName: `Person${i}` }));

    const created = await t.api('POST', '/batch-emails', admin.token, {
      subject: 'Hello {firstName}',
      body: 'Dear {firstName}, your mailbox is {mailbox}.',
      audience: 'all',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const sent = await t.api('POST', `/batch-emails/${id}/send`, admin.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().progress).toEqual({ total: RECIPIENTS, sent: 0, failed: 0, waiting: RECIPIENTS });
    expect(await unlinkedRecipients(t.db, id)).toBe(0);

    // A second send (double click, retry after a time-out) queues nothing more.
    const again = await t.api('POST', `/batch-emails/${id}/send`, admin.token);
    expect(again.statusCode).toBe(409);
    const rows = await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.batchId, id));
    expect(rows[0]?.n).toBe(RECIPIENTS);

    // First worker: stop it as soon as mail starts arriving.
    const first = startOutboxWorker(t.ctx.mailer, t.app.log, 50);
    await waitFor(() => received.length >= 3);
    await first.stop();
    const afterStop = received.length;
    expect(afterStop).toBeGreaterThan(0);
    expect(afterStop).toBeLessThan(RECIPIENTS);
    const mid = (await t.api('GET', `/batch-emails/${id}`, admin.token)).json();
    expect(mid.status).toBe('sending');
    expect(mid.progress.sent).toBe(afterStop);
    expect(mid.progress.waiting).toBe(RECIPIENTS - afterStop);

    // A hard crash right after claiming: rows left 'sending' whose lock has run out.
    const pending = await t.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.batchId, id), eq(emailOutbox.status, 'pending')))
      .limit(5);
    await t.db
      .update(emailOutbox)
      .set({ status: 'sending', lockedUntil: new Date(Date.now() - 1000), attempts: 1 })
      .where(
        inArray(
          emailOutbox.id,
          pending.map((p) => p.id),
        ),
      );

    // The restarted worker finishes the batch.
    const second = startOutboxWorker(t.ctx.mailer, t.app.log, 50);
    await waitFor(() => received.length >= RECIPIENTS);
    // Give a duplicate, if any, the chance to arrive before counting.
    await new Promise((r) => setTimeout(r, 300));
    await second.stop();

    const batchMail = received.filter((m) => m.raw.includes('your mailbox is'));
    expect(batchMail).toHaveLength(RECIPIENTS);
    const addresses = batchMail.map((m) => m.to).sort();
    expect(new Set(addresses).size).toBe(RECIPIENTS);
    expect(addresses).toEqual(people.map((p) => p.email).sort());
    // Placeholders were filled per recipient.
    const person = people[7];
    const theirs = batchMail.find((m) => m.to === person?.email);
    expect(theirs?.raw).toContain(`Dear ${person?.firstName}, your mailbox is ${person?.mailboxNumber}.`);

    const done = (await t.api('GET', `/batch-emails/${id}`, admin.token)).json();
    expect(done.status).toBe('completed');
    expect(done.progress).toEqual({ total: RECIPIENTS, sent: RECIPIENTS, failed: 0, waiting: 0 });
    const report = (await t.api('GET', `/batch-emails/${id}/recipients?limit=100`, admin.token)).json();
    expect(report.total).toBe(RECIPIENTS);
    expect(report.data.every((r: { status: string; sentAt: string | null }) => r.status === 'sent' && r.sentAt)).toBe(true);
  });
});
