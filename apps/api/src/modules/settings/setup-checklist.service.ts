import { type AnyColumn, eq, sql } from 'drizzle-orm';
import { SETUP_ITEMS, type SetupChecklist } from '@courier/shared/schemas/courier-invitations';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { type AuditEntry, audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { COURIER_NOT_FOUND } from '../../lib/courier-scope';
import { changeCourier } from '../couriers/index';

const filled = (column: AnyColumn) => sql<boolean>`coalesce(btrim(${column}), '') <> ''`;
// Subqueries name their tables in plain SQL (see couriers-admin.service.ts).
const exists = (from: string) => sql<boolean>`exists (select 1 from ${sql.raw(from)})`;

/**
 * What a new courier has set up, in one query: a logo, a shipping address (air or sea),
 * an active branch, an active shipping rate, its fees saved (the Manage Shipping Fees form), its fee book reviewed (fees, taxes, customs rates), its own SMTP server (active) and its bank transfer details.
 */
export async function setupChecklist(db: Db, courierId: number): Promise<SetupChecklist> {
  const [row] = await db
    .select({
      logo: filled(couriers.logoUrl),
      addresses: sql<boolean>`(${filled(couriers.shippingAddressAir)} or ${filled(couriers.shippingAddressSea)})`,
      branches: exists('branches b where b.courier_id = couriers.id and b.active'),
      rates: exists(`shipping_rates r where r.courier_id = couriers.id and r.status = 'active'`),
      // Every courier starts with the default processing table: its fees are set once the form is saved.
      fees: exists('courier_fee_settings f where f.courier_id = couriers.id'),
      fee_book: sql<boolean>`${couriers.feesReviewedAt} is not null`,
      smtp: exists(`courier_email_configs e where e.courier_id = couriers.id and e.status = 'active'`),
      bank: filled(couriers.bankDetails),
    })
    .from(couriers)
    .where(eq(couriers.id, courierId));
  if (!row) throw new AppError('not_found', COURIER_NOT_FOUND);
  const items = SETUP_ITEMS.map((key) => ({ key, done: row[key] === true }));
  return { items, complete: items.every((i) => i.done) };
}

/** An admin has looked over the fee book (the default fees, taxes and customs rates): the checklist's step is done. */
export async function markFeesReviewed(
  db: Db,
  courierId: number,
  actor: AuditEntry['actor'],
  now = new Date(),
): Promise<{ reviewedAt: string }> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await changeCourier(tx, courierId, { feesReviewedAt: now });
    await audit(tx, { courierId, actor, action: 'fee.book_reviewed', entity: 'courier', entityId: courierId });
    return { reviewedAt: now.toISOString() };
  });
}
