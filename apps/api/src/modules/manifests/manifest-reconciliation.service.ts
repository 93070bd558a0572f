import { and, asc, eq, inArray } from 'drizzle-orm';
import { PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import { SCAN_MESSAGES } from '@courier/shared/domain/scan';
import { MANIFEST_MESSAGES, type ManifestDetail, type Reconciliation } from '@courier/shared/schemas/manifests';
import type { Db } from '../../db/client';
import { manifestScans } from '../../db/schema/manifest-scans';
import { manifests } from '../../db/schema/manifests';
import { packages } from '../../db/schema/packages';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { invoiceReadyPackages, packagesOnLiveInvoice } from '../invoices/index';
import {
  selectPackages,
  PackageNoticeBatch,
  sendPackageNotices,
  branchesOf,
  clearForTransfer,
  actorOf,
  transitionPackage,
  writeEvent,
  refuseVoided,
  resolveScan,
} from '../packages/index';
import { findManifest, getManifest, toDto } from './manifest-queries.service';
import type { Services } from '../../context';

export async function reconciliation(db: Db, user: AuthUser, id: number): Promise<Reconciliation> {
  const row = await findManifest(db, user, id);
  const onManifest = await selectPackages(db)
    .where(and(eq(packages.courierId, row.m.courierId), eq(packages.manifestId, id)))
    .orderBy(asc(packages.packageNumber));
  const scans = await db
    .select()
    .from(manifestScans)
    .where(and(eq(manifestScans.courierId, row.m.courierId), eq(manifestScans.manifestId, id)))
    .orderBy(asc(manifestScans.createdAt));
  const scanned = new Set(scans.filter((s) => s.result === 'expected').map((s) => s.packageId));
  // An extra that is a package of ours is shown as that package, with where it is now.
  const extraIds = scans.flatMap((s) => (s.result === 'extra' && s.packageId !== null ? [s.packageId] : []));
  const ours = new Map(
    extraIds.length === 0
      ? []
      : (await selectPackages(db).where(and(eq(packages.courierId, row.m.courierId), inArray(packages.id, extraIds)))).map((p) => [
          p.pkg.id,
          p,
        ]),
  );
  const line = (p: (typeof onManifest)[number]) => ({
    packageId: p.pkg.id,
    packageNumber: p.pkg.packageNumber,
    trackingNumber: p.pkg.trackingNumber,
    customerName: p.customerName,
    status: p.pkg.status,
    manifestNumber: p.manifestNumber,
  });
  return {
    manifest: toDto(row),
    expected: onManifest.map(line),
    received: onManifest.filter((p) => scanned.has(p.pkg.id)).map(line),
    missing: onManifest.filter((p) => !scanned.has(p.pkg.id)).map(line),
    extra: scans
      .filter((s) => s.result === 'extra')
      .map((s) => {
        const known = s.packageId === null ? undefined : ours.get(s.packageId);
        return known
          ? line(known)
          : {
              packageId: null,
              packageNumber: null,
              trackingNumber: s.trackingNumber,
              customerName: null,
              status: null,
              manifestNumber: null,
            };
      }),
  };
}

/** What the person hears about an extra: ours says where it should be, a stranger is just recorded. */
function extraMessage(
  manifestNumber: string,
  key: string,
  found: { pkg: { packageNumber: string; status: string }; manifestNumber: string | null } | undefined,
) {
  if (!found) return `${key} is not on ${manifestNumber}: recorded as extra`;
  const where = found.manifestNumber ? `on ${found.manifestNumber}` : 'on no manifest';
  const status = PACKAGE_STATUS_LABELS[found.pkg.status as keyof typeof PACKAGE_STATUS_LABELS] ?? found.pkg.status;
  return `${found.pkg.packageNumber} is not on ${manifestNumber} (it is ${where}, ${status}): recorded as extra`;
}

/** A scan at the branch: a package of the manifest is received (at customs), anything else is extra. */
export async function reconciliationScan(s: Services, user: AuthUser, id: number, ref: string) {
  const row = await findManifest(s.db, user, id);
  if (row.m.status !== 'arrived') throw new AppError('conflict', MANIFEST_MESSAGES.notArrived);
  const resolved = await resolveScan(s.db, row.m.courierId, ref);
  if (!resolved.code) throw new AppError('bad_request', SCAN_MESSAGES.unreadable);
  if (resolved.customer) throw new AppError('bad_request', SCAN_MESSAGES.notAPackage(resolved.code.value));
  if (!resolved.pkg) refuseVoided(resolved);
  const found = resolved.pkg ?? undefined;
  const onThis = found?.pkg.manifestId === id;
  // Boxes of one tracking number are told apart by their own package numbers.
  const key = found ? (found.pkg.pieceCount > 1 ? found.pkg.packageNumber : found.pkg.trackingNumber) : resolved.code.value;
  const [dup] = await s.db
    .select({ id: manifestScans.id })
    .from(manifestScans)
    .where(and(eq(manifestScans.courierId, row.m.courierId), eq(manifestScans.manifestId, id), eq(manifestScans.trackingNumber, key)));
  if (dup) throw new AppError('conflict', MANIFEST_MESSAGES.alreadyScanned(key));
  const actor = actorOf(user);
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.insert(manifestScans).values({
      courierId: row.m.courierId,
      manifestId: id,
      packageId: found?.pkg.id ?? null,
      trackingNumber: key,
      result: onThis ? 'expected' : 'extra',
      scannedBy: actor.userId,
      branchId: actor.branchId ?? row.m.branchId,
    });
    if (found && onThis && found.pkg.status === 'in_transit') {
      await transitionPackage(tx, s.mailer, found.pkg, 'at_customs', actor, {
        note: `Arrived on ${row.m.manifestNumber}; with customs`,
        // It is where it was scanned in.
        atBranchId: actor.branchId ?? row.m.branchId,
      });
    }
  });
  return {
    result: onThis ? ('expected' as const) : ('extra' as const),
    message: onThis ? `${found?.pkg.packageNumber} received` : extraMessage(row.m.manifestNumber, key, found),
    reconciliation: await reconciliation(s.db, user, id),
  };
}

