import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { formatMoney, toCents } from '@courier/shared/format/money';
import {
  CLAIM_REASON_LABELS,
  CLAIM_PAYOUT_LABELS,
  type Claim,
  type ClaimCreateInput,
  type ClaimDecisionInput,
  type ClaimStatus,
  INSURANCE_MESSAGES,
  claimDecisionSchema,
} from '@courier/shared/schemas/insurance';
import { claimRefusal } from '@courier/shared/domain/claims';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { customers } from '../../db/schema/customers';
import { insuranceClaimPhotos, insuranceClaims } from '../../db/schema/insurance-claims';
import { packages } from '../../db/schema/packages';
import { audit } from '../../lib/audit';
import { notify } from '../notifications/index';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { addCredit } from '../account-credit/index';
import { customerForEmail, sendCustomerEmail } from '../packages/index';
import { getCourierRates } from '../settings/index';
import { PACKAGE_NOT_FOUND, type Who, insureByDefault, packageOf } from './cover-rows';

type ClaimRow = typeof insuranceClaims.$inferSelect;
type PhotoRef = Claim['photos'][number];

const toClaim = (r: ClaimRow, packageNumber: string, customerName: string, photos: PhotoRef[] = []): Claim => ({
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
  payout: r.payout,
  payoutCents: r.payoutCents,
  photos,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

async function photosByClaim(db: Db, claimIds: number[]): Promise<Map<number, PhotoRef[]>> {
  const out = new Map<number, PhotoRef[]>();
  if (claimIds.length === 0) return out;
  const rows = await db
    .select()
    .from(insuranceClaimPhotos)
    .where(inArray(insuranceClaimPhotos.claimId, claimIds))
    .orderBy(asc(insuranceClaimPhotos.id));
  for (const p of rows) out.set(p.claimId, [...(out.get(p.claimId) ?? []), { id: p.id, width: p.width, height: p.height }]);
  return out;
}

/** Claims of the courier (or of one customer, or one package), newest first; optionally of one status. */
export async function listClaims(db: Db, who: Who & { packageId?: number; status?: ClaimStatus }): Promise<Claim[]> {
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
        who.status === undefined ? undefined : eq(insuranceClaims.status, who.status),
      ),
    )
    .orderBy(desc(insuranceClaims.createdAt), desc(insuranceClaims.id))
    .limit(200);
  const photos = await photosByClaim(
    db,
    rows.map((r) => r.claim.id),
  );
  return rows.map((r) => toClaim(r.claim, r.packageNumber, `${r.first} ${r.last}`, photos.get(r.claim.id)));
}

/** One claim in the caller's reach (a customer's own; staff their courier's), else 404. */
export async function claimInReach(db: Db, who: Who, claimId: number): Promise<ClaimRow> {
  const [claim] = await db
    .select()
    .from(insuranceClaims)
    .where(
      and(
        eq(insuranceClaims.id, claimId),
        eq(insuranceClaims.courierId, who.courierId),
        who.customerId === null ? undefined : eq(insuranceClaims.customerId, who.customerId),
      ),
    );
  if (!claim) throw new AppError('not_found', INSURANCE_MESSAGES.claimNotFound);
  return claim;
}

/** A claim on an insured package that arrived damaged or was lost: by the customer or by staff. */
export async function openClaim(db: Db, actor: AuthUser, who: Who, input: ClaimCreateInput): Promise<Claim> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const pkg = await packageOf(tx, who, input.packageId);
    const [locked] = await tx.select({ id: packages.id }).from(packages).where(eq(packages.id, pkg.id)).for('update');
    if (!locked || pkg.customerId === null) throw new AppError('not_found', PACKAGE_NOT_FOUND);
    const insured = pkg.insured ?? (await insureByDefault(tx, pkg.customerId));
    const [existing] = await tx
      .select({ id: insuranceClaims.id })
      .from(insuranceClaims)
      .where(and(eq(insuranceClaims.packageId, pkg.id), inArray(insuranceClaims.status, ['open', 'approved'])));
    // The page offers a claim by the same rule (domain/claims.ts).
    const refusal = claimRefusal({ status: pkg.status, heldFrom: pkg.heldFrom, insured, hasLiveClaim: !!existing }, input.reason);
    if (refusal === INSURANCE_MESSAGES.notArrived) throw new AppError('unprocessable', refusal, { reason: [refusal] });
    if (refusal) throw new AppError('conflict', refusal);
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
    // Into the queue of those who decide claims.
    await notify(tx, {
      courierId: who.courierId,
      type: 'new_insurance_claim',
      title: `New insurance claim ${claimNo}`,
      body: `${pkg.packageNumber}: ${CLAIM_REASON_LABELS[input.reason]}`,
      target: { kind: 'insurance_claim', ref: claimNo },
      createdBy: actor.kind === 'user' ? actor.id : null,
    });
    const [c] = await tx
      .select({ first: customers.firstName, last: customers.lastName })
      .from(customers)
      .where(eq(customers.id, pkg.customerId));
    return toClaim(row, pkg.packageNumber, `${c?.first ?? ''} ${c?.last ?? ''}`.trim());
  });
}

