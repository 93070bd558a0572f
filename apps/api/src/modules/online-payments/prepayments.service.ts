import { and, desc, eq, inArray, isNotNull, ne, notInArray } from 'drizzle-orm';
import { maskedCard } from '@courier/shared/domain/card';
import { formatJmd } from '@courier/shared/format/money';
import { SAVED_CARD_MESSAGES, type PrepayInput, type PrepayParcel } from '@courier/shared/schemas/saved-cards';
import { asDb, type Db } from '../../db/client';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { manifests } from '../../db/schema/manifests';
import { packages } from '../../db/schema/packages';
import { payments } from '../../db/schema/payments';
import { prepayments, savedCards } from '../../db/schema/saved-cards';
import { audit } from '../../lib/audit';
import { subscriber } from '../../lib/domain-events';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { addCredit } from '../account-credit/index';
import { estimatePackage } from '../invoices/index';
import { applyPayment, recordPrepayment } from '../payments/index';
import { type CardDeps, cardProcessorFor } from './card-processor-for';
import { type ChargeResult, ProcessorUnavailableError, declineWords } from './powertranz';

/** Parcels no longer waiting for their charges: paid for in advance makes no sense once they left. */
const GONE = ['delivered', 'returned_to_sender', 'discarded', 'abandoned', 'unknown'] as const;

function customerOf(user: AuthUser): { courierId: number; customerId: number } {
  if (user.kind !== 'customer' || user.courierId === null) throw new AppError('forbidden', 'Only customers pay their parcels in advance');
  return { courierId: user.courierId, customerId: user.id };
}

/** The live invoice of each package, if it has one. */
async function liveInvoices(db: Db, courierId: number, packageIds: number[]) {
  if (packageIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ packageId: invoicePackages.packageId, invoiceNo: invoices.invoiceNo })
    .from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(invoicePackages.courierId, courierId), inArray(invoicePackages.packageId, packageIds), ne(invoices.status, 'void')));
  return new Map(rows.map((r) => [r.packageId, r.invoiceNo]));
}

/**
 * The customer's parcels on a manifest (the last 50), each with today's estimate and, once paid in
 * advance, what was paid and how it settled (applied to the invoice, the rest to account credit).
 */
export async function listPrepayParcels(db: Db, user: AuthUser): Promise<PrepayParcel[]> {
  const { courierId, customerId } = customerOf(user);
  const rows = await db
    .select({
      id: packages.id,
      packageNumber: packages.packageNumber,
      trackingNumber: packages.trackingNumber,
      description: packages.description,
      manifestNo: manifests.manifestNumber,
    })
    .from(packages)
    .leftJoin(manifests, eq(manifests.id, packages.manifestId))
    .where(
      and(
        eq(packages.courierId, courierId),
        eq(packages.customerId, customerId),
        isNotNull(packages.manifestId),
        notInArray(packages.status, [...GONE]),
      ),
    )
    .orderBy(desc(packages.id))
    .limit(50);
  const ids = rows.map((r) => r.id);
  const invoiced = await liveInvoices(db, courierId, ids);
  const paidAhead =
    ids.length === 0
      ? []
      : await db
          .select({ prepayment: prepayments, receiptNo: payments.receiptNo, invoiceNo: invoices.invoiceNo })
          .from(prepayments)
          .innerJoin(payments, eq(payments.id, prepayments.paymentId))
          .leftJoin(invoices, eq(invoices.id, prepayments.invoiceId))
          .where(and(eq(prepayments.courierId, courierId), inArray(prepayments.packageId, ids)));
  const byPackage = new Map(paidAhead.map((p) => [p.prepayment.packageId, p]));
  const out: PrepayParcel[] = [];
  for (const row of rows) {
    const paid = byPackage.get(row.id);
    const invoiceNo = invoiced.get(row.id) ?? null;
    const estimate = paid || invoiceNo ? null : await estimatePackage(db, { courierId, customerId, packageId: row.id });
    out.push({
      packageId: row.id,
      packageNumber: row.packageNumber,
      trackingNumber: row.trackingNumber,
      description: row.description,
      manifestNo: row.manifestNo,
      estimateCents: estimate && !estimate.invoiceNo ? estimate.totalCents : null,
      invoiceNo,
      prepayment: paid
        ? {
            amountCents: paid.prepayment.amountCents,
            status: paid.prepayment.status,
            receiptNo: paid.receiptNo,
            invoiceNo: paid.invoiceNo,
            appliedCents: paid.prepayment.appliedCents,
            creditedCents: paid.prepayment.creditedCents,
            test: paid.prepayment.test,
          }
        : null,
    });
  }
  return out;
}

