import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, SMTP_PORTS, smtpPortNotAllowedMessage } from '@courier/shared/schemas/settings';
import { auditLog } from '../../src/db/schema/audit-log';
import { couriers } from '../../src/db/schema/couriers';
import { type TestApp, buildTestApp, seedDemoData, demoLogin } from '../helper';

/**
 * The courier's SMTP test is no port scanner (SMTP ports only, one answer for
 * every connection failure) and SMTP sends credentials only over verified TLS unless the super
 * admin allows otherwise for that courier.
 */
const USER = 'mailer@jamaicaexpress.test';
const PASS = 'smtp-secret-2026';

/** A working SMTP server without STARTTLS; it records every AUTH it is offered. */
const authsSeen: string[] = [];
const received: string[] = [];
const smtpServer = (options: { starttls: boolean }) =>
  new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    // Without STARTTLS disabled, smtp-server offers it with its built-in self-signed certificate.
    disabledCommands: options.starttls ? [] : ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      authsSeen.push(auth.password ?? '');
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
const plain = smtpServer({ starttls: false });
const selfSigned = smtpServer({ starttls: true });
/** Accepts and never speaks. */
const silent = net.createServer(() => {});
/** Some other service: answers with a non-SMTP greeting. */
const other = net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));

const ports = { plain: 0, selfSigned: 0, silent: 0, other: 0, closed: 0 };
const listen = (server: net.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

let t: TestApp;
let adminToken: string;
let superToken: string;
let courierId: number;

beforeAll(async () => {
  ports.plain = await listen(plain.server);
  ports.selfSigned = await listen(selfSigned.server);
  ports.silent = await listen(silent);
  ports.other = await listen(other);
  const closer = net.createServer();
  ports.closed = await listen(closer);
  await new Promise((resolve) => closer.close(resolve));
  t = await buildTestApp({ SMTP_ALLOWED_PORTS: Object.values(ports).join(',') });
  await seedDemoData(t);
  const [jxp] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!jxp) throw new Error('demo courier missing');
  courierId = jxp.id;
  const login = async (url: string, email: string, password: string) =>
    (await t.api({ method: 'POST', path: url, payload: { email, password } })).json().token as string;
  adminToken = await login('/api/auth/login', demoLogin('courier_admin').email, demoLogin('courier_admin').password);
  superToken = await login('/api/auth/super-admin/login', demoLogin('super_admin').email, demoLogin('super_admin').password);
});
afterAll(async () => {
  await t?.close();
  for (const server of [plain, selfSigned]) await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const server of [silent, other]) server.close();
});

const saveConfig = (port: number, token = adminToken) =>
  t.api('POST', `/settings/couriers/${courierId}/email-config`, token, {
    smtp_host: '127.0.0.1',
    smtp_port: port,
    smtp_user: USER,
    smtp_password: PASS,
    from_email: 'noreply@jamaicaexpress.test',
    from_name: 'Jamaica Express Post',
  });
const sendTest = () => t.api('POST', `/settings/couriers/${courierId}/email-config/test`, adminToken, { test_email: 'owner@example.test' });
const setInsecure = (allowInsecureSmtp: boolean, token: string) =>
  t.api('PATCH', `/platform/couriers/${courierId}/smtp-security`, token, { allowInsecureSmtp });

describe('SMTP settings are not a port scanner', () => {
  it('refuses ports that are not SMTP ports, with our message on the field', async () => {
    const allowed = [...SMTP_PORTS, ...Object.values(ports)];
    for (const port of [22, 80, 3306, 6379, 5432]) {
      const res = await saveConfig(port);
      expect(res.statusCode, `port ${port}`).toBe(400);
      expect(res.json().message).toBe(smtpPortNotAllowedMessage(allowed));
      expect(res.json().fieldErrors.smtp_port).toEqual([smtpPortNotAllowedMessage(allowed)]);
    }
    for (const port of SMTP_PORTS) expect((await saveConfig(port)).statusCode, `port ${port}`).toBe(200);
    expect(smtpPortNotAllowedMessage(SMTP_PORTS)).toBe('SMTP port must be 25, 465, 587 or 2525');
  });

  it('answers every connection failure alike: refused, silent, not SMTP, no TLS, unverified certificate', async () => {
    const answers: Record<string, { status: number; body: unknown }> = {};
    for (const [name, port] of Object.entries({
      closed: ports.closed,
      silent: ports.silent,
      other: ports.other,
      plain: ports.plain,
      selfSigned: ports.selfSigned,
    })) {
      expect((await saveConfig(port)).statusCode).toBe(200);
      const res = await sendTest();
      answers[name] = { status: res.statusCode, body: res.json() };
    }
    const generic = { status: 422, body: { message: SETTINGS_MESSAGES.smtpConnectFailed, code: 'unprocessable' } };
    expect(answers).toEqual({ closed: generic, silent: generic, other: generic, plain: generic, selfSigned: generic });
    // The password never went over a connection without verified TLS.
    expect(authsSeen).toEqual([]);
    expect(received).toEqual([]);
    // The audit trail the courier can read holds no connection detail either.
    const failures = await t.db.select().from(auditLog).where(eq(auditLog.action, 'email_config.test_failed'));
    for (const entry of failures) expect(JSON.stringify(entry.details)).not.toMatch(/ECONN|ETIMEDOUT|certificate|127\.0\.0\.1:/);
  }, 60_000);

  it('only the super admin can let a courier send without TLS; then the same server works', async () => {
    expect((await setInsecure(true, adminToken)).statusCode).toBe(403);
    const [still] = await t.db.select().from(couriers).where(eq(couriers.id, courierId));
    expect(still?.smtpAllowInsecure).toBe(false);
    // Nor can the courier admin slip the flag into the e-mail settings.
    const sneaky = await t.api('POST', `/settings/couriers/${courierId}/email-config`, adminToken, {
      smtp_host: '127.0.0.1',
      smtp_port: 587,
      smtp_user: USER,
      smtp_password: PASS,
      from_email: 'a@b.test',
      from_name: 'X',
      insecure: true,
    });
    expect(sneaky.statusCode).toBe(400);

    const allowed = await setInsecure(true, superToken);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().allowInsecureSmtp).toBe(true);
    for (const port of [ports.plain, ports.selfSigned]) {
      expect((await saveConfig(port)).statusCode).toBe(200);
      const res = await sendTest();
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(received).toEqual(['owner@example.test', 'owner@example.test']);
    expect((await setInsecure(false, superToken)).json().allowInsecureSmtp).toBe(false);
    expect((await sendTest()).statusCode).toBe(422);
  });
});
