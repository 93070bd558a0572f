import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '@courier/shared/domain/datetime';
import { addDays } from '@courier/shared/domain/datetime';
import { type DeskWorld, buildDeskWorld, feeVersion, ownCourier, readyPackage } from '../../../test/fixtures/front-desk';
import { branches } from '../../db/schema/branches';
import { emailOutbox } from '../../db/schema/email';
import { feeVersions } from '../../db/schema/fees';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { remindStorage } from '../cover/cover.service';
import { accrueStorageAfterPayment } from './storage-accrual.service';

/** Storage owed is on the open invoice before payment; a fee counts from its own start; reminders come before, once a day. */

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const DAY = 86_400_000;
const ZONE = 'America/Jamaica';
let w: DeskWorld;
let today: string;
beforeAll(async () => {
  w = await buildDeskWorld();
  today = dayInZone(new Date(), ZONE);
});
afterAll(async () => w?.t.close());

/** A courier with storage JMD 50 a day after 7 free days, in force from `from` (written today). */
async function storageCourier(code: string, from: string) {
  const c = await ownCourier(w, code);
  const res = await w.api('POST', '/settings/fees', c.admin, {
    appliesTo: 'storage_day',
    code: 'storage',
    ...feeVersion(today, { name: 'Storage', method: 'fixed', amount: 50, freeDays: 7 }),
  });
  expect(res.statusCode, res.body).toBe(201);
  // A fee that has been in force for a while: its version dated back as if written then.
  if (from !== today)
    await w.t.db
      .update(feeVersions)
      .set({ effectiveFrom: from, createdAt: new Date(Date.parse(`${from}T12:00:00Z`)) })
      .where(eq(feeVersions.courierId, c.courierId));
  const [till] = await w.t.db
    .insert(branches)
    .values({ courierId: c.courierId, name: `${code} counter` })
    .returning();
  return { ...c, branchId: till?.id ?? 0 };
}

