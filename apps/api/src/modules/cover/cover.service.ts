import { and, asc, desc, eq, isNotNull, isNull, notInArray } from 'drizzle-orm';
import { dayInZone, formatCalendarDay } from '@courier/shared/domain/datetime';
import { addDays } from '@courier/shared/domain/datetime';
import { type FeeVersion, feeCents, storageCountdown } from '@courier/shared/domain/fees';
import { formatMoney, formatWholeMoney } from '@courier/shared/format/money';
import { INSURANCE_MESSAGES, type PackageCover } from '@courier/shared/schemas/insurance';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema/packages';
import { audit } from '../../lib/audit';
import { courierNow } from '../../lib/courier-clock';
import { courierTimeZone } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { changeInsureByDefault } from '../customers/index';
import { feeBookOn, feeFirstDay } from '../fees/index';
import { customerForEmail, sendCustomerEmail, markStorageReminded, setInsured } from '../packages/index';
import { getCourierRates } from '../settings/index';
import { listClaims } from './claims.service';
import { STORAGE_REMINDER_DAYS, type Who, insureByDefault, onLiveInvoice, packageOf } from './cover-rows';

export { STORAGE_REMINDER_DAYS };

/**
 * A package's cover: its insurance (for its declared value, at the courier's rate and minimum),
 * claims on it, and the storage countdown. Customers act on their own packages only; staff on
 * their courier's.
 */

/** "2% of the declared value, at least JMD 600.00" */
function insuranceRule(fee: FeeVersion): string {
  if (fee.method === 'percent_value') {
    const min = fee.minimumCents > 0 ? `, at least ${formatMoney(fee.minimumCents)}` : '';
    return `${fee.percentBps / 100}% of the declared value${min}`;
  }
  if (fee.method === 'fixed') return `${formatMoney(fee.amountCents)} a package`;
  return fee.name;
}

/** "free until Dec 3, then JMD 50 a day" */
export function storageText(freeUntil: string, dailyCents: number): string {
  const daily = dailyCents % 100 === 0 ? formatWholeMoney(dailyCents / 100) : formatMoney(dailyCents);
  return `free until ${formatCalendarDay(freeUntil, 'short')}, then ${daily} a day`;
}

/** `at` is the real instant; the storage countdown reads the courier's clock from it. */
export async function packageCover(db: Db, who: Who, packageId: number, at?: Date): Promise<PackageCover> {
  const pkg = await packageOf(db, who, packageId);
  const now = await courierNow(db, who.courierId, at);
  const rates = await getCourierRates(db, who.courierId, now);
  const insurance = rates.insuranceFee;
  const insured = pkg.insured ?? (await insureByDefault(db, pkg.customerId));
  const invoiced = await onLiveInvoice(db, who.courierId, pkg.id);
  const valueCents = Math.round((pkg.declaredValueUsdCents ?? 0) * rates.exchangeRateJmdPerUsd);
  let storage: PackageCover['storage'] = null;
  const storageFee = rates.storageFee;
  if (storageFee && pkg.readyAt && pkg.storageDays === null && pkg.status === 'ready_for_pickup') {
    const zone = await courierTimeZone(db, who.courierId);
    const firstDay = await feeFirstDay(db, who.courierId, storageFee.feeId);
    const { freeUntil, dailyCents } = storageCountdown(
      storageFee,
      dayInZone(pkg.readyAt, zone),
      { weightLbs: pkg.weightLb, valueCents },
      firstDay,
    );
    storage = { freeUntil, dailyCents, text: storageText(freeUntil, dailyCents), started: dayInZone(now, zone) > freeUntil };
  }
  return {
    packageStatus: pkg.status,
    heldFrom: pkg.heldFrom,
    insuranceOffered: insurance !== null,
    insured,
    canChange: insurance !== null && !invoiced && pkg.status !== 'delivered' && pkg.customerId !== null,
    premiumCents: insurance && pkg.declaredValueUsdCents ? feeCents(insurance, { valueCents, weightLbs: pkg.weightLb, items: 1 }) : null,
    insuranceRule: insurance ? insuranceRule(insurance) : null,
    claims: await listClaims(db, { ...who, packageId: pkg.id }),
    storage,
  };
}

/** Insures a package for its declared value, or takes the insurance off, before it is invoiced. */
export async function setPackageInsurance(db: Db, actor: AuthUser, who: Who, packageId: number, insured: boolean, now = new Date()) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const pkg = await packageOf(tx, who, packageId);
    const book = await feeBookOn(tx, who.courierId, now);
    if (!book.byCode('insurance')) throw new AppError('conflict', INSURANCE_MESSAGES.noInsurance);
    if (await onLiveInvoice(tx, who.courierId, pkg.id)) throw new AppError('conflict', INSURANCE_MESSAGES.alreadyInvoiced);
    if (insured && !pkg.declaredValueUsdCents) throw new AppError('unprocessable', INSURANCE_MESSAGES.noValue);
    await setInsured(tx, who.courierId, pkg.id, insured, now);
    await audit(tx, {
      courierId: who.courierId,
      actor,
      action: 'package.insurance_changed',
      entity: 'package',
      entityId: pkg.packageNumber,
      details: { insured, declaredValueUsdCents: pkg.declaredValueUsdCents },
    });
    return packageCover(tx, who, packageId, now);
  });
}

