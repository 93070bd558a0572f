import { and, eq } from 'drizzle-orm';
import { formatUsd } from '@courier/shared/format/money';
import { PACKAGE_MESSAGES, type PackageDetail, type packageContentsSchema } from '@courier/shared/schemas/packages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema/packages';
import { audit } from '../../lib/audit';
import { listScope } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { liveInvoiceOfPackage } from '../invoices/index';
import { getOwnPackage } from './package-queries.service';
import { findPackage } from './package-rows.service';
import { actorOf, writeEvent } from './package-status.service';

/**
 * The customer completes their own parcel that arrived with no merchant, contents or value
 * (no pre-alert): only while it is neither invoiced nor on a manifest, and only what is missing.
 * Another customer's parcel is 404.
 */
export async function giveContents(
  db: Db,
  user: AuthUser,
  id: number,
  input: z.output<typeof packageContentsSchema>,
): Promise<PackageDetail> {
  const courierId = listScope(user);
  if (courierId === null) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const row = await findPackage(tx, id, courierId, eq(packages.customerId, user.id));
    if (!row || row.pkg.voidedAt) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
    const pkg = row.pkg;
    if (pkg.merchant && pkg.description && pkg.declaredValueUsdCents !== null) {
      throw new AppError('conflict', PACKAGE_MESSAGES.contentsAlreadyGiven);
    }
    if (pkg.manifestId !== null || (await liveInvoiceOfPackage(tx, courierId, id))) {
      throw new AppError('conflict', PACKAGE_MESSAGES.contentsLocked);
    }
    await tx
      .update(packages)
      .set({
        merchant: input.merchant,
        description: input.description,
        declaredValueUsdCents: input.declaredValueUsdCents,
        updatedAt: new Date(),
      })
      .where(and(eq(packages.id, id), eq(packages.courierId, courierId)));
    await writeEvent(tx, {
      courierId,
      packageId: id,
      status: pkg.status,
      fromStatus: pkg.status,
      actor: actorOf(user),
      note: `Customer gave the contents: ${input.description} from ${input.merchant}, value ${formatUsd(input.declaredValueUsdCents)}`,
    });
    await audit(tx, {
      courierId,
      actor: user,
      action: 'package.contents_given',
      entity: 'package',
      entityId: pkg.packageNumber,
      details: { merchant: input.merchant, description: input.description, declaredValueUsdCents: input.declaredValueUsdCents },
    });
  });
  return getOwnPackage(db, user, id);
}
