import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { packages } from '../../db/schema/packages';

/**
 * An invoice's package links and the packages themselves, within the courier. Billing, customs
 * assessment and collection all start from these; `forUpdate` locks the packages while the
 * caller changes their status.
 */
export async function invoicePackageRows(db: Db, courierId: number, invoiceId: number, options: { forUpdate?: boolean } = {}) {
  const links = await db.select().from(invoicePackages).where(eq(invoicePackages.invoiceId, invoiceId));
  const query = db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.courierId, courierId),
        inArray(
          packages.id,
          links.map((l) => l.packageId),
        ),
      ),
    );
  const pkgs = options.forUpdate ? await query.for('update') : await query;
  return { links, pkgs };
}