export async function getInsureByDefault(db: Db, courierId: number, customerId: number) {
  const book = await feeBookOn(db, courierId, new Date());
  return { insureByDefault: await insureByDefault(db, customerId), offered: book.byCode('insurance') !== undefined };
}

export async function setInsureByDefault(db: Db, actor: AuthUser, courierId: number, customerId: number, value: boolean) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await changeInsureByDefault(tx, courierId, customerId, value);
    await audit(tx, {
      courierId,
      actor,
      action: 'customer.insurance_default_changed',
      entity: 'customer',
      entityId: customerId,
      details: { insureByDefault: value },
    });
  });
  return getInsureByDefault(db, courierId, customerId);
}

/**
 * The storage reminder: before a waiting package's free days end (within `STORAGE_REMINDER_DAYS`,
 * never after), its customer is e-mailed when fees start and how much: one e-mail listing all
 * their packages due, at most one a day. A package already past its free days is marked and never
 * reminded. Idempotent (`storage_reminder_at`). Each courier's day is its own clock's (`at` the real instant).
 */
export async function remindStorage(s: { db: Db; mailer: Mailer }, at?: Date): Promise<number> {
  return s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const waiting = await tx
      .select()
      .from(packages)
      .where(
        and(
          eq(packages.status, 'ready_for_pickup'),
          isNotNull(packages.readyAt),
          isNotNull(packages.customerId),
          isNull(packages.storageReminderAt),
          isNull(packages.storageDays),
        ),
      )
      .orderBy(asc(packages.courierId), asc(packages.id))
      .for('update', { skipLocked: true });
    type Rates = Awaited<ReturnType<typeof getCourierRates>> & { zone: string; firstDay: string | null; now: Date };
    const byCourier = new Map<number, Rates>();
    const due = new Map<string, { courierId: number; customerId: number; zone: string; now: Date; lines: string[]; ids: number[] }>();
    const late = new Map<number, { now: Date; ids: number[] }>();
    for (const pkg of waiting) {
      if (!pkg.readyAt || pkg.customerId === null) continue;
      let rates = byCourier.get(pkg.courierId);
      if (!rates) {
        const now = await courierNow(tx, pkg.courierId, at);
        const r = await getCourierRates(tx, pkg.courierId, now);
        const firstDay = r.storageFee ? await feeFirstDay(tx, pkg.courierId, r.storageFee.feeId) : null;
        rates = { ...r, zone: await courierTimeZone(tx, pkg.courierId), firstDay, now };
        byCourier.set(pkg.courierId, rates);
      }
      const fee = rates.storageFee;
      if (!fee) continue;
      const valueCents = Math.round((pkg.declaredValueUsdCents ?? 0) * rates.exchangeRateJmdPerUsd);
      const { freeUntil, dailyCents } = storageCountdown(
        fee,
        dayInZone(pkg.readyAt, rates.zone),
        { weightLbs: pkg.weightLb, valueCents },
        rates.firstDay,
      );
      const today = dayInZone(rates.now, rates.zone);
      if (dailyCents <= 0 || today < addDays(freeUntil, -STORAGE_REMINDER_DAYS)) continue;
      // Fees already started: too late for "soon", so never sent.
      if (today > freeUntil) {
        const gone = late.get(pkg.courierId) ?? { now: rates.now, ids: [] };
        gone.ids.push(pkg.id);
        late.set(pkg.courierId, gone);
        continue;
      }
      const key = `${pkg.courierId}:${pkg.customerId}`;
      const entry = due.get(key) ?? {
        courierId: pkg.courierId,
        customerId: pkg.customerId,
        zone: rates.zone,
        now: rates.now,
        lines: [],
        ids: [],
      };
      entry.lines.push(`- ${pkg.packageNumber} (tracking ${pkg.trackingNumber}): ${storageText(freeUntil, dailyCents)}`);
      entry.ids.push(pkg.id);
      due.set(key, entry);
    }
    for (const gone of late.values()) await markStorageReminded(tx, gone.ids, gone.now);
    const lateIds = [...late.values()].flatMap((g) => g.ids);
    let sent = 0;
    for (const entry of due.values()) {
      // At most one reminder a day per customer: one already sent today waits for tomorrow's.
      const [today] = await tx
        .select({ at: packages.storageReminderAt })
        .from(packages)
        .where(and(eq(packages.customerId, entry.customerId), isNotNull(packages.storageReminderAt), notInArray(packages.id, lateIds)))
        .orderBy(desc(packages.storageReminderAt))
        .limit(1);
      if (today?.at && dayInZone(today.at, entry.zone) === dayInZone(entry.now, entry.zone)) continue;
      const customer = await customerForEmail(tx, entry.customerId);
      if (customer) {
        const one = entry.ids.length === 1;
        await sendCustomerEmail(tx, s.mailer, {
          courierId: entry.courierId,
          customer,
          subject: `Storage fees start soon: ${one ? (waiting.find((p) => p.id === entry.ids[0])?.packageNumber ?? '') : `${entry.ids.length} packages`}`,
          body: [
            `${one ? 'Your package is' : 'Your packages are'} ready for pickup; storage is charged after the free days:`,
            ...entry.lines,
            'Collect them before then, or ask for home delivery in your account, to pay no storage.',
          ],
        });
      }
      await markStorageReminded(tx, entry.ids, entry.now);
      sent += entry.ids.length;
    }
    return sent;
  });
}
