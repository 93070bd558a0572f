import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@courier/shared/schemas/settings';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { couriers } from '../../db/schema/couriers';
import { SMTP_TEST_DEADLINE_MS } from '../../lib/smtp';

/** The settings' SMTP test answers fast, with our words, when the server greets and then stalls. */

const sockets = new Set<net.Socket>();
/** Says hello like an SMTP server, then never answers EHLO. */
const stalling = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.write('220 mail.example.test ESMTP\r\n');
});

let t: TestApp;
let admin: string;
let courierId: number;

beforeAll(async () => {
  const port = await new Promise<number>((resolve) =>
    stalling.listen(0, '127.0.0.1', () => resolve((stalling.address() as AddressInfo).port)),
  );
  t = await buildTestApp({ SMTP_ALLOWED_PORTS: String(port) });
  await seedDemoData(t);
  admin = await loginAs(t, 'courier_admin');
  const [jxp] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!jxp) throw new Error('demo courier missing');
  courierId = jxp.id;
  await t.db.update(couriers).set({ smtpAllowInsecure: true }).where(eq(couriers.id, courierId));
  const saved = await t.api('POST', `/settings/couriers/${courierId}/email-config`, admin, {
    smtp_host: '127.0.0.1',
    smtp_port: port,
    smtp_user: 'mailer',
    smtp_password: 'secret-2026',
    from_email: 'noreply@example.test',
    from_name: 'Courier',
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  for (const s of sockets) s.destroy();
  stalling.close();
});

describe('the SMTP test dialog', () => {
  it('gives up within 8 seconds on a server that greets and then stalls, with a plain message', async () => {
    const started = Date.now();
    const res = await t.api('POST', `/settings/couriers/${courierId}/email-config/test`, admin, { test_email: 'owner@example.test' });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(SETTINGS_MESSAGES.smtpConnectFailed);
    expect(took).toBeLessThan(SMTP_TEST_DEADLINE_MS + 1_500);
  });
});