export async function closeReconciliation(db: Db, user: AuthUser, id: number, note?: string): Promise<Reconciliation> {
  const current = await reconciliation(db, user, id);
  if (current.manifest.status !== 'arrived') throw new AppError('conflict', MANIFEST_MESSAGES.notArrived);
  const lines = [
    current.missing.length > 0 ? `Missing: ${current.missing.map((m) => m.packageNumber).join(', ')}` : null,
    current.extra.length > 0 ? `Extra: ${current.extra.map((e) => e.packageNumber ?? e.trackingNumber).join(', ')}` : null,
  ].filter(Boolean);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(manifests)
      .set({
        status: 'reconciled',
        reconciledAt: new Date(),
        missingCount: current.missing.length,
        extraCount: current.extra.length,
        discrepancyNote: lines.length > 0 ? lines.join('\n') : null,
        reconciliationNote: note || null,
        updatedAt: new Date(),
      })
      .where(eq(manifests.id, id));
    // Missing packages keep their status; the timeline says they did not arrive.
    for (const m of current.missing) {
      if (m.packageId === null || m.status === null) continue;
      await writeEvent(tx, {
        courierId: current.manifest.courierId,
        packageId: m.packageId,
        status: m.status as typeof packages.$inferSelect.status,
        fromStatus: m.status as typeof packages.$inferSelect.status,
        actor: actorOf(user),
        note: `Missing when ${current.manifest.manifestNumber} was reconciled`,
      });
    }
  });
  return reconciliation(db, user, id);
}

/**
 * After customs: every package of the manifest cleared at customs becomes ready for pickup where it
 * is collected (one for another branch waits, cleared, for a branch transfer), and in
 * the same transaction each customer gets one invoice for their newly ready packages; its e-mail
 * (ready at the branch, amount due) replaces the separate "ready" e-mail. The "ready" feed entry,
 * push, SMS and WhatsApp go once per customer for all their packages.
 */
export async function makeReady(s: Services, user: AuthUser, id: number): Promise<ManifestDetail> {
  const row = await findManifest(s.db, user, id);
  // Packages clear customs only after their manifest has arrived.
  if (row.m.status !== 'arrived' && row.m.status !== 'reconciled')
    throw new AppError('conflict', MANIFEST_MESSAGES.readyBeforeArrival(row.m.manifestNumber));
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const pkgs = await tx
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, row.m.courierId), eq(packages.manifestId, id), eq(packages.status, 'at_customs')));
    const alreadyInvoiced = await packagesOnLiveInvoice(
      tx,
      row.m.courierId,
      pkgs.map((p) => p.id),
    );
    const notices = new PackageNoticeBatch();
    const ready: number[] = [];
    for (const pkg of pkgs) {
      const where = await branchesOf(tx, pkg);
      if (where.at && where.collect && where.at !== where.collect) {
        // Cleared once: asked again, it simply keeps waiting for its transfer.
        if (!pkg.clearedAt) await clearForTransfer(tx, pkg, { ...where, at: where.at }, actorOf(user));
        continue;
      }
      ready.push(pkg.id);
      const invoiceNow = pkg.customerId !== null && !alreadyInvoiced.has(pkg.id);
      await transitionPackage(tx, s.mailer, pkg, 'ready_for_pickup', actorOf(user), {
        note: 'Cleared customs',
        manifestNumber: row.m.manifestNumber,
        emailByInvoice: invoiceNow,
        notices,
      });
    }
    await invoiceReadyPackages({
      db: tx,
      mailer: s.mailer,
      courierId: row.m.courierId,
      packageIds: ready,
    });
    await sendPackageNotices(tx, s.mailer, notices);
  });
  return getManifest(s.db, user, id);
}
