import { and, eq, inArray, isNull } from 'drizzle-orm';
import { PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import { canTransition } from '@courier/shared/domain/package-status';
import { SCAN_MESSAGES } from '@courier/shared/domain/scan';
import { TRANSFER_MESSAGES, type CreateTransferInput, type TransferScanResult } from '@courier/shared/schemas/transfers';
import type { Services } from '../../context';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { branchTransferPackages, branchTransfers } from '../../db/schema/branch-transfers';
import { branches } from '../../db/schema/branches';
import { audit } from '../../lib/audit';
import { courierScope } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { branchesOf, noteOn, placeAt, type PackageRow, findPackage, actorOf, refuseVoided, resolveScan } from '../packages/index';
import { readyOnArrival, sendParcels } from './transfer-moves.service';
import { findTransfer, getTransfer } from './transfer-queries.service';

const statusLabel = (s: string) => PACKAGE_STATUS_LABELS[s as keyof typeof PACKAGE_STATUS_LABELS] ?? s;
/** Boxes of one tracking number are told apart by their own package numbers. */
const keyOf = (p: PackageRow) => (p.pkg.pieceCount > 1 ? p.pkg.packageNumber : p.pkg.trackingNumber);

export async function createTransfer(s: Services, user: AuthUser, input: CreateTransferInput & { courierId?: number }) {
  const courierId = courierScope(user, input.courierId);
  const ids = [input.fromBranchId ?? 0, input.toBranchId ?? 0];
  const found = await s.db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.courierId, courierId), inArray(branches.id, ids), eq(branches.active, true)));
  if (found.length !== 2) throw new AppError('bad_request', TRANSFER_MESSAGES.branchNotFound);
  const id = await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const n = await nextCounter(tx, courierId, 'transfer');
    const [row] = await tx
      .insert(branchTransfers)
      .values({
        courierId,
        transferNumber: `TRF-${String(n).padStart(6, '0')}`,
        fromBranchId: ids[0] as number,
        toBranchId: ids[1] as number,
        note: input.note || null,
        createdBy: user.kind === 'user' ? user.id : null,
      })
      .returning();
    if (!row) throw new Error('The transfer was not written');
    await audit(tx, { courierId, actor: user, action: 'transfer.created', entity: 'transfer', entityId: row.transferNumber });
    return row.id;
  });
  return getTransfer(s.db, user, id);
}

/** A scan on a transfer: while a draft it loads the parcel; once sent, the receiving branch scans it in. */
export async function scanTransfer(s: Services, user: AuthUser, id: number, code: string): Promise<TransferScanResult> {
  const row = await findTransfer(s.db, user, id);
  const t = row.t;
  if (t.status === 'cancelled') throw new AppError('conflict', TRANSFER_MESSAGES.notDraft);
  const resolved = await resolveScan(s.db, t.courierId, code);
  if (!resolved.code) throw new AppError('bad_request', SCAN_MESSAGES.unreadable);
  if (resolved.customer) throw new AppError('bad_request', SCAN_MESSAGES.notAPackage(resolved.code.value));
  if (!resolved.pkg) refuseVoided(resolved);
  const found = resolved.pkg;
  const actor = actorOf(user);
  const [line] = found
    ? await s.db
        .select()
        .from(branchTransferPackages)
        .where(
          and(
            eq(branchTransferPackages.courierId, t.courierId),
            eq(branchTransferPackages.transferId, id),
            eq(branchTransferPackages.packageId, found.pkg.id),
          ),
        )
    : [];
  if (t.status === 'draft') {
    if (!found) throw new AppError('not_found', TRANSFER_MESSAGES.nothingFound(resolved.code.value));
    if (line) throw new AppError('conflict', TRANSFER_MESSAGES.alreadyOn(found.pkg.packageNumber));
    await checkLoadable(s.db, t, found, row.fromName, row.toName);
    await s.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.insert(branchTransferPackages).values({
        courierId: t.courierId,
        transferId: id,
        packageId: found.pkg.id,
        scanKey: keyOf(found),
        result: 'loaded',
        addedBy: actor.userId,
      });
      await noteOn(tx, found.pkg, { ...actor, branchId: t.fromBranchId }, `Put on ${t.transferNumber} to ${row.toName}`);
      const entity = { entity: 'transfer', entityId: t.transferNumber };
      await audit(tx, {
        courierId: t.courierId,
        actor: user,
        action: 'transfer.package_added',
        ...entity,
        details: { package: found.pkg.packageNumber },
      });
    });
    return { result: 'added', message: TRANSFER_MESSAGES.added(found.pkg.packageNumber), detail: await getTransfer(s.db, user, id) };
  }
  // Sent (or received, for a parcel that turns up late): the receiving branch scans it in.
  if (line?.result === 'loaded') {
    if (line.scannedInAt) throw new AppError('conflict', TRANSFER_MESSAGES.alreadyIn(found?.pkg.packageNumber ?? line.scanKey));
    await s.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [marked] = await tx
        .update(branchTransferPackages)
        .set({ scannedInAt: new Date(), scannedInBy: actor.userId })
        .where(and(eq(branchTransferPackages.id, line.id), isNull(branchTransferPackages.scannedInAt)))
        .returning();
      if (!marked || !found) throw new AppError('conflict', TRANSFER_MESSAGES.alreadyIn(line.scanKey));
      await placeAt(tx, found.pkg, t.toBranchId, actor, `Scanned in at ${row.toName} from ${t.transferNumber}`);
      // A parcel that turns up after the transfer was received is ready at once.
      if (t.status === 'received') await readyOnArrival(s.mailer, tx, t, row.toName, [found.pkg.id], actor);
    });
    const detail = await getTransfer(s.db, user, id);
    // The last parcel in completes the transfer: ready and told, one notice per customer.
    if (t.status === 'sent' && detail.missing.length === 0) {
      return {
        result: 'scanned_in',
        message: TRANSFER_MESSAGES.scannedIn(found?.pkg.packageNumber ?? ''),
        detail: await receiveTransfer(s, user, id),
      };
    }
    return { result: 'scanned_in', message: TRANSFER_MESSAGES.scannedIn(found?.pkg.packageNumber ?? ''), detail };
  }
  // Never loaded on this transfer: flagged as extra, the parcel itself untouched.
  const key = found ? keyOf(found) : resolved.code.value;
  const [dup] = await s.db
    .select({ id: branchTransferPackages.id })
    .from(branchTransferPackages)
    .where(
      and(
        eq(branchTransferPackages.courierId, t.courierId),
        eq(branchTransferPackages.transferId, id),
        eq(branchTransferPackages.scanKey, key),
      ),
    );
  if (dup) throw new AppError('conflict', TRANSFER_MESSAGES.alreadyIn(key));
  await s.db.insert(branchTransferPackages).values({
    courierId: t.courierId,
    transferId: id,
    packageId: found?.pkg.id ?? null,
    scanKey: key,
    result: 'extra',
    addedBy: actor.userId,
    scannedInAt: new Date(),
    scannedInBy: actor.userId,
  });
  return {
    result: 'extra',
    message: TRANSFER_MESSAGES.extra(found?.pkg.packageNumber ?? key, t.transferNumber),
    detail: await getTransfer(s.db, user, id),
  };
}

