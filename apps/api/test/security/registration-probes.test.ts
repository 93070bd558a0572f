import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@courier/shared/messages';
import { AUTH_API_MESSAGES } from '@courier/shared/schemas/auth';
import { branches } from '../../src/db/schema/branches';
import { couriers } from '../../src/db/schema/couriers';
import { type TestApp, buildTestApp, seedDemoData } from '../helper';

/**
 * Self-registration with a taken e-mail never says the account exists ("check your inbox", and
 * its owner is mailed), and one IP gets that answer only a few times an hour; then registration from it is refused (429) and
 * the probing is logged with the IP (never the e-mails).
 */
let t: TestApp;
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});
let body: (email: string) => Record<string, unknown>;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_REGISTRATION_PROBES_PER_IP: '3', LOG_LEVEL: 'info' }, { logger: true, logStream });
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  const [branch] = await t.db
    .select()
    .from(branches)
    .where(eq(branches.courierId, courier?.id ?? 0));
  body = (email) => ({
    accountType: 'individual',
    title: 'Ms.',
    firstName: 'Tanya',
    lastName: 'Probe',
    email,
    phone: '876-555-0101',
    password: 'Tanya#2026',
    trn: '111-222-334',
    address: '1 King St',
    parish: 'Kingston',
    city: 'Kingston',
    country: 'Jamaica',
    branchId: branch?.id,
    courierId: courier?.id,
    api_key: courier?.apiKey,
  });
});
afterAll(async () => t?.close());

const register = (email: string, ip: string) =>
  t.api({ method: 'POST', url: '/customers/register', payload: body(email), remoteAddress: ip });

describe('registration probes', () => {
  it('answers "check your inbox" three times to one IP, then refuses that IP, and logs it once without the e-mails', async () => {
    const taken = ['customer@example.test', 'probe-two@example.test', 'probe-three@example.test'];
    for (const [i, email] of taken.slice(1).entries()) expect((await register(email, `10.7.9.${i + 1}`)).statusCode).toBe(201);
    for (const email of taken) {
      const res = await register(email, '10.7.0.1');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(AUTH_API_MESSAGES.registrationCheckEmail);
      expect(res.body).not.toMatch(/already|exists/i);
    }
    // The fourth attempt is refused before the e-mail is looked at: taken or free, the same 429.
    for (const email of ['customer@example.test', 'free-address-1@example.test']) {
      const res = await register(email, '10.7.0.1');
      expect(res.statusCode, email).toBe(429);
      expect(res.json().message).toBe(API_MESSAGES.tooManyRequests);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const log = lines.join('');
    expect(log.match(/Repeated registration attempts for e-mails that already have accounts/g)).toHaveLength(1);
    expect(log).toContain('"ip":"10.7.0.1"');
    for (const email of [...taken, 'free-address-1@example.test']) expect(log).not.toContain(email);
  });

  it('leaves other IPs and first-time registrations alone', async () => {
    const other = await register('customer@example.test', '10.7.0.2');
    expect(other.statusCode).toBe(409);
    const fresh = await register('new-customer-probe@example.test', '10.7.0.3');
    expect(fresh.statusCode, fresh.body).toBe(201);
  });
});
