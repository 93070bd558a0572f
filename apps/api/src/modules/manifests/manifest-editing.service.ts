import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ShippingMode } from '@courier/shared/constants/packages';
import {
  MANIFEST_MESSAGES,
  MAWB_IN_USE_CODE,
  type ManifestDetail,
  mawbLabel,
  normaliseMawbOrBl,
  type createManifestSchema,
  type updateManifestSchema,
} from '@courier/shared/schemas/manifests';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { branches } from '../../db/schema/branches';
import { manifests } from '../../db/schema/manifests';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { findManifest, getManifest } from './manifest-queries.service';
import { listScope } from '../../lib/courier-scope';

async function checkBranch(db: Db, courierId: number, branchId: number | undefined) {
  if (branchId === undefined) return;
  const [b] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.courierId, courierId)));
  if (!b) throw new AppError('not_found', 'Branch not found');
}

function checkDates(departure?: string | null, arrival?: string | null) {
  if (departure && arrival && arrival < departure) throw new AppError('bad_request', MANIFEST_MESSAGES.dateOrder);
}

interface MawbCheck {
  courierId: number;
  type: ShippingMode;
  value: string | null | undefined;
  /** The manifest being corrected (it does not clash with itself). */
  exceptId?: number;
  splitShipment?: boolean;
}

/**
 * One MAWB or bill of lading per courier: another manifest of the courier with the same number is
 * refused (409 naming it) unless a person confirmed a split shipment. Other couriers may use it.
 * Runs in the caller's transaction under a lock on the number, so two clerks cannot both take it.
 * Returns the other manifests a confirmed split shares the number with.
 */
async function checkMawb(tx: Db, input: MawbCheck): Promise<string[]> {
  if (!input.value) return [];
  const key = normaliseMawbOrBl(input.value);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`manifest-mawb:${input.courierId}:${key}`}))`);
  const others = await tx
    .select({ number: manifests.manifestNumber })
    .from(manifests)
    .where(
      and(
        eq(manifests.courierId, input.courierId),
        sql`upper(regexp_replace(${manifests.mawbOrBl}, '[[:space:]-]+', '', 'g')) = ${key}`,
        input.exceptId === undefined ? undefined : ne(manifests.id, input.exceptId),
      ),
    )
    .orderBy(asc(manifests.manifestNumber));
  const numbers = others.map((o) => o.number);
  if (numbers.length > 0 && !input.splitShipment)
    throw new AppError('conflict', MANIFEST_MESSAGES.mawbInUse(mawbLabel(input.type), input.value, numbers), undefined, MAWB_IN_USE_CODE);
  return numbers;
}

export async function createManifest(db: Db, user: AuthUser, input: z.output<typeof createManifestSchema>): Promise<ManifestDetail> {
  const courierId = listScope(user);
  if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
  await checkBranch(db, courierId, input.branchId);
  checkDates(input.departureDate, input.arrivalDate);
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const sharing = await checkMawb(tx, { courierId, type: input.type, value: input.mawbOrBl, splitShipment: input.splitShipment });
    const n = await nextCounter(tx, courierId, 'manifest');
    const manifestNumber = `MAN-${String(n).padStart(6, '0')}`;
    const [created] = await tx
      .insert(manifests)
      .values({
        courierId,
        manifestNumber,
        type: input.type,
        mawbOrBl: input.mawbOrBl || null,
        flightOrVessel: input.flightOrVessel || null,
        departureDate: input.departureDate ?? null,
        arrivalDate: input.arrivalDate ?? null,
        branchId: input.branchId ?? user.branchId,
        createdBy: user.kind === 'user' ? user.id : null,
      })
      .returning({ id: manifests.id });
    if (!created) throw new Error('Manifest insert returned nothing');
    if (sharing.length > 0) await auditSplit(tx, user, courierId, manifestNumber, input.mawbOrBl as string, sharing);
    return created.id;
  });
  return getManifest(db, user, id);
}

export async function updateManifest(
  db: Db,
  user: AuthUser,
  id: number,
  input: z.output<typeof updateManifestSchema>,
): Promise<ManifestDetail> {
  const row = await findManifest(db, user, id);
  // Transport details may be corrected until the manifest arrives; contents only while open.
  if (row.m.status === 'arrived' || row.m.status === 'reconciled') throw new AppError('conflict', MANIFEST_MESSAGES.notEditable);
  await checkBranch(db, row.m.courierId, input.branchId);
  checkDates(
    input.departureDate === undefined ? row.m.departureDate : input.departureDate,
    input.arrivalDate === undefined ? row.m.arrivalDate : input.arrivalDate,
  );
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ['mawbOrBl', 'flightOrVessel', 'departureDate', 'arrivalDate', 'branchId'] as const) {
    const to = input[key] === '' ? null : input[key];
    if (to !== undefined && to !== row.m[key]) changes[key] = { from: row.m[key], to };
  }
  if (Object.keys(changes).length === 0) return getManifest(db, user, id);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const mawb = changes.mawbOrBl?.to as string | null | undefined;
    const sharing = await checkMawb(tx, {
      courierId: row.m.courierId,
      type: row.m.type,
      value: mawb,
      exceptId: id,
      splitShipment: input.splitShipment,
    });
    if (mawb && sharing.length > 0) await auditSplit(tx, user, row.m.courierId, row.m.manifestNumber, mawb, sharing);
    await tx
      .update(manifests)
      .set({ ...Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.to])), updatedAt: new Date() })
      .where(eq(manifests.id, id));
    await audit(tx, {
      courierId: row.m.courierId,
      actor: user,
      action: 'manifest.corrected',
      entity: 'manifest',
      entityId: row.m.manifestNumber,
      details: { changes },
    });
  });
  return getManifest(db, user, id);
}

/** A confirmed split is kept in the audit log with the manifests that share the number. */
async function auditSplit(tx: Db, user: AuthUser, courierId: number, manifestNumber: string, mawbOrBl: string, sharing: string[]) {
  await audit(tx, {
    courierId,
    actor: user,
    action: 'manifest.split_confirmed',
    entity: 'manifest',
    entityId: manifestNumber,
    details: { mawbOrBl, sharedWith: sharing },
  });
}
