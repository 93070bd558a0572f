import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preAlerts } from '../../db/schema/pre-alerts';

// The one writer of pre_alerts for other modules: receiving and voiding a package (packages), an
// agent's file (package-imports), the orders of a Shop For Me request (forwarding).

/** A package arrived for each of these pre-alerts. */
export async function markPreAlertsReceived(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(preAlerts).set({ status: 'received', updatedAt: new Date() }).where(inArray(preAlerts.id, ids));
}

/**
 * The pre-alert's package is gone (voided or deleted): it waits for its parcel again. With
 * `onlyIfReceived`, a pre-alert in any other state is left as it is.
 */
export async function reopenPreAlert(db: Db, id: number, options: { onlyIfReceived?: boolean; at?: Date } = {}): Promise<void> {
  await db
    .update(preAlerts)
    .set({ status: 'pending', updatedAt: options.at ?? new Date() })
    .where(and(eq(preAlerts.id, id), options.onlyIfReceived ? eq(preAlerts.status, 'received') : undefined));
}

/** The merchant invoice of a pre-alert, uploaded for its package held at the warehouse. */
export async function setPreAlertInvoice(
  db: Db,
  id: number,
  file: { invoicePath: string; invoiceName: string; invoiceMime: string; updatedAt: Date },
): Promise<void> {
  await db.update(preAlerts).set(file).where(eq(preAlerts.id, id));
}
