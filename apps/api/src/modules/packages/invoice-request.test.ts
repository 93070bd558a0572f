import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { SAMPLE_PDF, multipart } from '../../../test/multipart';
import { emailOutbox } from '../../db/schema/email';
import { notifications } from '../../db/schema/notifications';
import { packages } from '../../db/schema/packages';
import { runInvoiceReminders } from '../../jobs/uncollected-job';

/**
 * A courier holding parcels with no invoice asks the customer for it (e-mail with a link, portal
 * feed); the customer uploads it on the package and it releases. Another customer, or another
 * courier's, cannot.
 */

let t: TestApp;
let staff: string;
let customer: Awaited<ReturnType<typeof makeCustomer>>;
let neighbour: Awaited<ReturnType<typeof makeCustomer>>;
let stranger: Awaited<ReturnType<typeof makeCustomer>>;

beforeAll(async () => {
  t = await buildTestApp();
  const courier = await makeCourier(t, `IR${Date.now().toString().slice(-5)}`);
  const other = await makeCourier(t, `IS${Date.now().toString().slice(-5)}`);
  staff = (await makeUser(t, courier.id, 'courier_admin')).token;
  customer = await makeCustomer(t, courier.id);
  neighbour = await makeCustomer(t, courier.id);
  stranger = await makeCustomer(t, other.id);
  const saved = await t.api('PUT', '/settings/warehouse', staff, { heavyWeightLb: 150, requireInvoice: true });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => t?.close());

function sendInvoice(token: string, id: number) {
  const form = multipart({}, { field: 'invoice', name: 'invoice.pdf', type: 'application/pdf', data: SAMPLE_PDF });
  return t.api({
    method: 'POST',
    url: `/customer/packages/${id}/invoice`,
    token,
    ...form,
  });
}

describe('holding a parcel for its invoice', () => {
  it('asks the customer by e-mail with a link to the package, and their upload releases it', async () => {
    const res = await t.api('POST', '/packages', staff, {
      trackingNumber: `1ZASK${Date.now()}`,
      weightLb: 2,
      mailbox: customer.mailboxNumber,
    });
    expect(res.statusCode, res.body).toBe(201);
    const pkg = res.json();
    expect(pkg).toMatchObject({ status: 'on_hold', holdReason: PACKAGE_MESSAGES.heldForInvoiceNoPreAlert });

    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, customer.email), like(emailOutbox.subject, `%Merchant invoice needed: ${pkg.packageNumber}`)))
      .orderBy(desc(emailOutbox.id));
    expect(mail?.textBody).toContain(PACKAGE_MESSAGES.heldForInvoiceNoPreAlert);
    expect(mail?.textBody).toMatch(new RegExp(`Upload the invoice: https?://\\S+/customer/packages\\?package=${pkg.id}`));

    // Nobody else's upload reaches it.
    expect((await sendInvoice(neighbour.token, pkg.id)).statusCode).toBe(404);
    expect((await sendInvoice(stranger.token, pkg.id)).statusCode).toBe(404);

    const sent = await sendInvoice(customer.token, pkg.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'received', hasInvoice: true, holdReason: null });
  });

  it('reminds the customer once, two days after the hold, with the link; not before, not twice', async () => {
    const res = await t.api('POST', '/packages', staff, {
      trackingNumber: `1ZREM${Date.now()}`,
      weightLb: 2,
      mailbox: customer.mailboxNumber,
    });
    expect(res.statusCode, res.body).toBe(201);
    const pkg = res.json();
    const reminders = () =>
      t.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.toAddress, customer.email),
            like(emailOutbox.subject, `%Reminder: merchant invoice needed: ${pkg.packageNumber}`),
          ),
        );
    const services = { db: t.db, mailer: t.ctx.mailer };
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000);

    expect(await runInvoiceReminders(services, inHours(47))).toMatchObject({ ran: true });
    expect(await reminders()).toHaveLength(0);

    await runInvoiceReminders(services, inHours(49));
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.textBody).toContain(PACKAGE_MESSAGES.heldForInvoiceNoPreAlert);
    expect(sent[0]?.textBody).toMatch(new RegExp(`Upload the invoice: https?://\\S+/customer/packages\\?package=${pkg.id}`));

    await runInvoiceReminders(services, inHours(100));
    expect(await reminders()).toHaveLength(1);
  });
});

