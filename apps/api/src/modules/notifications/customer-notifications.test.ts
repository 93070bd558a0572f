import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer, makeUser, tokenForCustomer } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { emailOutbox } from '../../db/schema/email';
import { packages } from '../../db/schema/packages';
import { notify } from './notify.service';

/** A customer's own feed: linked to their invoice, per-customer reads, and the e-mail switches. */
let t: TestApp;
let courierId: number;
let customer: { id: number; token: string; email: string };
let neighbour: { id: number; token: string };
let admin: string;
let otherCourier: { admin: string; customer: { id: number; token: string } };
let pkgSeq = 0;

async function issueInvoice(): Promise<string> {
  pkgSeq += 1;
  const [pkg] = await t.db
    .insert(packages)
    .values({
      courierId,
      packageNumber: `PKG-N${pkgSeq}`,
      trackingNumber: `1ZNOTE${pkgSeq}`,
      customerId: customer.id,
      status: 'ready_for_pickup',
      weightLb: 2,
      readyAt: new Date(),
    })
    .returning();
  const res = await t.api('POST', '/invoices', admin, { customerId: customer.id, packageIds: [pkg?.id] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invoiceNo;
}

const mailsAbout = (invoiceNo: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, customer.email), like(emailOutbox.subject, `%${invoiceNo}%`)));

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  customer = { id: c.id, email: c.email, token: await tokenForCustomer(t, c.id) };
  neighbour = await makeCustomer(t, courierId);
  admin = await loginAs(t, 'courier_admin');
  const b = await makeCourier(t, 'NCB');
  otherCourier = { admin: (await makeUser(t, b.id, 'courier_admin')).token, customer: await makeCustomer(t, b.id) };
});
afterAll(async () => t?.close());

describe("a customer's notifications", () => {
  it('an issued invoice lands in the customer feed linked to the invoice page, and nobody else sees it', async () => {
    const invoiceNo = await issueInvoice();
    const feed = (await t.api('GET', '/notifications', customer.token)).json();
    expect(feed.data[0]).toMatchObject({ type: 'invoice_issued', link: `/customer/invoices/${invoiceNo}`, read: false });
    expect(feed.unreadCount).toBeGreaterThan(0);
    expect((await t.api('GET', '/notifications/unread-count', customer.token)).json().unreadCount).toBe(feed.unreadCount);

    // Not the neighbour at the same courier, not the courier's staff, not another courier's people.
    for (const token of [neighbour.token, admin, otherCourier.admin, otherCourier.customer.token]) {
      const other = (await t.api('GET', '/notifications?limit=100', token)).json();
      expect(other.data.some((n: { type: string }) => n.type === 'invoice_issued')).toBe(false);
    }
  });

  it('staff links open the page in their own portal', async () => {
    await notify(t.db, { courierId, type: 'new_ticket', title: 'New ticket TKT-9', target: { kind: 'ticket', ref: 'TKT-9' } });
    const branchStaff = await makeUser(t, courierId, 'staff', ['tickets_view']);
    const adminFeed = (await t.api('GET', '/notifications', admin)).json();
    const staffFeed = (await t.api('GET', '/notifications', branchStaff.token)).json();
    expect(adminFeed.data[0].link).toBe('/admin/support-tickets?ticket=TKT-9');
    expect(staffFeed.data[0].link).toBe('/staff/support-tickets?ticket=TKT-9');
    // Staff without packages_view never see package news; unread counts are per person.
    const noPackages = await makeUser(t, courierId, 'staff', ['tickets_view']);
    await notify(t.db, { courierId, type: 'new_pre_alert', title: 'New pre-alert', target: { kind: 'package', ref: '1Z1' } });
    const counts = await Promise.all(
      [admin, noPackages.token].map(async (tok) => (await t.api('GET', '/notifications/unread-count', tok)).json().unreadCount),
    );
    expect(counts[0]).toBeGreaterThan(counts[1]);
  });

  it('one click marks one read; nobody can mark another person’s; mark all read clears the count', async () => {
    const feed = (await t.api('GET', '/notifications', customer.token)).json();
    const first = feed.data[0];
    for (const token of [neighbour.token, otherCourier.customer.token, otherCourier.admin]) {
      expect((await t.api('POST', `/notifications/${first.id}/read`, token)).statusCode).toBe(404);
    }
    expect((await t.api('POST', `/notifications/${first.id}/read`, customer.token)).statusCode).toBe(200);
    const after = (await t.api('GET', '/notifications', customer.token)).json();
    expect(after.data[0].read).toBe(true);
    expect(after.unreadCount).toBe(feed.unreadCount - 1);

    await issueInvoice();
    expect((await t.api('GET', '/notifications/unread-count', customer.token)).json().unreadCount).toBeGreaterThan(0);
    // The neighbour's "mark all" leaves this customer's unread alone.
    await t.api('POST', '/notifications/read-all', neighbour.token);
    expect((await t.api('GET', '/notifications/unread-count', customer.token)).json().unreadCount).toBeGreaterThan(0);
    const all = await t.api('POST', '/notifications/read-all', customer.token);
    expect(all.json().updated).toBeGreaterThan(0);
    expect((await t.api('GET', '/notifications/unread-count', customer.token)).json().unreadCount).toBe(0);
  });
});

