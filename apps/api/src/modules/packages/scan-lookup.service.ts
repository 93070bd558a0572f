import { shopRequestNumber } from '@courier/shared/constants/services';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { normaliseTrackingNumber, recogniseCarrier } from '@courier/shared/domain/carrier';
import { SCAN_MESSAGES } from '@courier/shared/domain/scan';
import type { ScanLookup } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { customers } from '../../db/schema/customers';
import { preAlerts } from '../../db/schema/pre-alerts';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { refuseVoided, resolveScan } from './scan-resolver.service';
import { customerNameSql } from './package-rows.service';
import { detailOfRow } from './package-queries.service';
import { listScope } from '../../lib/courier-scope';

/**
 * What the Scan screen shows for a scan: our package (by its number or tracking number), a
 * customer (by mailbox), else the carrier and pre-alert of a tracking number about to be received.
 * A package number of ours that is not found is refused: it never becomes a new package.
 */
export async function lookupTracking(db: Db, user: AuthUser, raw: string): Promise<ScanLookup> {
  const courierId = listScope(user);
  if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
  const found = await resolveScan(db, courierId, raw);
  if (!found.code) throw new AppError('bad_request', SCAN_MESSAGES.unreadable);
  if (found.pkg) {
    const detail = await detailOfRow(db, found.pkg);
    return {
      kind: found.code.kind,
      customer: null,
      trackingNumber: detail.trackingNumber,
      carrier: detail.carrier,
      package: detail,
      preAlert: null,
    };
  }
  if (found.customer) {
    const [customer] = await searchCustomers(db, user, found.customer.mailboxNumber);
    return {
      kind: 'mailbox',
      customer: customer ?? null,
      trackingNumber: found.customer.mailboxNumber,
      carrier: 'OTHER',
      package: null,
      preAlert: null,
    };
  }
  if (found.code.kind === 'package_number') {
    refuseVoided(found);
    throw new AppError('not_found', SCAN_MESSAGES.notFound(found.code.value));
  }
  // A carrier number whose package was voided is free again: it may be received anew.
  // A code shaped like a mailbox that is nobody's is read as an odd carrier's tracking number.
  const trackingNumber = normaliseTrackingNumber(found.code.value);
  const [pre] = await db
    .select({ p: preAlerts, customerName: customerNameSql, mailboxNumber: customers.mailboxNumber })
    .from(preAlerts)
    .innerJoin(customers, eq(customers.id, preAlerts.customerId))
    .where(and(eq(preAlerts.courierId, courierId), eq(preAlerts.trackingNumber, trackingNumber), eq(preAlerts.status, 'pending')))
    .orderBy(desc(preAlerts.createdAt))
    .limit(1);
  return {
    kind: 'tracking',
    customer: null,
    trackingNumber,
    carrier: recogniseCarrier(trackingNumber),
    package: null,
    preAlert: pre
      ? {
          id: pre.p.id,
          merchant: pre.p.merchant,
          description: pre.p.description,
          declaredValueUsdCents: pre.p.declaredValueUsdCents,
          hasInvoice: pre.p.invoicePath !== null,
          shopRequestNo: pre.p.shopRequestId === null ? null : shopRequestNumber(pre.p.shopRequestId),
          customerId: pre.p.customerId,
          customerName: pre.customerName ?? '',
          mailboxNumber: pre.mailboxNumber,
        }
      : null,
  };
}

/** Customers by mailbox number or name, for the Scan screen and the unknown-package assignment. */
export async function searchCustomers(db: Db, user: AuthUser, q: string) {
  const courierId = listScope(user);
  if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: customers.id, mailboxNumber: customers.mailboxNumber, name: customerNameSql, branchName: branches.name })
    .from(customers)
    .leftJoin(branches, eq(branches.id, customers.branchId))
    .where(
      and(
        eq(customers.courierId, courierId),
        eq(customers.active, true),
        or(ilike(customers.mailboxNumber, pattern), ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern)),
      ),
    )
    .orderBy(customers.mailboxNumber)
    .limit(10);
  return rows.map((r) => ({ ...r, name: r.name ?? '' }));
}
