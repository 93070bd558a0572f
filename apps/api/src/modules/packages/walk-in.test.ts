import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@courier/shared/schemas/auth-form';
import { AUTH_API_MESSAGES } from '@courier/shared/schemas/auth';
import { makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { emailOutbox } from '../../db/schema/email';

/** Staff register a walk-in customer from the Scan screen. */

let t: TestApp;
let admin: string;
let scanOnly: string;
let branchId: number;
let apiKey: string;

const walkIn = (over: Record<string, unknown> = {}) => ({
  accountType: 'individual',
  title: 'Mr.',
  firstName: 'Devon',
  lastName: 'Walker',
  email: 'devon.walker@example.test',
  phone: '876-555-0101',
  trn: '987-654-321',
  address: '5 Main Street',
  parish: 'Clarendon',
  city: 'May Pen',
  branchId,
  ...over,
});

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  apiKey = courier.apiKey;
  const [branch] = await t.db.select().from(branches).where(eq(branches.courierId, courier.id)).limit(1);
  branchId = branch?.id ?? 0;
  admin = await loginAs(t, 'courier_admin');
  scanOnly = (await makeUser(t, courier.id, 'staff', ['packages_scan'])).token;
});
afterAll(async () => t?.close());

describe('registering a walk-in customer', () => {
  it('creates the customer with the next mailbox number and e-mails a welcome with a password link that works', async () => {
    const res = await t.api('POST', '/api/packages/customers', admin, walkIn());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Devon Walker', mailboxNumber: expect.stringMatching(/^JXP-\d+$/) });
    const [row] = await t.db.select().from(customers).where(eq(customers.email, 'devon.walker@example.test'));
    expect(row).toMatchObject({ trn: '987-654-321', parish: 'Clarendon', branchId });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'devon.walker@example.test'));
    expect(mail?.subject).toContain(`your mailbox ${res.json().mailboxNumber}`);
    const token = mail?.textBody.match(/reset-password\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const set = await t.api('POST', '/auth/reset-password', null, { token, newPassword: 'Walker#2026x' });
    expect(set.statusCode, set.body).toBe(200);
    const login = await t.api('POST', '/customers/login', null, {
      email: 'devon.walker@example.test',
      password: 'Walker#2026x',
      api_key: apiKey,
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('keeps the wizard rules, in our words', async () => {
    const noTrn = await t.api('POST', '/api/packages/customers', admin, walkIn({ email: 'x1@example.test', trn: '' }));
    expect(noTrn.statusCode).toBe(400);
    expect(noTrn.json().message).toBe(AUTH_MESSAGES.trnRequired);
    const noTitle = await t.api('POST', '/api/packages/customers', admin, walkIn({ email: 'x2@example.test', title: '' }));
    expect(noTitle.json().message).toBe(AUTH_MESSAGES.titleRequired);
    const again = await t.api('POST', '/api/packages/customers', admin, walkIn({ email: 'Devon.Walker@example.test' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AUTH_API_MESSAGES.emailTaken);
  });

  it('needs customers_create', async () => {
    expect((await t.api('POST', '/api/packages/customers', scanOnly, walkIn({ email: 'x3@example.test' }))).statusCode).toBe(403);
  });
});
