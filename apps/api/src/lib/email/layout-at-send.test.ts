import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { emailBrand } from './brand';
import { renderEmail } from './layout';

/**
 * Mail queued in bulk (a flight's grouped notices) is stored as its text and button; the HTML is
 * laid out by the worker when it sends, and is the HTML the mail would have had when queued.
 */
const received: string[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
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
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await buildTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The text/html part of a raw message, decoded (quoted-printable or base64). */
function htmlPart(raw: string): string {
  const at = raw.search(/Content-Type: text\/html/i);
  expect(at, raw.slice(0, 400)).toBeGreaterThan(-1);
  const part = raw.slice(at);
  const headEnd = part.indexOf('\r\n\r\n');
  const head = part.slice(0, headEnd);
  const body = part.slice(headEnd + 4, part.search(/\r\n--/));
  if (/base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => `%${h}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
}

describe('mail queued in bulk', () => {
  it('is stored without HTML, and sent with the HTML it would have had in the courier layout', async () => {
    const courier = await makeCourier(t, 'LAS');
    await t.db.update(couriers).set({ accentColor: '#0b6e4f' }).where(eq(couriers.id, courier.id));
    const mail = {
      courierId: courier.id,
      to: 'ann@example.test',
      subject: '3 packages on their way on MAN-7 & co',
      text: 'Hello Ann,\n\n- P-1 (tracking 1Z1)\n- P-2 (tracking 1Z2)\n\nSee your packages: https://las.test/customer/packages\n\nMailbox: LAS001',
      button: { label: 'See your packages', url: 'https://las.test/customer/packages' },
    };
    await t.ctx.mailer.enqueueMany([mail]);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, mail.to));
    if (!row) throw new Error('not queued');
    const expected = renderEmail(await emailBrand(t.db, t.ctx.config, courier.id), mail);
    expect(row.htmlBody).toBeNull();
    expect(row.subject).toBe(expected.subject);
    expect(row.textBody).toBe(expected.text);
    expect(await t.ctx.mailer.html(row)).toBe(expected.html);

    expect(await t.ctx.mailer.drain()).toBe(1);
    expect(received).toHaveLength(1);
    expect(htmlPart(received[0] as string).replace(/\r\n/g, '\n')).toBe(expected.html.replace(/\r\n/g, '\n'));
  });
});
