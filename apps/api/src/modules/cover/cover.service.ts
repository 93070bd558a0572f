import { and, asc, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { dayInZone, formatCalendarDay } from '@courier/shared/domain/datetime';
import { type FeeVersion, addDays, feeCents, storageCountdown } from '@courier/shared/domain/fees';
import { formatMoney, formatWholeMoney } from '@courier/shared/format/money';
import {
  type Claim,
  type ClaimCreateInput,
  type ClaimDecisionInput,
  INSURANCE_MESSAGES,
  type PackageCover,
  claimDecisionSchema,
} from '@courier/shared/schemas/insurance';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { customers } from '../../db/schema/customers';
import { insuranceClaims } from '../../db/schema/insurance-claims';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { audit } from '../../lib/audit';
import { courierTimeZone } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { feeBookOn } from '../fees/fees.service';
import { customerForEmail, sendCustomerEmail } from '../packages/package-emails.service';
import { getCourierRates } from '../settings/rates.service';

/**
 * A package's cover: its insurance (for its declared value, at the courier's rate and minimum),
 * claims on it, and the storage countdown. Customers act on their own packages only; staff on
 * their courier's.
 */

const PACKAGE_NOT_FOUND = 'Package not found';
/** Days before storage fees start that the customer is reminded. */
export const STORAGE_REMINDER_DAYS = 2;

interface Who {
  courierId: number;
  /** Set when the caller is the customer: only their packages. */
  customerId: number | null;
}

async function packageOf(db: Db, who: Who, packageId: number) {
  const [pkg] = await db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.id, packageId),
        eq(packages.courierId, who.courierId),
        isNull(packages.voidedAt),
        who.customerId === null ? undefined : eq(packages.customerId, who.customerId),
      ),
    );
  if (!pkg) throw new AppError('not_found', PACKAGE_NOT_FOUND);
  return pkg;
}

async function insureByDefault(db: Db, customerId: number | null): Promise<boolean> {
  if (customerId === null) return false;
  const [row] = await db.select({ v: customers.insureByDefault }).from(customers).where(eq(customers.id, customerId));
  return row?.v ?? false;
}

async function onLiveInvoice(db: Db, courierId: number, packageId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(invoicePackages.courierId, courierId), eq(invoicePackages.packageId, packageId), ne(invoices.status, 'void')))
    .limit(1);
  return row !== undefined;
}

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

