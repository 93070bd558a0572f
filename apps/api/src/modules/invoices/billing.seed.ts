import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { issueInvoiceForPackages } from './invoice-issuing.service';

/**
 * Demo invoices: one per customer for the demo courier's ready packages that have none yet (the
 * packages demo data decides which are ready). No e-mail goes out for them.
 */
export async function seedBillingDemo(db: Db, courierCode = 'JXP'): Promise<void> {
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.code, courierCode));
  if (!courier) return;
  const ready = await db
    .select({ id: packages.id, customerId: packages.customerId })
    .from(packages)
    .where(
      and(
        eq(packages.courierId, courier.id),
        eq(packages.status, 'ready_for_pickup'),
        sql`${packages.customerId} is not null`,
        sql`not exists (select 1 from ${invoicePackages} ip join ${invoices} i on i.id = ip.invoice_id
          where ip.package_id = ${packages.id} and i.status <> 'void')`,
      ),
    )
    .orderBy(asc(packages.id));
  const byCustomer = new Map<number, number[]>();
  for (const p of ready) {
    if (p.customerId === null) continue;
    byCustomer.set(p.customerId, [...(byCustomer.get(p.customerId) ?? []), p.id]);
  }
  for (const [customerId, packageIds] of byCustomer) {
    await issueInvoiceForPackages({ db, mailer: null, courierId: courier.id, customerId, packageIds, actor: null });
  }
}