describe('notification preferences', () => {
  it('are all on at first, and only the customer reads and writes their own', async () => {
    const res = await t.api('GET', '/customers/profile/notification-preferences', neighbour.token);
    expect(res.json()).toEqual({ ticket_answered: true, invoice_issued: true, payment_received: true, delivery_scheduled: true });
    expect((await t.api('GET', '/customers/profile/notification-preferences', admin)).statusCode).toBe(403);
    const bad = await t.api('PUT', '/customers/profile/notification-preferences', neighbour.token, { invoice_issued: false });
    expect(bad.statusCode).toBe(400);
  });

  it('with "Invoice issued" off no invoice mail is queued (the feed still has it); back on, the mail goes with the profile line', async () => {
    const off = await t.api('PUT', '/customers/profile/notification-preferences', customer.token, {
      ticket_answered: true,
      invoice_issued: false,
      payment_received: true,
      delivery_scheduled: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().invoice_issued).toBe(false);
    // The neighbour's switches are their own.
    expect((await t.api('GET', '/customers/profile/notification-preferences', neighbour.token)).json().invoice_issued).toBe(true);

    const quiet = await issueInvoice();
    expect(await mailsAbout(quiet)).toHaveLength(0);
    const feed = (await t.api('GET', '/notifications', customer.token)).json();
    expect(feed.data[0]).toMatchObject({ type: 'invoice_issued', link: `/customer/invoices/${quiet}` });

    await t.api('PUT', '/customers/profile/notification-preferences', customer.token, {
      ticket_answered: true,
      invoice_issued: true,
      payment_received: true,
      delivery_scheduled: true,
    });
    const loud = await issueInvoice();
    const [mail] = await mailsAbout(loud);
    expect(mail?.textBody).toContain('switch them off in your profile: http');
    expect(mail?.textBody).toContain('/customer/profile');
  });

  it('with "Ticket answered" off the reply is in the feed, linked to the ticket, but no mail goes', async () => {
    const prefs = { ticket_answered: false, invoice_issued: true, payment_received: true, delivery_scheduled: true };
    expect((await t.api('PUT', '/customers/profile/notification-preferences', neighbour.token, prefs)).statusCode).toBe(200);
    const created = await t.api('POST', '/tickets', neighbour.token, { subject: 'Quiet please', department: 'Packages', message: 'Hi' });
    expect(created.statusCode, created.body).toBe(201);
    const { id, ticket_no: ticketNo } = created.json();
    expect((await t.api('POST', `/tickets/${id}/messages`, admin, { message: 'Answered' })).statusCode).toBe(201);
    const feed = (await t.api('GET', '/notifications', neighbour.token)).json();
    expect(feed.data[0]).toMatchObject({
      type: 'ticket_answered',
      title: `Reply to ticket ${ticketNo}`,
      link: `/customer/support-tickets?ticket=${ticketNo}`,
      read: false,
    });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, neighbour.id));
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, row?.email ?? ''), like(emailOutbox.subject, `%${ticketNo}%`)));
    expect(mails).toHaveLength(0);
  });
});