const toClaim = (r: typeof insuranceClaims.$inferSelect, packageNumber: string, customerName: string): Claim => ({
  id: r.id,
  claimNo: r.claimNo,
  packageId: r.packageId,
  packageNumber,
  customerName,
  reason: r.reason,
  description: r.description,
  insuredValueUsdCents: r.insuredValueUsdCents,
  status: r.status,
  approvedUsdCents: r.approvedUsdCents,
  decisionReason: r.decisionReason,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export async function listClaims(db: Db, who: Who & { packageId?: number }): Promise<Claim[]> {
  const rows = await db
    .select({ claim: insuranceClaims, packageNumber: packages.packageNumber, first: customers.firstName, last: customers.lastName })
    .from(insuranceClaims)
    .innerJoin(packages, eq(packages.id, insuranceClaims.packageId))
    .innerJoin(customers, eq(customers.id, insuranceClaims.customerId))
    .where(
      and(
        eq(insuranceClaims.courierId, who.courierId),
        who.customerId === null ? undefined : eq(insuranceClaims.customerId, who.customerId),
        who.packageId === undefined ? undefined : eq(insuranceClaims.packageId, who.packageId),
      ),
    )
    .orderBy(desc(insuranceClaims.createdAt), desc(insuranceClaims.id))
    .limit(200);
  return rows.map((r) => toClaim(r.claim, r.packageNumber, `${r.first} ${r.last}`));
}

export async function packageCover(db: Db, who: Who, packageId: number, now = new Date()): Promise<PackageCover> {
  const pkg = await packageOf(db, who, packageId);
  const rates = await getCourierRates(db, who.courierId, now);
  const insurance = rates.insuranceFee;
  const insured = pkg.insured ?? (await insureByDefault(db, pkg.customerId));
  const invoiced = await onLiveInvoice(db, who.courierId, pkg.id);
  const valueCents = Math.round((pkg.declaredValueUsdCents ?? 0) * rates.exchangeRateJmdPerUsd);
  let storage: PackageCover['storage'] = null;
  const storageFee = rates.storageFee;
  if (storageFee && pkg.readyAt && pkg.storageDays === null && pkg.status === 'ready_for_pickup') {
    const zone = await courierTimeZone(db, who.courierId);
    const { freeUntil, dailyCents } = storageCountdown(storageFee, dayInZone(pkg.readyAt, zone), { weightLbs: pkg.weightLb, valueCents });
    storage = { freeUntil, dailyCents, text: storageText(freeUntil, dailyCents), started: dayInZone(now, zone) > freeUntil };
  }
  return {
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
    await tx.update(packages).set({ insured, updatedAt: now }).where(eq(packages.id, pkg.id));
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
    await tx
      .update(customers)
      .set({ insureByDefault: value })
      .where(and(eq(customers.id, customerId), eq(customers.courierId, courierId)));
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

/** A claim on an insured package that arrived damaged or was lost: by the customer or by staff. */
export async function openClaim(db: Db, actor: AuthUser, who: Who, input: ClaimCreateInput): Promise<Claim> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const pkg = await packageOf(tx, who, input.packageId);
    const [locked] = await tx.select({ id: packages.id }).from(packages).where(eq(packages.id, pkg.id)).for('update');
    if (!locked || pkg.customerId === null) throw new AppError('not_found', PACKAGE_NOT_FOUND);
    const insured = pkg.insured ?? (await insureByDefault(tx, pkg.customerId));
    if (!insured) throw new AppError('conflict', INSURANCE_MESSAGES.notInsured);
    const [existing] = await tx
      .select({ id: insuranceClaims.id })
      .from(insuranceClaims)
      .where(and(eq(insuranceClaims.packageId, pkg.id), inArray(insuranceClaims.status, ['open', 'approved'])));
    if (existing) throw new AppError('conflict', INSURANCE_MESSAGES.claimOpen);
    const claimNo = `CLM-${String(await nextCounter(tx, who.courierId, 'insurance_claim')).padStart(6, '0')}`;
    const [row] = await tx
      .insert(insuranceClaims)
      .values({
        courierId: who.courierId,
        claimNo,
        packageId: pkg.id,
        customerId: pkg.customerId,
        reason: input.reason,
        description: input.description,
        insuredValueUsdCents: pkg.declaredValueUsdCents ?? 0,
        openedByUser: actor.kind === 'user' ? actor.id : null,
      })
      .returning();
    if (!row) throw new Error('Claim insert returned nothing');
    await audit(tx, {
      courierId: who.courierId,
      actor,
      action: 'insurance_claim.opened',
      entity: 'insurance_claim',
      entityId: claimNo,
      details: { packageNumber: pkg.packageNumber, reason: input.reason, by: actor.kind },
    });
    const [c] = await tx
      .select({ first: customers.firstName, last: customers.lastName })
      .from(customers)
      .where(eq(customers.id, pkg.customerId));
    return toClaim(row, pkg.packageNumber, `${c?.first ?? ''} ${c?.last ?? ''}`.trim());
  });
}

/** Staff record a claim's outcome: approved for an amount up to the insured value, or declined, with the reason. */
export async function decideClaim(db: Db, mailer: Mailer, actor: AuthUser, courierId: number, claimId: number, input: ClaimDecisionInput) {
  const decision = claimDecisionSchema.parse(input);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [claim] = await tx
      .select()
      .from(insuranceClaims)
      .where(and(eq(insuranceClaims.id, claimId), eq(insuranceClaims.courierId, courierId)))
      .for('update');
    if (!claim) throw new AppError('not_found', INSURANCE_MESSAGES.claimNotFound);
    if (claim.status !== 'open') throw new AppError('conflict', INSURANCE_MESSAGES.claimDecided);
    if (decision.outcome === 'approved' && !(decision.approvedAmount && decision.approvedAmount > 0))
      throw new AppError('unprocessable', INSURANCE_MESSAGES.approvedRequired);
    const approvedUsdCents = decision.outcome === 'approved' ? Math.round((decision.approvedAmount ?? 0) * 100) : null;
    if (approvedUsdCents !== null && approvedUsdCents > claim.insuredValueUsdCents)
      throw new AppError('unprocessable', INSURANCE_MESSAGES.approvedTooHigh);
    const now = new Date();
    const [row] = await tx
      .update(insuranceClaims)
      .set({
        status: decision.outcome,
        approvedUsdCents,
        decisionReason: decision.reason,
        decidedBy: actor.kind === 'user' ? actor.id : null,
        decidedAt: now,
      })
      .where(eq(insuranceClaims.id, claim.id))
      .returning();
    if (!row) throw new Error('Claim update returned nothing');
    const [pkg] = await tx.select({ packageNumber: packages.packageNumber }).from(packages).where(eq(packages.id, claim.packageId));
    await audit(tx, {
      courierId,
      actor,
      action: 'insurance_claim.decided',
      entity: 'insurance_claim',
      entityId: claim.claimNo,
      details: { outcome: decision.outcome, approvedUsdCents, reason: decision.reason },
    });
    const customer = await customerForEmail(tx, claim.customerId);
    if (customer) {
      const outcome = decision.outcome === 'approved' ? `approved for ${formatMoney(approvedUsdCents ?? 0, 'USD')}` : 'declined';
      await sendCustomerEmail(tx, mailer, {
        courierId,
        customer,
        subject: `Insurance claim ${claim.claimNo}: ${decision.outcome}`,
        body: [
          `Your insurance claim ${claim.claimNo} for package ${pkg?.packageNumber ?? ''} was ${outcome}.`,
          `Reason: ${decision.reason}`,
        ],
      });
    }
    const [c] = await tx
      .select({ first: customers.firstName, last: customers.lastName })
      .from(customers)
      .where(eq(customers.id, claim.customerId));
    return toClaim(row, pkg?.packageNumber ?? '', `${c?.first ?? ''} ${c?.last ?? ''}`.trim());
  });
}

