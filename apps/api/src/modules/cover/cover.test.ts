import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '@courier/shared/domain/datetime';
import { addDays } from '@courier/shared/domain/datetime';
import { INSURANCE_MESSAGES } from '@courier/shared/schemas/insurance';
import { type DeskWorld, buildDeskWorld, feeVersion as version, ownCourier, readyPackage } from '../../../test/fixtures/front-desk';
import { auditLog } from '../../db/schema/audit-log';
import { emailOutbox } from '../../db/schema/email';
import { packages } from '../../db/schema/packages';
import { packageCover, remindStorage } from './cover.service';

/** Insurance of a package (premium at the courier's rate and minimum), claims, and the storage countdown. */

const KIRITIMATI = 'Pacific/Kiritimati'; // UTC+14: its day starts ten hours before UTC's, nineteen before Jamaica's
let w: DeskWorld;
let c: Awaited<ReturnType<typeof ownCourier>>;

const ready = (courierId: number, customerId: number, over: Partial<typeof packages.$inferInsert> = {}) =>
  readyPackage(w, courierId, customerId, over);

beforeAll(async () => {
  w = await buildDeskWorld();
  c = await ownCourier(w, 'INS');
  const res = await w.api('POST', '/settings/fees', c.admin, {
    appliesTo: 'package',
    code: 'insurance',
    ...version(dayInZone(new Date(), 'America/Jamaica'), { name: 'Insurance', method: 'percent_value', percent: 2, minimum: 600 }),
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => w?.t.close());

describe('insurance premium', () => {
  it('is the rate of the declared value in JMD, at least the minimum, and says its rule', async () => {
    const big = await ready(c.courierId, c.customerId, { declaredValueUsdCents: 500_00 }); // JMD 75,000 at 150: 2% is 1,500
    const small = await ready(c.courierId, c.customerId, { declaredValueUsdCents: 10_00 }); // JMD 1,500: 2% is 30, so 600
    const noValue = await ready(c.courierId, c.customerId);
    const cover = async (id: number) => (await w.api('GET', `/customer/packages/${id}/cover`, c.customer)).json();
    expect(await cover(big.id)).toMatchObject({
      insuranceOffered: true,
      insured: false,
      canChange: true,
      premiumCents: 1500_00,
      insuranceRule: '2% of the declared value, at least JMD 600.00',
    });
    expect((await cover(small.id)).premiumCents).toBe(600_00);
    expect((await cover(noValue.id)).premiumCents).toBeNull();
    const refused = await w.api('PUT', `/customer/packages/${noValue.id}/insurance`, c.customer, { insured: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(INSURANCE_MESSAGES.noValue);
  });

  it('is not offered by a courier without an insurance fee', async () => {
    const none = await ownCourier(w, 'NOI');
    const pkg = await ready(none.courierId, none.customerId, { declaredValueUsdCents: 100_00 });
    const res = await w.api('GET', `/customer/packages/${pkg.id}/cover`, none.customer);
    expect(res.json()).toMatchObject({ insuranceOffered: false, canChange: false, premiumCents: null, insuranceRule: null });
    const refused = await w.api('PUT', `/customer/packages/${pkg.id}/insurance`, none.customer, { insured: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INSURANCE_MESSAGES.noInsurance);
  });

  it("keeps another courier's people out of a package's cover", async () => {
    const pkg = await ready(c.courierId, c.customerId, { declaredValueUsdCents: 100_00 });
    expect((await w.api('GET', `/customer/packages/${pkg.id}/cover`, w.tokens.customer)).statusCode).toBe(404);
    expect((await w.api('GET', `/packages/${pkg.id}/cover`, w.tokens.secondAdmin)).statusCode).toBe(404);
    expect((await w.api('PUT', `/customer/packages/${pkg.id}/insurance`, w.tokens.customer, { insured: true })).statusCode).toBe(404);
    expect((await w.api('GET', `/packages/${pkg.id}/cover`, c.admin)).json().premiumCents).toBe(600_00);
  });
});

describe('claims', () => {
  it('a claim is opened, decided by staff, seen by both, audited, and kept from other couriers', async () => {
    const pkg = await ready(c.courierId, c.customerId, { declaredValueUsdCents: 80_00, insured: true });
    const uninsured = await ready(c.courierId, c.customerId, { declaredValueUsdCents: 80_00, insured: false });
    const no = await w.api('POST', '/insurance-claims', c.customer, { packageId: uninsured.id, reason: 'damaged', description: 'Cracked' });
    expect(no.statusCode).toBe(409);
    expect(no.json().message).toBe(INSURANCE_MESSAGES.notInsured);
    const open = await w.api('POST', '/insurance-claims', c.customer, {
      packageId: pkg.id,
      reason: 'damaged',
      description: 'Screen cracked',
    });
    expect(open.statusCode, open.body).toBe(201);
    const claim = open.json();
    expect(claim).toMatchObject({ status: 'open', insuredValueUsdCents: 80_00, packageNumber: pkg.packageNumber });
    expect(
      (await w.api('POST', '/insurance-claims', c.customer, { packageId: pkg.id, reason: 'lost', description: 'again' })).statusCode,
    ).toBe(409);

    // Another courier's admin neither sees nor decides it; the other courier's customer cannot claim on it.
    expect((await w.api('GET', '/insurance-claims', w.tokens.secondAdmin)).json().data).toEqual([]);
    const foreign = await w.api('PUT', `/insurance-claims/${claim.id}/decision`, w.tokens.admin, { outcome: 'declined', reason: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await w.api('POST', '/insurance-claims', w.tokens.customer, { packageId: pkg.id, reason: 'lost', description: 'x' })).statusCode,
    ).toBe(404);

    const tooMuch = await w.api('PUT', `/insurance-claims/${claim.id}/decision`, c.admin, {
      outcome: 'approved',
      approvedAmount: 81,
      reason: 'x',
    });
    expect(tooMuch.statusCode).toBe(422);
    const decided = await w.api('PUT', `/insurance-claims/${claim.id}/decision`, c.admin, {
      outcome: 'approved',
      approvedAmount: 60,
      payout: 'refund',
      reason: 'Repair estimate',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'approved', approvedUsdCents: 60_00, decisionReason: 'Repair estimate' });
    expect((await w.api('PUT', `/insurance-claims/${claim.id}/decision`, c.admin, { outcome: 'declined', reason: 'x' })).statusCode).toBe(
      409,
    );
    const mine = (await w.api('GET', '/insurance-claims', c.customer)).json().data;
    expect(mine).toEqual([expect.objectContaining({ claimNo: claim.claimNo, status: 'approved', approvedUsdCents: 60_00 })]);
    const actions = await w.t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.courierId, c.courierId), eq(auditLog.entityId, claim.claimNo)));
    expect(actions.map((a) => a.action).sort()).toEqual(['insurance_claim.decided', 'insurance_claim.opened']);
    const mail = await w.t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Courier INS: Insurance claim ${claim.claimNo}: approved, JMD 9,000.00 by refund (bank transfer)`));
    expect(mail).toHaveLength(1);
  });
});

describe("storage days, counted in the courier's time zone", () => {
  // Kiritimati's courier: a parcel made ready at 12:00 UTC is ready on the next day there (02:00),
  // still the same day in Jamaica (07:00). Free days, the start of fees and the reminder follow Kiritimati.
  let k: Awaited<ReturnType<typeof ownCourier>>;
  let readyAt: Date;
  let readyDay: string;
  const FREE_DAYS = 5;
  /** 00:00 + `hour` UTC of the day `n` days after the parcel's UTC day. */
  const utc = (n: number, hour: number) =>
    new Date(Date.UTC(readyAt.getUTCFullYear(), readyAt.getUTCMonth(), readyAt.getUTCDate() + n, hour));

  beforeAll(async () => {
    k = await ownCourier(w, 'KIR', { timeZone: KIRITIMATI });
    const res = await w.api('POST', '/settings/fees', k.admin, {
      appliesTo: 'storage_day',
      code: 'storage',
      ...version(dayInZone(new Date(), KIRITIMATI), { name: 'Storage', method: 'fixed', amount: 50, freeDays: FREE_DAYS }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const now = new Date();
    readyAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 12));
    readyDay = dayInZone(readyAt, KIRITIMATI);
    expect(readyDay).toBe(addDays(dayInZone(readyAt, 'America/Jamaica'), 1));
  });

  it('free until the ready day there plus the free days; fees start at its midnight', async () => {
    const pkg = await ready(k.courierId, k.customerId, { readyAt });
    const who = { courierId: k.courierId, customerId: k.customerId };
    const freeUntil = addDays(readyDay, FREE_DAYS);
    // The last free day (UTC day + 1 + FREE_DAYS there) ends at 10:00 UTC of UTC day + FREE_DAYS + 1;
    // in Jamaica, fees would already have started a day earlier.
    const lastFreeHour = await packageCover(w.t.db, who, pkg.id, utc(FREE_DAYS + 1, 9));
    expect(lastFreeHour.storage).toMatchObject({ freeUntil, dailyCents: 50_00, started: false });
    expect(lastFreeHour.storage?.text).toMatch(/^free until [A-Z][a-z]{2} \d{1,2}, then JMD 50 a day$/);
    expect((await packageCover(w.t.db, who, pkg.id, utc(FREE_DAYS + 1, 11))).storage).toMatchObject({ freeUntil, started: true });
  });

  it('reminds once, two days before fees start there', async () => {
    const pkg = await ready(k.courierId, k.customerId, { readyAt });
    const reminded = async () => (await w.t.db.select().from(packages).where(eq(packages.id, pkg.id)))[0]?.storageReminderAt ?? null;
    // Two days before the last free day there: UTC day + FREE_DAYS - 1 in Kiritimati, from 10:00 UTC of UTC day + FREE_DAYS - 2.
    await remindStorage({ db: w.t.db, mailer: w.t.ctx.mailer }, utc(FREE_DAYS - 2, 9));
    expect(await reminded()).toBeNull();
    await remindStorage({ db: w.t.db, mailer: w.t.ctx.mailer }, utc(FREE_DAYS - 2, 11));
    expect(await reminded()).not.toBeNull();
    await remindStorage({ db: w.t.db, mailer: w.t.ctx.mailer }, utc(FREE_DAYS - 1, 11));
    // One e-mail a customer a day lists every parcel of theirs about to be charged.
    const mails = (
      await w.t.db.select().from(emailOutbox).where(like(emailOutbox.subject, 'Courier KIR: Storage fees start soon:%'))
    ).filter((m) => m.textBody.includes(pkg.packageNumber));
    expect(mails).toHaveLength(1);
  });

  it("keeps another courier's customer out of the countdown", async () => {
    const pkg = await ready(k.courierId, k.customerId, { readyAt });
    expect((await w.api('GET', `/customer/packages/${pkg.id}/cover`, c.customer)).statusCode).toBe(404);
    await expect(packageCover(w.t.db, { courierId: c.courierId, customerId: null }, pkg.id)).rejects.toThrow('Package not found');
  });
});
