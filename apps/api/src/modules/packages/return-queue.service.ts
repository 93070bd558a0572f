import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ReturnQueueRow } from '@courier/shared/schemas/return-requests';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { manifests } from '../../db/schema/manifests';
import { courierTimeZone } from '../../lib/courier-zone';
import { packages } from '../../db/schema/packages';
import { returnRequests } from '../../db/schema/return-requests';

/** The staff queue of returns and discards: open ones oldest first (to do), done ones newest first. */
export async function listReturnQueue(db: Db, courierId: number, status: 'open' | 'done'): Promise<ReturnQueueRow[]> {
  const rows = await db
    .select({
      r: returnRequests,
      packageNumber: packages.packageNumber,
      trackingNumber: packages.trackingNumber,
      packageStatus: packages.status,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      mailboxNumber: customers.mailboxNumber,
      manifestNumber: manifests.manifestNumber,
      invoiceNo: invoices.invoiceNo,
    })
    .from(returnRequests)
    .innerJoin(packages, and(eq(packages.id, returnRequests.packageId), eq(packages.courierId, courierId)))
    .innerJoin(customers, and(eq(customers.id, returnRequests.customerId), eq(customers.courierId, courierId)))
    .leftJoin(manifests, eq(manifests.id, packages.manifestId))
    .leftJoin(invoices, eq(invoices.id, returnRequests.invoiceId))
    .where(and(eq(returnRequests.courierId, courierId), eq(returnRequests.status, status)))
    .orderBy(status === 'open' ? asc(returnRequests.requestedAt) : desc(returnRequests.doneAt))
    .limit(200);
  const timeZone = await courierTimeZone(db, courierId);
  return rows.map(({ r, ...row }) => ({
    timeZone,
    id: r.id,
    kind: r.kind,
    status: r.status,
    feeCents: r.feeCents,
    feeName: r.feeName,
    note: r.note,
    requestedAt: r.requestedAt.toISOString(),
    doneAt: r.doneAt ? r.doneAt.toISOString() : null,
    returnTrackingNumber: r.returnTrackingNumber,
    staffNote: r.staffNote,
    packageId: r.packageId,
    ...row,
  }));
}