async function invoiceFor(c: { admin: string; customerId: number }, packageIds: number[]) {
  const res = await w.api('POST', '/invoices', c.admin, { customerId: c.customerId, packageIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { invoiceNo: string; totalCents: number };
}

describe('storage owed', () => {
  it('is on the open invoice when the customer looks, the payment covers it, and the release goes through', async () => {
    const c = await storageCourier('SOW', addDays(today, -60));
    const pkg = await readyPackage(w, c.courierId, c.customerId, { readyAt: new Date(Date.now() - 10 * DAY) });
    const issued = await invoiceFor(c, [pkg.id]);
    // Ten days ready, seven free: three days at JMD 50.
    const seen = await w.api('GET', `/invoices/${issued.invoiceNo}`, c.customer);
    expect(seen.statusCode, seen.body).toBe(200);
    const storage = seen.json().lines.filter((l: { kind: string }) => l.kind === 'storage_fee');
    expect(storage).toEqual([
      expect.objectContaining({ amountCents: 150_00, description: `Storage ${pkg.packageNumber} (3 days after 7 free)` }),
    ]);
    expect(seen.json().totalCents).toBe(issued.totalCents + 150_00);
    // Looked at again the same day: nothing more.
    expect((await w.api('GET', `/invoices/${issued.invoiceNo}`, c.customer)).json().totalCents).toBe(issued.totalCents + 150_00);

    const paid = await w.api('POST', '/payments', c.admin, {
      method: 'cash',
      branchId: c.branchId,
      allocations: [{ invoiceNo: issued.invoiceNo, amountCents: issued.totalCents + 150_00 }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const released = await w.api('POST', `/collections/${issued.invoiceNo}`, c.admin, { collectorName: 'Kim', signature: PNG });
    expect(released.statusCode, released.body).toBe(201);
    const all = await w.t.db.select().from(invoices).where(eq(invoices.courierId, c.courierId));
    expect(all.map((i) => [i.invoiceNo, i.status])).toEqual([[issued.invoiceNo, 'paid']]);
  });

  it('grown after the invoice was paid, is an invoice the customer sees and pays before release, not at it', async () => {
    const c = await storageCourier('SOP', addDays(today, -60));
    const pkg = await readyPackage(w, c.courierId, c.customerId, { readyAt: new Date(Date.now() - 3 * DAY) });
    const issued = await invoiceFor(c, [pkg.id]);
    const paid = await w.api('POST', '/payments', c.admin, {
      method: 'cash',
      branchId: c.branchId,
      allocations: [{ invoiceNo: issued.invoiceNo, amountCents: issued.totalCents }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    // The parcel then waits: ready ten days, seven free, three days at JMD 50 owed since the payment.
    const waitUntil = (days: number) =>
      w.t.db
        .update(packages)
        .set({ readyAt: new Date(Date.now() - days * DAY) })
        .where(eq(packages.id, pkg.id));
    await waitUntil(10);
    type Listed = { invoiceNo: string; status: string; totalCents: number };
    const listed = async () => (await w.api('GET', '/invoices', c.customer)).json().data as Listed[];
    const open = (await listed()).filter((i) => i.status === 'unpaid');
    expect(open).toEqual([expect.objectContaining({ totalCents: 150_00 })]);
    const storageNo = open[0]?.invoiceNo ?? '';
    // Looked at again: the same invoice, nothing more.
    expect((await listed()).filter((i) => i.status === 'unpaid')).toEqual([
      expect.objectContaining({ invoiceNo: storageNo, totalCents: 150_00 }),
    ]);
    // Two more days: the same open invoice grows when opened, Pay now's amount.
    await waitUntil(12);
    const seen = (await w.api('GET', `/invoices/${storageNo}`, c.customer)).json();
    expect(seen.totalCents).toBe(250_00);
    expect(seen.lines).toEqual([
      expect.objectContaining({
        kind: 'storage_fee',
        amountCents: 250_00,
        description: `Storage ${pkg.packageNumber} (5 days after 7 free)`,
      }),
    ]);
    const mails = await w.t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, 'c@SOP.test'), like(emailOutbox.subject, `%Invoice ${storageNo}%`)));
    expect(mails).toHaveLength(1);
    // The hourly round finds nothing more to add today.
    await accrueStorageAfterPayment(w.t.db, null, { courierId: null, customerId: null });
    expect((await listed()).filter((i) => i.status === 'unpaid').map((i) => i.totalCents)).toEqual([250_00]);

    const storagePaid = await w.api('POST', '/payments', c.admin, {
      method: 'cash',
      branchId: c.branchId,
      allocations: [{ invoiceNo: storageNo, amountCents: 250_00 }],
    });
    expect(storagePaid.statusCode, storagePaid.body).toBe(201);
    const released = await w.api('POST', `/collections/${issued.invoiceNo}`, c.admin, { collectorName: 'Kim', signature: PNG });
    expect(released.statusCode, released.body).toBe(201);
    const all = await w.t.db.select().from(invoices).where(eq(invoices.courierId, c.courierId));
    expect(all.map((i) => [i.invoiceNo, i.status]).sort()).toEqual(
      [
        [issued.invoiceNo, 'paid'],
        [storageNo, 'paid'],
      ].sort(),
    );
    // Another courier's customer sees none of it.
    const other = await storageCourier('SOQ', addDays(today, -60));
    expect((await w.api('GET', '/invoices', other.customer)).json().data).toEqual([]);
    expect((await w.api('GET', `/invoices/${storageNo}`, other.customer)).statusCode).toBe(404);
  });

  it('grows on the open invoice as the days pass, never charged twice', async () => {
    const c = await storageCourier('SOG', addDays(today, -60));
    const pkg = await readyPackage(w, c.courierId, c.customerId, { readyAt: new Date(Date.now() - 9 * DAY) });
    const issued = await invoiceFor(c, [pkg.id]);
    const { accrueStorageOnInvoice } = await import('./storage-accrual.service');
    await accrueStorageOnInvoice(w.t.db, null, { courierId: c.courierId, customerId: null, invoiceNo: issued.invoiceNo });
    await accrueStorageOnInvoice(
      w.t.db,
      null,
      { courierId: c.courierId, customerId: null, invoiceNo: issued.invoiceNo },
      new Date(Date.now() + 2 * DAY),
    );
    const [inv] = await w.t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.courierId, c.courierId), eq(invoices.invoiceNo, issued.invoiceNo)));
    // Nine days (two charged), then two days later four charged: one line of JMD 200.
    expect(inv?.totalCents).toBe(issued.totalCents + 200_00);
  });

  it('a fee counts from its own start: a parcel waiting since before pays only from then', async () => {
    const c = await storageCourier('SOE', today);
    const pkg = await readyPackage(w, c.courierId, c.customerId, { readyAt: new Date(Date.now() - 20 * DAY) });
    const cover = (await w.api('GET', `/customer/packages/${pkg.id}/cover`, c.customer)).json();
    expect(cover.storage).toMatchObject({ freeUntil: addDays(today, -1), started: true });
    const issued = await invoiceFor(c, [pkg.id]);
    const lines = (await w.api('GET', `/invoices/${issued.invoiceNo}`, c.customer)).json().lines;
    // In force from today: today is its one day charged, not the thirteen since the parcel's free days ended.
    expect(lines.filter((l: { kind: string }) => l.kind === 'storage_fee')).toEqual([
      expect.objectContaining({ amountCents: 50_00, description: `Storage ${pkg.packageNumber} (1 day after 7 free)` }),
    ]);
  });

  it('reminds before the free days end, never after, in one e-mail per customer a day', async () => {
    const c = await storageCourier('SOR', addDays(today, -60));
    const soonA = await readyPackage(w, c.courierId, c.customerId, { readyAt: new Date(Date.now() - 6 * DAY) });
    const soonB = await readyPackage(w, c.courierId, c.customerId, { readyAt: new Date(Date.now() - 5 * DAY) });
    const past = await readyPackage(w, c.courierId, c.customerId, { readyAt: new Date(Date.now() - 12 * DAY) });
    const fresh = await readyPackage(w, c.courierId, c.customerId, { readyAt: new Date() });
    expect(await remindStorage({ db: w.t.db, mailer: w.t.ctx.mailer })).toBe(2);
    expect(await remindStorage({ db: w.t.db, mailer: w.t.ctx.mailer })).toBe(0);
    const mails = await w.t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, 'c@SOR.test'), like(emailOutbox.subject, '%Storage fees start soon%')));
    expect(mails.map((m) => m.subject)).toEqual(['Courier SOR: Storage fees start soon: 2 packages']);
    expect(mails[0]?.textBody).toContain(soonA.packageNumber);
    expect(mails[0]?.textBody).toContain(soonB.packageNumber);
    expect(mails[0]?.textBody).not.toContain(past.packageNumber);
    const [late] = await w.t.db.select().from(packages).where(eq(packages.id, past.id));
    expect(late?.storageReminderAt).not.toBeNull();
    const [notYet] = await w.t.db.select().from(packages).where(eq(packages.id, fresh.id));
    expect(notYet?.storageReminderAt).toBeNull();
  });
});