describe('a hold however the parcel arrived', () => {
  const requests = async (email: string, packageNumber: string) =>
    t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), like(emailOutbox.subject, `%: Merchant invoice needed: ${packageNumber}`)));
  const feed = async (packageNumber: string) =>
    t.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, `Merchant invoice needed: ${packageNumber}`));

  const grouped = async (email: string) =>
    t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), like(emailOutbox.subject, '%: Merchant invoices needed for %')));

  it('asks each customer once for the invoices of all their parcels one agent file brings in held', async () => {
    const tag = Date.now().toString().slice(-6);
    const mine = [1, 2, 3].map((n) => `1ZIMP${tag}${n}`);
    const theirs = [4, 5].map((n) => `1ZIMP${tag}${n}`);
    const lines = [...mine.map((n) => `${n},${customer.mailboxNumber},2`), ...theirs.map((n) => `${n},${neighbour.mailboxNumber},2`)];
    const file = ['Tracking,Mailbox,Weight', ...lines].join('\r\n');
    const mineBefore = (await grouped(customer.email)).length;
    const theirsBefore = (await grouped(neighbour.email)).length;
    const body = multipart({}, { field: 'file', name: 'agent.csv', type: 'text/csv', data: Buffer.from(file) });
    const up = await t.api({ method: 'POST', url: '/package-imports', token: staff, ...body });
    expect(up.statusCode, up.body).toBe(201);
    const mapping = { trackingNumber: 'Tracking', mailbox: 'Mailbox', weightLb: 'Weight' };
    const run = await t.api('POST', `/package-imports/${up.json().id}/import`, staff, { mapping });
    expect(run.statusCode, run.body).toBeLessThan(300);
    for (let i = 0; i < 200; i++) {
      const imp = await t.api('GET', `/package-imports/${up.json().id}`, staff);
      if (imp.json().status !== 'importing') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const held = await t.db
      .select()
      .from(packages)
      .where(inArray(packages.trackingNumber, [...mine, ...theirs]));
    expect(held.map((p) => p.status)).toEqual(['on_hold', 'on_hold', 'on_hold', 'on_hold', 'on_hold']);
    const numbersOf = (tracking: string[]) => held.filter((p) => tracking.includes(p.trackingNumber)).map((p) => p.packageNumber);
    // No request per parcel: one per customer, listing each of their parcels.
    for (const n of numbersOf([...mine, ...theirs])) {
      expect(await requests(customer.email, n)).toHaveLength(0);
      expect(await requests(neighbour.email, n)).toHaveLength(0);
      expect(await feed(n)).toHaveLength(0);
    }
    const mineNow = (await grouped(customer.email)).slice(mineBefore);
    expect(mineNow).toHaveLength(1);
    expect(mineNow[0]?.subject).toContain('Merchant invoices needed for 3 packages');
    for (const n of numbersOf(mine)) expect(mineNow[0]?.textBody).toContain(n);
    for (const n of numbersOf(theirs)) expect(mineNow[0]?.textBody).not.toContain(n);
    expect(mineNow[0]?.textBody).toContain(PACKAGE_MESSAGES.heldForInvoiceNoPreAlert);
    const theirsNow = (await grouped(neighbour.email)).slice(theirsBefore);
    expect(theirsNow).toHaveLength(1);
    expect(theirsNow[0]?.subject).toContain('Merchant invoices needed for 2 packages');
    for (const n of numbersOf(theirs)) expect(theirsNow[0]?.textBody).toContain(n);
    // One feed line each, naming the parcels.
    const feedLines = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.customerId, customer.id), eq(notifications.title, 'Merchant invoices needed for 3 packages')));
    expect(feedLines.filter((l) => numbersOf(mine).every((n) => l.body?.includes(n)))).toHaveLength(1);
  });

  it('asks once per customer for the parcels of one API batch', async () => {
    const created = await t.api('POST', '/settings/api-keys', staff, { name: 'Agent batch', scopes: ['packages:write'] });
    expect(created.statusCode, created.body).toBe(201);
    const tag = Date.now().toString().slice(-6);
    const before = (await grouped(customer.email)).length;
    const res = await t.api({
      method: 'POST',
      url: '/v1/packages/batch',
      headers: { authorization: `Bearer ${created.json().key}` },
      payload: { packages: [1, 2].map((n) => ({ trackingNumber: `1ZBAT${tag}${n}`, mailbox: customer.mailboxNumber, weightLb: 2 })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const now = (await grouped(customer.email)).slice(before);
    expect(now).toHaveLength(1);
    expect(now[0]?.subject).toContain('Merchant invoices needed for 2 packages');
  });

  it('asks for the invoice of a parcel the agent system sends through the API', async () => {
    const created = await t.api('POST', '/settings/api-keys', staff, { name: 'Agent', scopes: ['packages:write'] });
    expect(created.statusCode, created.body).toBe(201);
    const trackingNumber = `1ZAPI${Date.now()}`;
    const res = await t.api({
      method: 'POST',
      url: '/v1/packages',
      headers: { authorization: `Bearer ${created.json().key}` },
      payload: { trackingNumber, mailbox: customer.mailboxNumber, weightLb: 2 },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [pkg] = await t.db.select().from(packages).where(eq(packages.trackingNumber, trackingNumber));
    expect(pkg).toMatchObject({ status: 'on_hold', holdReason: PACKAGE_MESSAGES.heldForInvoiceNoPreAlert });
    expect(await requests(customer.email, pkg?.packageNumber ?? '')).toHaveLength(1);
    // Only the parcel's own customer is asked.
    expect(await requests(neighbour.email, pkg?.packageNumber ?? '')).toHaveLength(0);
    expect(await requests(stranger.email, pkg?.packageNumber ?? '')).toHaveLength(0);
  });
});
