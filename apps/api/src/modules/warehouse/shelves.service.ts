import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PACKAGE_STATUS_LABELS, type PackageStatus } from '@courier/shared/constants/packages';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { type PutAwayResult, type Shelf, WAREHOUSE_MESSAGES, type createShelfSchema } from '@courier/shared/schemas/warehouse';
import { SCAN_MESSAGES } from '@courier/shared/domain/scan';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { packages } from '../../db/schema/packages';
import { shelves } from '../../db/schema/shelves';
import { audit } from '../../lib/audit';
import { assertCourierRow, courierScope, listScope } from '../../lib/courier-scope';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  type PackageRow,
  selectPackages,
  actorOf,
  writeEvent,
  refuseVoided,
  resolveScan,
  clearShelf,
  shelvePackage,
} from '../packages/index';

/** Where a parcel can be put away: it is in one of our warehouses, not on its way or gone. */
const ON_A_SHELF: ReadonlySet<PackageStatus> = new Set(['unknown', 'received', 'on_hold', 'at_customs', 'ready_for_pickup', 'abandoned']);

const shelfColumns = {
  id: shelves.id,
  courierId: shelves.courierId,
  branchId: shelves.branchId,
  branchName: branches.name,
  code: shelves.code,
  description: shelves.description,
  isHold: shelves.isHold,
};

/** The live parcels on a shelf (voided ones are not on any). */
const parcelCount = sql<number>`(select count(*)::int from ${packages} where ${packages.shelfId} = ${shelves.id} and ${packages.voidedAt} is null)`;

export async function listShelves(db: Db, user: AuthUser, query: { branchId?: number; courierId?: number }): Promise<Shelf[]> {
  const courierId = listScope(user, query.courierId);
  const rows = await db
    .select({ ...shelfColumns, parcelCount })
    .from(shelves)
    .innerJoin(branches, eq(branches.id, shelves.branchId))
    .where(
      and(
        courierId === null ? undefined : eq(shelves.courierId, courierId),
        query.branchId ? eq(shelves.branchId, query.branchId) : undefined,
      ),
    )
    .orderBy(asc(branches.name), asc(shelves.code));
  return rows.map((r) => ({ ...r, parcelCount: Number(r.parcelCount ?? 0) }));
}

export async function findShelf(db: Db, user: AuthUser, id: number): Promise<Shelf> {
  const [row] = await db
    .select({ ...shelfColumns })
    .from(shelves)
    .innerJoin(branches, eq(branches.id, shelves.branchId))
    .where(eq(shelves.id, id));
  const shelf = assertCourierRow(user, row, 'Shelf not found');
  const [n] = await db
    .select({ n: count() })
    .from(packages)
    .where(and(eq(packages.courierId, shelf.courierId), eq(packages.shelfId, id), isNull(packages.voidedAt)));
  return { ...shelf, parcelCount: n?.n ?? 0 };
}

export async function createShelf(db: Db, user: AuthUser, input: z.output<typeof createShelfSchema>, courierIdAsked?: number) {
  const courierId = courierScope(user, courierIdAsked);
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, input.branchId), eq(branches.courierId, courierId)));
  if (!branch) throw new AppError('not_found', 'Branch not found');
  try {
    const [created] = await db
      .insert(shelves)
      .values({ courierId, branchId: input.branchId, code: input.code, description: input.description || null, isHold: input.isHold })
      .returning({ id: shelves.id });
    if (!created) throw new Error('Shelf insert returned nothing');
    await audit(db, {
      courierId,
      actor: user,
      action: 'shelf.created',
      entity: 'shelf',
      entityId: input.code,
      details: { branchId: input.branchId, isHold: input.isHold },
    });
    return findShelf(db, user, created.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', WAREHOUSE_MESSAGES.shelfCodeTaken(input.code));
    throw error;
  }
}

export async function deleteShelf(db: Db, user: AuthUser, id: number): Promise<void> {
  const shelf = await findShelf(db, user, id);
  if (shelf.parcelCount > 0) throw new AppError('conflict', WAREHOUSE_MESSAGES.shelfHasParcels(shelf.code, shelf.parcelCount));
  await db.transaction(async (tx) => {
    // Parcels that left keep their last shelf in the timeline only.
    await clearShelf(tx as unknown as Db, shelf.courierId, id);
    await tx.delete(shelves).where(and(eq(shelves.id, id), eq(shelves.courierId, shelf.courierId)));
    await audit(tx as unknown as Db, {
      courierId: shelf.courierId,
      actor: user,
      action: 'shelf.deleted',
      entity: 'shelf',
      entityId: shelf.code,
    });
  });
}

