import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/email';
import { type TestApp, buildTestApp, seedDemoData } from '../helper';
import { settlePasswordResets } from '../../src/modules/auth/password-reset.service';

/**
 * A reset link must not stay readable in the outbox once the mail
 * has gone; recipient, subject and status stay for the e-mail log.
 */
const received: string[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = (sink.server.address() as AddressInfo).port;
  // The platform SMTP on loopback (no TLS needed there) carries the super admin's and staff mail.
  t = await buildTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) });
  await seedDemoData(t);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

describe('sensitive outbox bodies', () => {
  it('clears the body of a sent reset e-mail, keeping recipient, subject and status', async () => {
    const res = await t.api('POST', '/auth/request-password-reset', null, { email: 'superadmin@courierportal.test' });
    expect(res.statusCode).toBe(200);
    // The reset request answers at once and queues the mail after (equal work for every e-mail).
    await settlePasswordResets();
    const [queued] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'superadmin@courierportal.test'));
    if (!queued) throw new Error('no reset mail queued');
    // Until it is sent the link must stay, or it could never be sent.
    expect(queued.sensitive).toBe(true);
    expect(queued.textBody).toContain('/reset-password?token=');

    // An ordinary mail queued alongside keeps its body.
    const ordinaryId = await t.ctx.mailer.enqueue({ courierId: null, to: 'someone@example.test', subject: 'Hello', text: 'Plain news' });

    await t.ctx.mailer.drain();
    const link = received.join('\n').match(/reset-password\?token=[\w-]+/)?.[0];
    expect(link, 'the mail that went out carried the link').toBeDefined();

    const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, queued.id));
    expect(sent).toMatchObject({
      status: 'sent',
      toAddress: 'superadmin@courierportal.test',
      subject: queued.subject,
      textBody: '',
      htmlBody: null,
    });
    const stored = JSON.stringify(await t.db.select().from(emailOutbox));
    expect(stored).not.toContain(link as string);
    expect(stored).not.toContain('reset-password?token=');
    const [ordinary] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, ordinaryId));
    expect(ordinary).toMatchObject({ status: 'sent', textBody: 'Plain news', sensitive: false });
  });
});
