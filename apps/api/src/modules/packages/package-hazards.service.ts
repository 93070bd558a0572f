import { and, eq } from 'drizzle-orm';
import { HAZARD_CATEGORY_LABELS, HAZARD_LEVEL_LABELS, HAZARD_OUTCOME_LABELS } from '@courier/shared/constants/warehouse';
import { PACKAGE_MESSAGES, type PackageDetail } from '@courier/shared/schemas/packages';
import { WAREHOUSE_MESSAGES, type flagHazardSchema, hazardCustomerReason } from '@courier/shared/schemas/warehouse';
import { formatMoney } from '@courier/shared/format/money';
import { hazardFeeLine } from '@courier/shared/domain/charges';
import type { z } from 'zod';
import type { Services } from '../../context';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema/packages';
import { audit } from '../../lib/audit';
import { recordScope } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { chargePackageFee } from '../invoices/index';
import { hazardFeeOf } from '../fees/index';
import { notifyCustomer } from '../notifications/index';
import { customerForEmail, sendCustomerEmail } from './package-emails.service';
import { detailOf } from './package-queries.service';
import { findPackage } from './package-rows.service';
import { actorOf, writeEvent } from './package-status.service';

type PackageRecord = typeof packages.$inferSelect;

/**
 * Why a parcel may not join a manifest of this mode because of its hazard, or null. Dangerous
 * goods never fly; prohibited ones, and ones being returned or disposed of, never ship.
 */
export function hazardRefusal(pkg: PackageRecord, manifestMode: 'AIR' | 'SEA'): string | null {
  if (!pkg.hazardLevel) return null;
  if (pkg.hazardLevel === 'prohibited') return WAREHOUSE_MESSAGES.prohibited(pkg.packageNumber);
  if (pkg.hazardOutcome === 'return' || pkg.hazardOutcome === 'dispose') {
    return WAREHOUSE_MESSAGES.hazardOutcomeDone(pkg.packageNumber, pkg.hazardOutcome === 'return' ? 'returned' : 'disposed of');
  }
  if (manifestMode === 'AIR') {
    const category = pkg.hazardCategory ? HAZARD_CATEGORY_LABELS[pkg.hazardCategory].toLowerCase() : 'dangerous goods';
    return WAREHOUSE_MESSAGES.hazardousByAir(pkg.packageNumber, category);
  }
  return null;
}

/**
 * Staff flag a parcel hazardous or prohibited (or clear the flag). The outcome SEA moves a
 * hazardous parcel to sea; return or dispose fixes the courier's fee on it. The customer is told
 * why, by e-mail and in their feed; the package's timeline and the audit log keep it.
 */
