import { and, eq } from 'drizzle-orm';
import { PACKAGE_MESSAGES, type PackageDetail } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { enqueuePackageEmail } from './package-emails.service';
import { customerByMailbox } from './scan-resolver.service';
import { findPackage } from './package-rows.service';
import { actorOf, transitionPackage } from './package-status.service';
import { detailOf } from './package-queries.service';
import type { Services } from '../../context';
import { recordScope } from '../../lib/courier-scope';

/** Assigns an unknown package to a customer: it becomes received and billing adds the unknown fee. */
export async function assignUnknown(
  s: Services,
  user: AuthUser,
  id: number,
  target: { mailbox?: string; customerId?: number },
  note = 'Assigned from Unknown packages',
): Promise<PackageDetail> {
  const courierId = recordScope(user);
  const row = await findPackage(s.db, id, courierId);
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  const pkg = row.pkg;
  if (pkg.status !== 'unknown') throw new AppError('conflict', PACKAGE_MESSAGES.notUnknown);
  let customer: { id: number; branchId: number | null } | undefined;
  if (target.customerId) {
    [customer] = await s.db
      .select({ id: customers.id, branchId: customers.branchId })
      .from(customers)
      .where(and(eq(customers.courierId, pkg.courierId), eq(customers.id, target.customerId)));
  } else if (target.mailbox) {
    customer = (await customerByMailbox(s.db, pkg.courierId, target.mailbox)) ?? undefined;
  }
  if (!customer) throw new AppError('not_found', PACKAGE_MESSAGES.customerNotFound);
  const found = customer;
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [assigned] = await tx
      .update(packages)
      .set({ customerId: found.id, branchId: found.branchId, assignedFromUnknown: true, updatedAt: new Date() })
      .where(and(eq(packages.id, pkg.id), eq(packages.courierId, pkg.courierId), eq(packages.status, 'unknown')))
      .returning();
    if (!assigned) throw new AppError('conflict', PACKAGE_MESSAGES.notUnknown);
    const updated = await transitionPackage(tx, s.mailer, assigned, 'received', actorOf(user), { note });
    await enqueuePackageEmail(tx, s.mailer, 'received', updated);
  });
  return detailOf(s.db, pkg.courierId, id);
}
