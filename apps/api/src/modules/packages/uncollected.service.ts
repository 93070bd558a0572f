import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { UNCOLLECTED_AFTER_DAYS } from '@courier/shared/constants/packages';
import type { packageListQuerySchema } from '@courier/shared/schemas/packages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema/packages';
import { chargeDueFees } from '../invoices/index';
import { dayBoundsInZone, dayInZone } from '@courier/shared/domain/datetime';
import { couriers } from '../../db/schema/couriers';
import { clockShiftMs, courierNow } from '../../lib/courier-clock';
import { PackageNoticeBatch, sendPackageNotices } from './package-notices.service';
import { writeEvent } from './package-status.service';
import { listPackages } from './package-queries.service';
import { mapPage } from '../../lib/list-query';
import type { Services } from '../../context';

/** Ready for more than 15 days and not collected, on the courier's clock; `daysWaiting` counts from the ready date. */
export async function listUncollected(db: Db, query: z.output<typeof packageListQuerySchema>, courierId: number | null, at?: Date) {
  const now = courierId === null ? (at ?? new Date()) : await courierNow(db, courierId, at);
  const cutoff = new Date(now.getTime() - UNCOLLECTED_AFTER_DAYS * 86_400_000);
  const page = await listPackages(db, query, courierId, [eq(packages.status, 'ready_for_pickup'), lt(packages.readyAt, cutoff)]);
  // The same days on the screen and in the CSV export.
  return mapPage(page, (p) => ({
    ...p,
    daysWaiting: p.readyAt ? Math.floor((now.getTime() - new Date(p.readyAt).getTime()) / 86_400_000) : 0,
  }));
}

/**
 * The daily job's work: packages ready for more than 15 days get `uncollected_since` once (billing
 * adds the uncollected fee from it) and the customer one reminder listing them. A package counts
 * from the end of the courier's day it was made ready, so every parcel of a customer that crosses
 * on one day is flagged in the same round (the job runs hourly): one reminder per customer per day.
 * Each courier's day is its own clock's (a test-mode courier's may run ahead of `at`, the real
 * instant). Returns how many were flagged.
 */
export async function flagUncollected(s: Services, at: Date = new Date()): Promise<number> {
  return s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const clocks = await tx
      .selectDistinct({ zone: couriers.timeZone, paymentTestMode: couriers.paymentTestMode, testClockDays: couriers.testClockDays })
      .from(couriers);
    const flagged: (typeof packages.$inferSelect)[] = [];
    for (const clock of clocks) {
      const { zone } = clock;
      const now = new Date(at.getTime() + clockShiftMs(clock));
      const cutoff = new Date(dayBoundsInZone(dayInZone(now, zone), zone).start.getTime() - UNCOLLECTED_AFTER_DAYS * 86_400_000);
      const inZone = tx
        .select({ id: couriers.id })
        .from(couriers)
        .where(
          and(
            eq(couriers.timeZone, zone),
            eq(couriers.paymentTestMode, clock.paymentTestMode),
            eq(couriers.testClockDays, clock.testClockDays),
          ),
        );
      flagged.push(
        ...(await tx
          .update(packages)
          .set({ uncollectedSince: now, updatedAt: at })
          .where(
            and(
              eq(packages.status, 'ready_for_pickup'),
              lt(packages.readyAt, cutoff),
              isNull(packages.uncollectedSince),
              inArray(packages.courierId, inZone),
            ),
          )
          .returning()),
      );
    }
    const notices = new PackageNoticeBatch();
    for (const pkg of flagged) {
      await writeEvent(tx, {
        courierId: pkg.courierId,
        packageId: pkg.id,
        status: pkg.status,
        fromStatus: pkg.status,
        actor: { userId: null, branchId: pkg.branchId },
        note: `Uncollected for more than ${UNCOLLECTED_AFTER_DAYS} days: uncollected fee applies`,
      });
      if (pkg.customerId !== null) notices.add({ kind: 'uncollected', pkg: { ...pkg, customerId: pkg.customerId }, email: true });
    }
    await sendPackageNotices(tx, s.mailer, notices);
    // The uncollected fee goes on each flagged package's invoice, once.
    const byCourier = new Map<number, number[]>();
    for (const pkg of flagged) byCourier.set(pkg.courierId, [...(byCourier.get(pkg.courierId) ?? []), pkg.id]);
    for (const [courierId, packageIds] of byCourier) await chargeDueFees({ db: tx, mailer: s.mailer, courierId, packageIds });
    return flagged.length;
  });
}
