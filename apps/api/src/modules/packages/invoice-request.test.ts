import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, bearer, buildTestApp } from '../../../test/helper';
import { SAMPLE_PDF, multipart } from '../../../test/multipart';
import { emailOutbox } from '../../db/schema/email';
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
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/warehouse',
    headers: bearer(staff),
    payload: { heavyWeightLb: 150, requireInvoice: true },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => t?.close());

function sendInvoice(token: string, id: number) {
  const form = multipart({}, { field: 'invoice', name: 'invoice.pdf', type: 'application/pdf', data: SAMPLE_PDF });
  return t.app.inject({
    method: 'POST',
    url: `/api/customer/packages/${id}/invoice`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
}

describe('holding a parcel for its invoice', () => {
  it('asks the customer by e-mail with a link to the package, and their upload releases it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: bearer(staff),
      payload: { trackingNumber: `1ZASK${Date.now()}`, weightLb: 2, mailbox: customer.mailboxNumber },
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: bearer(staff),
      payload: { trackingNumber: `1ZREM${Date.now()}`, weightLb: 2, mailbox: customer.mailboxNumber },
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