/**
 * The storage reminder: a ready package whose free days end within `STORAGE_REMINDER_DAYS` gets
 * one e-mail saying when fees start and how much. Idempotent (`storage_reminder_at`).
 */
export async function remindStorage(s: { db: Db; mailer: Mailer }, now = new Date()): Promise<number> {
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
    let sent = 0;
    const byCourier = new Map<number, Awaited<ReturnType<typeof getCourierRates>> & { zone: string }>();
    for (const pkg of waiting) {
      if (!pkg.readyAt || pkg.customerId === null) continue;
      let rates = byCourier.get(pkg.courierId);
      if (!rates) {
        rates = { ...(await getCourierRates(tx, pkg.courierId, now)), zone: await courierTimeZone(tx, pkg.courierId) };
        byCourier.set(pkg.courierId, rates);
      }
      const fee = rates.storageFee;
      if (!fee) continue;
      const valueCents = Math.round((pkg.declaredValueUsdCents ?? 0) * rates.exchangeRateJmdPerUsd);
      const { freeUntil, dailyCents } = storageCountdown(fee, dayInZone(pkg.readyAt, rates.zone), { weightLbs: pkg.weightLb, valueCents });
      if (dailyCents <= 0 || dayInZone(now, rates.zone) < addDays(freeUntil, -STORAGE_REMINDER_DAYS)) continue;
      const customer = await customerForEmail(tx, pkg.customerId);
      if (customer) {
        await sendCustomerEmail(tx, s.mailer, {
          courierId: pkg.courierId,
          customer,
          subject: `Storage fees start soon: ${pkg.packageNumber}`,
          body: [
            `Your package ${pkg.packageNumber} (tracking ${pkg.trackingNumber}) is ready for pickup: storage is ${storageText(freeUntil, dailyCents)}.`,
            'Collect it before then, or ask for home delivery in your account, to pay no storage.',
          ],
        });
      }
      await tx.update(packages).set({ storageReminderAt: now }).where(eq(packages.id, pkg.id));
      sent++;
    }
    return sent;
  });
}