export async function flagHazard(
  s: Services,
  user: AuthUser,
  id: number,
  input: z.output<typeof flagHazardSchema>,
): Promise<PackageDetail> {
  const row = await findPackage(s.db, id, recordScope(user));
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  const pkg = row.pkg;
  if (pkg.voidedAt) throw new AppError('conflict', PACKAGE_MESSAGES.isVoided);
  const actor = actorOf(user);

  if (input.level === null) {
    if (!pkg.hazardLevel) throw new AppError('conflict', WAREHOUSE_MESSAGES.hazardNotFlagged);
    await s.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx
        .update(packages)
        .set({
          hazardLevel: null,
          hazardCategory: null,
          hazardNote: null,
          hazardOutcome: null,
          hazardFeeCents: null,
          updatedAt: new Date(),
        })
        .where(and(eq(packages.id, id), eq(packages.courierId, pkg.courierId)));
      await writeEvent(tx, {
        courierId: pkg.courierId,
        packageId: id,
        status: pkg.status,
        fromStatus: pkg.status,
        actor,
        note: `Hazard flag removed${input.note ? `: ${input.note}` : ''}`,
      });
      await audit(tx, {
        courierId: pkg.courierId,
        actor: user,
        action: 'package.hazard_cleared',
        entity: 'package',
        entityId: pkg.packageNumber,
        details: { was: pkg.hazardLevel, category: pkg.hazardCategory, note: input.note ?? null },
      });
    });
    return detailOf(s.db, pkg.courierId, id);
  }

  if (!input.category) throw new AppError('bad_request', WAREHOUSE_MESSAGES.hazardCategoryRequired);
  if (input.level === 'prohibited' && input.outcome === 'sea') throw new AppError('bad_request', WAREHOUSE_MESSAGES.prohibitedBySea);
  // A parcel already on a manifest that may not carry it comes off first (by the person, knowingly).
  if (pkg.manifestId !== null && (input.level === 'prohibited' || input.outcome !== 'sea' || pkg.mode === 'AIR')) {
    throw new AppError('conflict', WAREHOUSE_MESSAGES.hazardOnManifest(row.manifestNumber ?? ''));
  }
  const outcome = input.outcome ?? null;
  const fee = outcome === 'return' || outcome === 'dispose' ? await hazardFeeOf(s.db, pkg.courierId) : null;
  const label = `${HAZARD_LEVEL_LABELS[input.level]}: ${HAZARD_CATEGORY_LABELS[input.category]}`;
  const outcomeText = outcome ? ` · ${HAZARD_OUTCOME_LABELS[outcome]}${fee ? ` (fee ${formatMoney(fee)})` : ''}` : '';
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(packages)
      .set({
        hazardLevel: input.level,
        hazardCategory: input.category,
        hazardNote: input.note || null,
        hazardOutcome: outcome,
        hazardFeeCents: fee,
        mode: outcome === 'sea' ? 'SEA' : pkg.mode,
        updatedAt: new Date(),
      })
      .where(and(eq(packages.id, id), eq(packages.courierId, pkg.courierId)));
    await writeEvent(tx, {
      courierId: pkg.courierId,
      packageId: id,
      status: pkg.status,
      fromStatus: pkg.status,
      actor,
      note: `Flagged ${label}${outcomeText}${input.note ? `; ${input.note}` : ''}`,
    });
    await audit(tx, {
      courierId: pkg.courierId,
      actor: user,
      action: 'package.hazard_flagged',
      entity: 'package',
      entityId: pkg.packageNumber,
      details: { level: input.level, category: input.category, outcome, feeCents: fee, note: input.note ?? null },
    });
    if (pkg.customerId !== null && input.level && input.category) {
      await tellCustomer(tx, s, { ...pkg, hazardOutcome: outcome }, input.level, input.category, fee);
    }
    // Returned or disposed of, the parcel is never invoiced for freight: its fee is invoiced now, once.
    if (fee && pkg.customerId !== null) {
      await chargePackageFee({
        db: tx,
        mailer: s.mailer,
        courierId: pkg.courierId,
        packageId: id,
        line: { kind: 'hazard_fee', description: hazardFeeLine(pkg.packageNumber), packageId: id, amountCents: fee },
        whenNoInvoice: 'issue',
        why: `Your parcel ${pkg.packageNumber} will be ${outcome === 'return' ? 'returned to the sender' : 'disposed of'}.`,
      });
    }
  });
  return detailOf(s.db, pkg.courierId, id);
}

/** The customer hears why their parcel cannot fly (or ship), and what happens to it. */
async function tellCustomer(
  db: Db,
  s: Services,
  pkg: PackageRecord,
  level: 'hazardous' | 'prohibited',
  category: NonNullable<PackageRecord['hazardCategory']>,
  fee: number | null,
) {
  if (pkg.customerId === null) return;
  const customer = await customerForEmail(db, pkg.customerId);
  const reason = hazardCustomerReason(level, category);
  const next =
    pkg.hazardOutcome === 'sea'
      ? 'It will travel to Jamaica by sea.'
      : pkg.hazardOutcome
        ? `It will be ${pkg.hazardOutcome === 'return' ? 'returned to the sender' : 'disposed of'}${fee ? `; a fee of ${formatMoney(fee)} applies` : ''}.`
        : 'Please contact us to choose what happens to it.';
  const subject = `Your parcel cannot ${level === 'prohibited' ? 'ship' : 'fly'}: ${pkg.packageNumber}`;
  await notifyCustomer(db, {
    courierId: pkg.courierId,
    customerId: pkg.customerId,
    type: 'package_update',
    title: subject,
    body: `${reason} ${next}`,
    target: { kind: 'package', ref: pkg.packageNumber },
  });
  if (customer) {
    await sendCustomerEmail(db, s.mailer, {
      courierId: pkg.courierId,
      customer,
      subject,
      body: [`Your package ${pkg.packageNumber} (tracking ${pkg.trackingNumber}) was checked at our Miami warehouse.`, reason, next],
    });
  }
}