/**
 * Pays a parcel's estimated charges now with the customer's saved card: allowed once it is on a
 * manifest and before it is invoiced, once per parcel. The card row is locked while the processor
 * is asked, so a double click charges once. The payment is held (a receipt, no invoice) until the
 * invoice is issued.
 */
export async function prepayParcel(
  deps: CardDeps,
  user: AuthUser,
  input: PrepayInput,
): Promise<{ receiptNo: string; amountCents: number; message: string }> {
  const { courierId, customerId } = customerOf(user);
  const processor = await cardProcessorFor(deps, courierId);
  if (!processor) throw new AppError('unprocessable', SAVED_CARD_MESSAGES.notOffered);
  type Declined = { declined: { packageNumber: string; amountCents: number; code: string; test: boolean } };
  type Paid = { receiptNo: string; amountCents: number; message: string };
  const outcome = await deps.db.transaction(async (txRaw): Promise<Declined | Paid> => {
    const tx = asDb(txRaw);
    const [card] = await tx
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.id, input.cardId), eq(savedCards.courierId, courierId), eq(savedCards.customerId, customerId)))
      .for('update');
    if (!card || card.removedAt) throw new AppError('unprocessable', SAVED_CARD_MESSAGES.prepayNeedsCard);
    const [pkg] = await tx
      .select({ id: packages.id, packageNumber: packages.packageNumber, manifestId: packages.manifestId, status: packages.status })
      .from(packages)
      .where(and(eq(packages.id, input.packageId), eq(packages.courierId, courierId), eq(packages.customerId, customerId)));
    if (!pkg) throw new AppError('not_found', SAVED_CARD_MESSAGES.packageNotFound);
    if (pkg.manifestId === null || (GONE as readonly string[]).includes(pkg.status)) {
      throw new AppError('unprocessable', SAVED_CARD_MESSAGES.prepayNotManifested);
    }
    const invoiceNo = (await liveInvoices(tx, courierId, [pkg.id])).get(pkg.id);
    if (invoiceNo) throw new AppError('conflict', SAVED_CARD_MESSAGES.prepayInvoiced(invoiceNo));
    const [already] = await tx.select({ id: prepayments.id }).from(prepayments).where(eq(prepayments.packageId, pkg.id));
    if (already) throw new AppError('conflict', SAVED_CARD_MESSAGES.prepayAlready);
    const estimate = await estimatePackage(tx, { courierId, customerId, packageId: pkg.id });
    if (estimate.totalCents <= 0) throw new AppError('unprocessable', SAVED_CARD_MESSAGES.prepayNothing);
    if (processor.test !== card.test) throw new AppError('unprocessable', SAVED_CARD_MESSAGES.prepayNeedsCard);
    let result: ChargeResult;
    try {
      result = await processor.chargeToken({
        panToken: deps.secrets.open(card.tokenSealed),
        amountCents: estimate.totalCents,
        orderIdentifier: `PRE-${pkg.packageNumber}`,
      });
    } catch (error) {
      if (error instanceof ProcessorUnavailableError) throw new AppError('unprocessable', SAVED_CARD_MESSAGES.processorUnavailable);
      throw error;
    }
    if (!result.approved) {
      const declined = {
        packageNumber: pkg.packageNumber,
        amountCents: estimate.totalCents,
        code: result.isoResponseCode,
        test: card.test,
      };
      return { declined };
    }
    const paid = await recordPrepayment({
      db: tx,
      mailer: deps.mailer,
      courierId,
      customerId,
      amountCents: estimate.totalCents,
      reference: result.transactionIdentifier,
      notes: `${card.test ? 'TEST payment in advance (no money taken)' : 'Paid in advance'} for ${pkg.packageNumber}: ${maskedCard(card)}`,
      test: card.test,
    });
    await tx.insert(prepayments).values({
      courierId,
      customerId,
      packageId: pkg.id,
      paymentId: paid.paymentId,
      amountCents: estimate.totalCents,
      test: card.test,
    });
    await audit(tx, {
      courierId,
      actor: user,
      action: 'prepayment.held',
      entity: 'package',
      entityId: pkg.packageNumber,
      details: { receiptNo: paid.receiptNo, amountCents: estimate.totalCents, ...(card.test ? { mode: 'TEST' } : {}) },
    });
    return { receiptNo: paid.receiptNo, amountCents: estimate.totalCents, message: SAVED_CARD_MESSAGES.prepaid };
  });
  if ('declined' in outcome) {
    const d = outcome.declined;
    await audit(deps.db, {
      courierId,
      actor: user,
      action: 'prepayment.declined',
      entity: 'package',
      entityId: d.packageNumber,
      details: { amountCents: d.amountCents, code: d.code, ...(d.test ? { mode: 'TEST' } : {}) },
    });
    throw new AppError('unprocessable', `${SAVED_CARD_MESSAGES.prepayDeclined} (${declineWords(d.code)})`);
  }
  return outcome;
}