/**
 * Staff record a claim's outcome: declined, or approved for an amount up to the insured value and
 * paid at once the way the courier chose: account credit (a ledger entry), or a refund the courier
 * sends by bank transfer. Either way the amount is the approved US dollars at the courier's
 * exchange rate of the day, kept on the claim, and the e-mail says what was paid and how.
 */
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
    const approved = decision.outcome === 'approved';
    if (approved && !(decision.approvedAmount && decision.approvedAmount > 0))
      throw new AppError('unprocessable', INSURANCE_MESSAGES.approvedRequired, { approvedAmount: [INSURANCE_MESSAGES.approvedRequired] });
    if (approved && !decision.payout)
      throw new AppError('unprocessable', INSURANCE_MESSAGES.payoutRequired, { payout: [INSURANCE_MESSAGES.payoutRequired] });
    const approvedUsdCents = approved ? toCents(decision.approvedAmount ?? 0) : null;
    if (approvedUsdCents !== null && approvedUsdCents > claim.insuredValueUsdCents)
      throw new AppError('unprocessable', INSURANCE_MESSAGES.approvedTooHigh, { approvedAmount: [INSURANCE_MESSAGES.approvedTooHigh] });
    const payout = approved ? decision.payout : null;
    const payoutCents =
      approvedUsdCents === null ? null : Math.round(approvedUsdCents * (await getCourierRates(tx, courierId)).exchangeRateJmdPerUsd);
    const now = new Date();
    const [row] = await tx
      .update(insuranceClaims)
      .set({
        status: decision.outcome,
        approvedUsdCents,
        payout,
        payoutCents,
        decisionReason: decision.reason,
        decidedBy: actor.kind === 'user' ? actor.id : null,
        decidedAt: now,
      })
      .where(eq(insuranceClaims.id, claim.id))
      .returning();
    if (!row) throw new Error('Claim update returned nothing');
    const [pkg] = await tx.select({ packageNumber: packages.packageNumber }).from(packages).where(eq(packages.id, claim.packageId));
    let balanceCents: number | null = null;
    if (payout === 'account_credit' && payoutCents !== null && payoutCents > 0)
      balanceCents = await addCredit(tx, {
        courierId,
        customerId: claim.customerId,
        kind: 'claim',
        amountCents: payoutCents,
        description: `${claim.claimNo} for ${pkg?.packageNumber ?? 'your package'}`,
        actor,
      });
    await audit(tx, {
      courierId,
      actor,
      action: 'insurance_claim.decided',
      entity: 'insurance_claim',
      entityId: claim.claimNo,
      details: { outcome: decision.outcome, approvedUsdCents, payout, payoutCents, reason: decision.reason },
    });
    const customer = await customerForEmail(tx, claim.customerId);
    if (customer) {
      const what = `Your insurance claim ${claim.claimNo} for package ${pkg?.packageNumber ?? ''}`;
      const paid =
        payout === 'account_credit'
          ? [
              `${what} was approved for ${formatMoney(approvedUsdCents ?? 0, 'USD')}: we added ${formatMoney(payoutCents ?? 0)} to your account credit.`,
              `Your account credit is now ${formatMoney(balanceCents ?? 0)}; you can use it on any invoice, online or at the counter.`,
            ]
          : payout === 'refund'
            ? [
                `${what} was approved for ${formatMoney(approvedUsdCents ?? 0, 'USD')}: we are refunding ${formatMoney(payoutCents ?? 0)} to you by bank transfer.`,
              ]
            : [`${what} was declined.`];
      await sendCustomerEmail(tx, mailer, {
        courierId,
        customer,
        subject: approved
          ? `Insurance claim ${claim.claimNo}: approved, ${formatMoney(payoutCents ?? 0)} by ${CLAIM_PAYOUT_LABELS[payout ?? 'account_credit'].toLowerCase()}`
          : `Insurance claim ${claim.claimNo}: declined`,
        body: [...paid, `Reason: ${decision.reason}`],
      });
    }
    const [c] = await tx
      .select({ first: customers.firstName, last: customers.lastName })
      .from(customers)
      .where(eq(customers.id, claim.customerId));
    const photos = await photosByClaim(tx, [claim.id]);
    return toClaim(row, pkg?.packageNumber ?? '', `${c?.first ?? ''} ${c?.last ?? ''}`.trim(), photos.get(claim.id));
  });
}
