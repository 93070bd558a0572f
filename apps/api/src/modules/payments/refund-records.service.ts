import type { Db } from '../../db/client';
import { paymentRefunds } from '../../db/schema/online-payments';

/** A refund of (part of) a payment as its credit note, written by payments alone; `online-payments` decides it. */
export async function recordRefund(db: Db, refund: typeof paymentRefunds.$inferInsert): Promise<void> {
  await db.insert(paymentRefunds).values(refund);
}