/** A parcel may be loaded when it is cleared, at the sending branch, collected at the receiving one and on no other live transfer. */
async function checkLoadable(db: Db, t: typeof branchTransfers.$inferSelect, found: PackageRow, fromName: string, toName: string) {
  const p = found.pkg;
  if (p.status !== 'at_customs' && p.status !== 'ready_for_pickup')
    throw new AppError('conflict', TRANSFER_MESSAGES.notMovable(p.packageNumber, statusLabel(p.status)));
  if (p.status === 'at_customs' && !p.clearedAt) throw new AppError('conflict', TRANSFER_MESSAGES.notCleared(p.packageNumber));
  const verdict = canTransition(p.status, 'in_transfer', { viaTransfer: true, hazard: { level: p.hazardLevel, outcome: p.hazardOutcome } });
  if (!verdict.ok) throw new AppError('conflict', `${p.packageNumber}: ${verdict.message}`);
  const where = await branchesOf(db, p);
  if (where.at !== t.fromBranchId) {
    const [at] = where.at ? await db.select({ name: branches.name }).from(branches).where(eq(branches.id, where.at)) : [];
    throw new AppError('conflict', TRANSFER_MESSAGES.notAtBranch(p.packageNumber, at?.name ?? null, fromName));
  }
  if (p.branchId !== t.toBranchId)
    throw new AppError('conflict', TRANSFER_MESSAGES.wrongDestination(p.packageNumber, found.branchName, toName));
  const [other] = await db
    .select({ number: branchTransfers.transferNumber })
    .from(branchTransferPackages)
    .innerJoin(branchTransfers, eq(branchTransfers.id, branchTransferPackages.transferId))
    .where(
      and(
        eq(branchTransferPackages.courierId, t.courierId),
        eq(branchTransferPackages.packageId, p.id),
        eq(branchTransferPackages.result, 'loaded'),
        inArray(branchTransfers.status, ['draft', 'sent']),
        isNull(branchTransferPackages.scannedInAt),
      ),
    )
    .limit(1);
  if (other) throw new AppError('conflict', TRANSFER_MESSAGES.onOther(p.packageNumber, other.number));
}

/** Takes a parcel off a transfer that has not been sent. */
export async function removeParcel(s: Services, user: AuthUser, id: number, packageId: number) {
  const row = await findTransfer(s.db, user, id);
  if (row.t.status !== 'draft') throw new AppError('conflict', TRANSFER_MESSAGES.notDraft);
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [gone] = await tx
      .delete(branchTransferPackages)
      .where(
        and(
          eq(branchTransferPackages.courierId, row.t.courierId),
          eq(branchTransferPackages.transferId, id),
          eq(branchTransferPackages.packageId, packageId),
        ),
      )
      .returning();
    if (!gone) throw new AppError('not_found', TRANSFER_MESSAGES.notOnTransfer);
    const pkg = (await findPackage(tx, packageId, row.t.courierId))?.pkg;
    if (pkg) await noteOn(tx, pkg, actorOf(user), `Taken off ${row.t.transferNumber}`);
    await audit(tx, {
      courierId: row.t.courierId,
      actor: user,
      action: 'transfer.package_removed',
      entity: 'transfer',
      entityId: row.t.transferNumber,
      details: { package: pkg?.packageNumber },
    });
  });
  return getTransfer(s.db, user, id);
}

