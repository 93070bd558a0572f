import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '@courier/shared/domain/datetime';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { TEST_CLOCK_MESSAGES } from '@courier/shared/schemas/test-clock';
import { type DeskWorld, buildDeskWorld, feeVersion, ownCourier, readyPackage } from '../../../test/fixtures/front-desk';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { feeVersions } from '../../db/schema/fees';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { remindStorage } from '../cover/cover.service';
import { remindMissingInvoices } from '../packages/package-holds.service';

/** A test-mode courier moves its clock ahead; storage, free days and reminders read it; a live courier's cannot move. */

const ZONE = 'America/Jamaica';
let w: DeskWorld;
let today: string;
beforeAll(async () => {
  w = await buildDeskWorld();
  today = dayInZone(new Date(), ZONE);
});
afterAll(async () => w?.t.close());

/** A courier (in test mode unless `live`) with storage JMD 50 a day after 7 free days, in force for 60 days. */
async function storageCourier(code: string, live = false) {
  const c = await ownCourier(w, code, { paymentTestMode: !live });
  const res = await w.api('POST', '/settings/fees', c.admin, {
    appliesTo: 'storage_day',
    code: 'storage',
    ...feeVersion(today, { name: 'Storage', method: 'fixed', amount: 50, freeDays: 7 }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const from = addDays(today, -60);
  await w.t.db
    .update(feeVersions)
    .set({ effectiveFrom: from, createdAt: new Date(Date.parse(`${from}T12:00:00Z`)) })
    .where(eq(feeVersions.courierId, c.courierId));
  return c;
}

/** A parcel ready today, invoiced: what its open invoice charges for storage when the customer looks. */
async function readyAndInvoiced(c: { courierId: number; customerId: number; admin: string }) {
  const pkg = await readyPackage(w, c.courierId, c.customerId);
  const res = await w.api('POST', '/invoices', c.admin, { customerId: c.customerId, packageIds: [pkg.id] });
  expect(res.statusCode, res.body).toBe(201);
  return { pkg, invoiceNo: res.json().invoiceNo as string, issuedCents: res.json().totalCents as number };
}

async function storageLines(customer: string, invoiceNo: string) {
  const seen = await w.api('GET', `/invoices/${invoiceNo}`, customer);
  expect(seen.statusCode, seen.body).toBe(200);
  const lines = seen.json().lines as Array<{ kind: string; amountCents: number; description: string }>;
  return { total: seen.json().totalCents as number, storage: lines.filter((l) => l.kind === 'storage_fee') };
}

const advance = (token: string, days: unknown) => w.api('POST', '/settings/test-clock/advance', token, { days });

describe('the test clock', () => {
  it('moves storage: ten days ahead, a parcel ready today owes three days after its seven free', async () => {
    const c = await storageCourier('TCA');
    const { pkg, invoiceNo, issuedCents } = await readyAndInvoiced(c);
    expect((await storageLines(c.customer, invoiceNo)).storage).toEqual([]);
    const before = (await w.api('GET', `/customer/packages/${pkg.id}/cover`, c.customer)).json().storage;
    expect(before).toMatchObject({ freeUntil: addDays(today, 7), started: false });

    const moved = await advance(c.admin, 10);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ testMode: true, daysAhead: 10, today: addDays(today, 10) });
    expect((await w.api('GET', '/settings/test-clock', c.admin)).json()).toMatchObject({ daysAhead: 10, today: addDays(today, 10) });

    const after = await storageLines(c.customer, invoiceNo);
    expect(after.storage).toEqual([
      expect.objectContaining({ amountCents: 3 * 50_00, description: `Storage ${pkg.packageNumber} (3 days after 7 free)` }),
    ]);
    expect(after.total).toBe(issuedCents + 150_00);
    const cover = (await w.api('GET', `/customer/packages/${pkg.id}/cover`, c.customer)).json().storage;
    expect(cover).toMatchObject({ freeUntil: addDays(today, 7), started: true });
    // Moved again, it adds up: thirteen days, six charged.
    expect((await advance(c.admin, 3)).json().daysAhead).toBe(13);
    expect((await storageLines(c.customer, invoiceNo)).storage.map((l) => l.amountCents)).toEqual([6 * 50_00]);

    const [entry] = await w.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.courierId, c.courierId), eq(auditLog.action, 'courier.test_clock_advanced')))
      .orderBy(asc(auditLog.id))
      .limit(1);
    expect(entry?.details).toMatchObject({ mode: 'TEST', days: 10 });
  });

  it("stamps a parcel made ready after the clock moved with the courier's day: its free days start then", async () => {
    const c = await storageCourier('TCD');
    expect((await advance(c.admin, 10)).statusCode).toBe(200);
    const pkg = await readyPackage(w, c.courierId, c.customerId, { status: 'at_customs', readyAt: null });
    const ready = await w.api('POST', `/packages/${pkg.id}/status`, c.admin, { status: 'ready_for_pickup' });
    expect(ready.statusCode, ready.body).toBe(200);
    const [row] = await w.t.db.select({ readyAt: packages.readyAt }).from(packages).where(eq(packages.id, pkg.id));
    expect(row?.readyAt && dayInZone(row.readyAt, ZONE)).toBe(addDays(today, 10));
    const cover = (await w.api('GET', `/customer/packages/${pkg.id}/cover`, c.customer)).json().storage;
    expect(cover).toMatchObject({ freeUntil: addDays(today, 17), started: false });
  });

  it('sends the storage reminder when the moved clock reaches the last free days', async () => {
    const c = await storageCourier('TCR');
    const pkg = await readyPackage(w, c.courierId, c.customerId);
    const reminders = () =>
      w.t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, 'c@TCR.test'), like(emailOutbox.subject, '%Storage fees start soon%')));
    await remindStorage({ db: w.t.db, mailer: w.t.ctx.mailer });
    expect(await reminders()).toEqual([]);
    expect((await advance(c.admin, 6)).statusCode).toBe(200);
    await remindStorage({ db: w.t.db, mailer: w.t.ctx.mailer });
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.textBody).toContain(pkg.packageNumber);
  });

  it("reminds of a missing merchant invoice on the courier's moved clock, and only that courier's", async () => {
    const c = await storageCourier('TCH');
    const other = await storageCourier('TCK');
    const held = async (x: { courierId: number; customerId: number }) => {
      const pkg = await readyPackage(w, x.courierId, x.customerId, {
        status: 'on_hold',
        holdReason: PACKAGE_MESSAGES.heldForInvoice,
        readyAt: null,
      });
      await w.t.db.insert(packageEvents).values({ courierId: x.courierId, packageId: pkg.id, status: 'on_hold' });
      return pkg;
    };
    const mine = await held(c);
    const theirs = await held(other);
    const reminded = async (code: string, packageNumber: string) =>
      w.t.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.toAddress, `c@${code}.test`),
            like(emailOutbox.subject, `%Reminder: merchant invoice needed: ${packageNumber}`),
          ),
        );
    await remindMissingInvoices({ db: w.t.db, mailer: w.t.ctx.mailer });
    expect(await reminded('TCH', mine.packageNumber)).toEqual([]);
    expect((await advance(c.admin, 3)).statusCode).toBe(200);
    await remindMissingInvoices({ db: w.t.db, mailer: w.t.ctx.mailer });
    expect(await reminded('TCH', mine.packageNumber)).toHaveLength(1);
    expect(await reminded('TCK', theirs.packageNumber)).toEqual([]);
  });

  it('cannot move for a live courier, in plain words, and its storage stays on real time', async () => {
    const c = await storageCourier('TCL', true);
    const { invoiceNo } = await readyAndInvoiced(c);
    const refused = await advance(c.admin, 10);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TEST_CLOCK_MESSAGES.live);
    expect((await w.api('GET', '/settings/test-clock', c.admin)).json()).toMatchObject({ testMode: false, daysAhead: 0, today });
    expect((await storageLines(c.customer, invoiceNo)).storage).toEqual([]);
    // A column set behind the service's back is still not read while the courier is live.
    await w.t.db.update(couriers).set({ testClockDays: 30 }).where(eq(couriers.id, c.courierId));
    expect((await storageLines(c.customer, invoiceNo)).storage).toEqual([]);
  });

  it("moves one courier's clock only: another courier in test mode keeps its own", async () => {
    const mine = await storageCourier('TCM');
    const other = await storageCourier('TCO');
    const theirs = await readyAndInvoiced(other);
    expect((await advance(mine.admin, 20)).statusCode).toBe(200);
    expect((await storageLines(other.customer, theirs.invoiceNo)).storage).toEqual([]);
    expect((await w.api('GET', '/settings/test-clock', other.admin)).json()).toMatchObject({ daysAhead: 0, today });
    // An admin names another courier in vain: the clock moved is their own.
    const aimed = await w.api('POST', `/settings/test-clock/advance?courierId=${other.courierId}`, mine.admin, { days: 1 });
    expect(aimed.statusCode, aimed.body).toBe(200);
    expect(aimed.json().daysAhead).toBe(21);
    expect((await w.api('GET', '/settings/test-clock', other.admin)).json().daysAhead).toBe(0);
  });

  it('takes whole days from 1 to 365, and only from those who may change settings', async () => {
    const c = await storageCourier('TCV');
    for (const days of [0, -1, 1.5, 366, '2']) {
      const res = await advance(c.admin, days);
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await advance(c.customer, 1)).statusCode).toBe(403);
    expect((await advance(c.admin, 365)).statusCode).toBe(200);
    const tooFar = await advance(c.admin, 1);
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json().message).toBe(TEST_CLOCK_MESSAGES.tooFar);
  });

  it('goes back to real time when the super admin ends test mode', async () => {
    const c = await storageCourier('TCE');
    expect((await advance(c.admin, 5)).statusCode).toBe(200);
    const off = await w.t.api({
      method: 'PATCH',
      url: `/platform/couriers/${c.courierId}/payment-test-mode`,
      headers: { authorization: `Bearer ${w.tokens.superAdmin}` },
      payload: { paymentTestMode: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await w.api('GET', '/settings/test-clock', c.admin)).json()).toMatchObject({ testMode: false, daysAhead: 0, today });
    const [row] = await w.t.db.select({ days: couriers.testClockDays }).from(couriers).where(eq(couriers.id, c.courierId));
    expect(row?.days).toBe(0);
  });
});
