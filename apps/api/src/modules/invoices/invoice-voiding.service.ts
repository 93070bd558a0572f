import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { asDb } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { type StaffChange, lockInvoiceForChange } from './invoice-access.service';

export async function voidInvoice(options: StaffChange & { reason: string }): Promise<void> {
  const { db, courierId, actor, invoiceNo, reason } = options;
  await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const inv = await lockInvoiceForChange(tx, courierId, invoiceNo, 'conflict');
    if (inv.paidCents > 0) throw new AppError('unprocessable', BILLING_MESSAGES.voidHasPayments);
    await tx
      .update(invoices)
      .set({
        status: 'void',
        voidReason: reason,
        voidedAt: new Date(),
        voidedBy: actor.kind === 'user' ? actor.id : null,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, inv.id));
    await audit(tx, {
      courierId,
      actor,
      action: 'invoice.voided',
      entity: 'invoice',
      entityId: invoiceNo,
      details: { reason, totalCents: inv.totalCents },
    });
  });
}
