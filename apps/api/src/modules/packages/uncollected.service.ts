import { and, eq, isNull, lt } from 'drizzle-orm';
import { UNCOLLECTED_AFTER_DAYS } from '@courier/shared/constants/packages';
import type { packageListQuerySchema } from '@courier/shared/schemas/packages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema/packages';
import { chargeDueFees } from '../invoices/automatic-billing.service';
import { enqueuePackageEmail } from './package-emails.service';
import { writeEvent } from './package-status.service';
import { listPackages } from './package-queries.service';
import type { Services } from '../../context';

/** Ready for more than 15 days and not collected; `daysWaiting` counts from the ready date. */
export async function listUncollected(db: Db, query: z.output<typeof packageListQuerySchema>, courierId: number | null, now = new Date()) {
  const cutoff = new Date(now.getTime() - UNCOLLECTED_AFTER_DAYS * 86_400_000);
  const page = await listPackages(db, query, courierId, [eq(packages.status, 'ready_for_pickup'), lt(packages.readyAt, cutoff)]);
  return {
    ...page,
    data: page.data.map((p) => ({
      ...p,
      daysWaiting: p.readyAt ? Math.floor((now.getTime() - new Date(p.readyAt).getTime()) / 86_400_000) : 0,
    })),
  };
}

/**
 * The daily job's work: packages ready for more than 15 days get `uncollected_since` once (billing
 * adds the uncollected fee from it) and the customer one reminder. Returns how many were flagged.
 */
export async function flagUncollected(s: Services, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCOLLECTED_AFTER_DAYS * 86_400_000);
  return s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const flagged = await tx
      .update(packages)
      .set({ uncollectedSince: now, updatedAt: now })
      .where(and(eq(packages.status, 'ready_for_pickup'), lt(packages.readyAt, cutoff), isNull(packages.uncollectedSince)))
      .returning();
    for (const pkg of flagged) {
      await writeEvent(tx, {
        courierId: pkg.courierId,
        packageId: pkg.id,
        status: pkg.status,
        fromStatus: pkg.status,
        actor: { userId: null, branchId: pkg.branchId },
        note: `Uncollected for more than ${UNCOLLECTED_AFTER_DAYS} days: uncollected fee applies`,
      });
      await enqueuePackageEmail(tx, s.mailer, 'uncollected', pkg);
    }
    // The uncollected fee goes on each flagged package's invoice, once.
    const byCourier = new Map<number, number[]>();
    for (const pkg of flagged) byCourier.set(pkg.courierId, [...(byCourier.get(pkg.courierId) ?? []), pkg.id]);
    for (const [courierId, packageIds] of byCourier) await chargeDueFees({ db: tx, mailer: s.mailer, courierId, packageIds });
    return flagged.length;
  });
}