/**
 * A parcel's invoice is issued: what was paid in advance for its parcels is applied to it, up to
 * its balance; what is over goes to the customer's account credit (money kept, counted once), what
 * is short stays due on the invoice.
 */
export const settlePrepayments = subscriber({
  name: 'online-payments.settle-prepayments',
  on: 'invoice.issued',
  async handle({ db, mailer }, { courierId, data }) {
    if (data.packageIds.length === 0) return;
    const held = await db
      .select()
      .from(prepayments)
      .where(and(eq(prepayments.courierId, courierId), inArray(prepayments.packageId, data.packageIds), eq(prepayments.status, 'held')))
      .orderBy(prepayments.id)
      .for('update');
    for (const p of held) {
      const [invoice] = await db
        .select({ total: invoices.totalCents, paid: invoices.paidCents })
        .from(invoices)
        .where(eq(invoices.id, data.invoiceId));
      const balance = invoice ? Math.max(0, invoice.total - invoice.paid) : 0;
      const applied = Math.min(balance, p.amountCents);
      const credited = p.amountCents - applied;
      if (applied > 0)
        await applyPayment(db, mailer, { courierId, paymentId: p.paymentId, invoiceId: data.invoiceId, amountCents: applied });
      if (credited > 0) {
        await addCredit(db, {
          courierId,
          customerId: p.customerId,
          kind: 'prepayment',
          amountCents: credited,
          description: `Paid in advance beyond invoice ${data.invoiceNo} (${formatJmd(p.amountCents)} paid, ${formatJmd(applied)} applied)`,
        });
      }
      await db
        .update(prepayments)
        .set({ status: 'settled', invoiceId: data.invoiceId, appliedCents: applied, creditedCents: credited, settledAt: new Date() })
        .where(eq(prepayments.id, p.id));
      await audit(db, {
        courierId,
        actor: null,
        action: 'prepayment.settled',
        entity: 'invoice',
        entityId: data.invoiceNo,
        details: { amountCents: p.amountCents, appliedCents: applied, creditedCents: credited, ...(p.test ? { mode: 'TEST' } : {}) },
      });
    }
  },
});