/** The parcels on a shelf, by package number. */
export async function shelfContents(db: Db, user: AuthUser, id: number): Promise<{ shelf: Shelf; rows: PackageRow[] }> {
  const shelf = await findShelf(db, user, id);
  const rows = await selectPackages(db)
    .where(and(eq(packages.courierId, shelf.courierId), eq(packages.shelfId, id), isNull(packages.voidedAt)))
    .orderBy(asc(packages.packageNumber));
  return { shelf, rows };
}

/**
 * Put-away and moves: the clerk scans the parcel, then the shelf's label. A held parcel goes only
 * on a hold shelf, and a hold shelf takes only held parcels. The shelf is at the station's branch
 * (the clerk's), or, for a clerk of no branch, at the parcel's. Each move is a line of the timeline.
 */
export async function putAway(db: Db, user: AuthUser, input: { scan: string; shelf: string }): Promise<PutAwayResult> {
  const courierId = listScope(user);
  if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
  const found = await resolveScan(db, courierId, input.scan);
  if (!found.code) throw new AppError('bad_request', SCAN_MESSAGES.unreadable);
  if (found.customer) throw new AppError('bad_request', SCAN_MESSAGES.notAPackage(found.code.value));
  if (!found.pkg) refuseVoided(found);
  const row = found.pkg;
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  const [shelf] = await db
    .select()
    .from(shelves)
    .where(and(eq(shelves.courierId, courierId), eq(shelves.code, input.shelf)));
  if (!shelf) throw new AppError('not_found', WAREHOUSE_MESSAGES.shelfNotFound(input.shelf));
  const pkg = row.pkg;
  if (!ON_A_SHELF.has(pkg.status)) {
    throw new AppError('conflict', `${WAREHOUSE_MESSAGES.notInWarehouse(pkg.packageNumber)} (${PACKAGE_STATUS_LABELS[pkg.status]})`);
  }
  if (pkg.status === 'on_hold' && !shelf.isHold) throw new AppError('conflict', WAREHOUSE_MESSAGES.heldToHoldShelf(pkg.packageNumber));
  if (pkg.status !== 'on_hold' && shelf.isHold)
    throw new AppError('conflict', WAREHOUSE_MESSAGES.notHeldOnHoldShelf(pkg.packageNumber, shelf.code));
  const branchAllowed = user.branchId ?? pkg.branchId;
  if (branchAllowed !== null && shelf.branchId !== branchAllowed) {
    const names = await db
      .select({ id: branches.id, name: branches.name })
      .from(branches)
      .where(and(eq(branches.courierId, courierId), inArray(branches.id, [shelf.branchId, branchAllowed])));
    const nameOf = (id: number) => names.find((b) => b.id === id)?.name ?? 'another branch';
    throw new AppError(
      'conflict',
      user.branchId !== null
        ? WAREHOUSE_MESSAGES.shelfOtherStation(shelf.code, nameOf(shelf.branchId), nameOf(user.branchId))
        : WAREHOUSE_MESSAGES.shelfOtherBranch(shelf.code, nameOf(shelf.branchId)),
    );
  }
  if (pkg.shelfId === shelf.id) throw new AppError('conflict', WAREHOUSE_MESSAGES.alreadyThere(pkg.packageNumber, shelf.code));
  const from = row.shelfCode;
  const message = from
    ? WAREHOUSE_MESSAGES.moved(pkg.packageNumber, from, shelf.code)
    : WAREHOUSE_MESSAGES.putAway(pkg.packageNumber, shelf.code);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await shelvePackage(tx, courierId, pkg.id, shelf.id);
    await writeEvent(tx, { courierId, packageId: pkg.id, status: pkg.status, fromStatus: pkg.status, actor: actorOf(user), note: message });
  });
  return { packageId: pkg.id, packageNumber: pkg.packageNumber, shelfCode: shelf.code, fromShelfCode: from, message };
}