/** Sends a draft: its parcels go in transfer (the state machine decides each), or none do. */
export async function sendTransfer(s: Services, user: AuthUser, id: number) {
  const row = await findTransfer(s.db, user, id);
  if (row.t.status !== 'draft') throw new AppError('conflict', TRANSFER_MESSAGES.notDraft);
  if (Number(row.parcels) === 0) throw new AppError('conflict', TRANSFER_MESSAGES.empty);
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [claimed] = await tx
      .update(branchTransfers)
      .set({ status: 'sent', sentAt: new Date(), sentBy: user.kind === 'user' ? user.id : null, updatedAt: new Date() })
      .where(and(eq(branchTransfers.id, id), eq(branchTransfers.status, 'draft')))
      .returning();
    if (!claimed) throw new AppError('conflict', TRANSFER_MESSAGES.notDraft);
    const count = await sendParcels(s.mailer, tx, claimed, row.fromName, row.toName, actorOf(user));
    await audit(tx, {
      courierId: claimed.courierId,
      actor: user,
      action: 'transfer.sent',
      entity: 'transfer',
      entityId: claimed.transferNumber,
      details: { parcels: count },
    });
  });
  return getTransfer(s.db, user, id);
}

/**
 * The receiving branch has finished scanning: the parcels scanned in become ready there (invoiced
 * and told, one notice per customer); those not scanned in stay in transfer, listed as missing.
 */
export async function receiveTransfer(s: Services, user: AuthUser, id: number) {
  const row = await findTransfer(s.db, user, id);
  if (row.t.status !== 'sent') throw new AppError('conflict', TRANSFER_MESSAGES.notSent);
  const actor = actorOf(user);
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [claimed] = await tx
      .update(branchTransfers)
      .set({ status: 'received', receivedAt: new Date(), receivedBy: actor.userId, updatedAt: new Date() })
      .where(and(eq(branchTransfers.id, id), eq(branchTransfers.status, 'sent')))
      .returning();
    if (!claimed) throw new AppError('conflict', TRANSFER_MESSAGES.notSent);
    const lines = await tx
      .select()
      .from(branchTransferPackages)
      .where(
        and(
          eq(branchTransferPackages.courierId, claimed.courierId),
          eq(branchTransferPackages.transferId, id),
          eq(branchTransferPackages.result, 'loaded'),
        ),
      );
    const arrived = lines.filter((l) => l.scannedInAt !== null && l.packageId !== null).map((l) => l.packageId as number);
    const missing = lines.filter((l) => l.scannedInAt === null && l.packageId !== null).map((l) => l.packageId as number);
    await readyOnArrival(s.mailer, tx, claimed, row.toName, arrived, actor);
    for (const packageId of missing) {
      const pkg = (await findPackage(tx, packageId, claimed.courierId))?.pkg;
      if (pkg)
        await noteOn(
          tx,
          pkg,
          { ...actor, branchId: claimed.toBranchId },
          `Missing when ${claimed.transferNumber} was received at ${row.toName}`,
        );
    }
    await audit(tx, {
      courierId: claimed.courierId,
      actor: user,
      action: 'transfer.received',
      entity: 'transfer',
      entityId: claimed.transferNumber,
      details: { scannedIn: arrived.length, missing: missing.length },
    });
  });
  return getTransfer(s.db, user, id);
}

/** Cancels a transfer that has not been sent; its parcels stay where they are. */
export async function cancelTransfer(s: Services, user: AuthUser, id: number) {
  const row = await findTransfer(s.db, user, id);
  if (row.t.status !== 'draft') throw new AppError('conflict', TRANSFER_MESSAGES.notDraft);
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [claimed] = await tx
      .update(branchTransfers)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelledBy: user.kind === 'user' ? user.id : null, updatedAt: new Date() })
      .where(and(eq(branchTransfers.id, id), eq(branchTransfers.status, 'draft')))
      .returning();
    if (!claimed) throw new AppError('conflict', TRANSFER_MESSAGES.notDraft);
    const lines = await tx
      .select({ packageId: branchTransferPackages.packageId })
      .from(branchTransferPackages)
      .where(and(eq(branchTransferPackages.courierId, claimed.courierId), eq(branchTransferPackages.transferId, id)));
    for (const l of lines) {
      if (l.packageId === null) continue;
      const pkg = (await findPackage(tx, l.packageId, claimed.courierId))?.pkg;
      if (pkg) await noteOn(tx, pkg, actorOf(user), `${claimed.transferNumber} cancelled before it was sent`);
    }
    await audit(tx, {
      courierId: claimed.courierId,
      actor: user,
      action: 'transfer.cancelled',
      entity: 'transfer',
      entityId: claimed.transferNumber,
    });
  });
  return getTransfer(s.db, user, id);
}
