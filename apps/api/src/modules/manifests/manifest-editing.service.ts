import { and, eq } from 'drizzle-orm';
import {
  MANIFEST_MESSAGES,
  type ManifestDetail,
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

export async function createManifest(db: Db, user: AuthUser, input: z.output<typeof createManifestSchema>): Promise<ManifestDetail> {
  const courierId = listScope(user);
  if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
  await checkBranch(db, courierId, input.branchId);
  checkDates(input.departureDate, input.arrivalDate);
  const n = await nextCounter(db, courierId, 'manifest');
  const [created] = await db
    .insert(manifests)
    .values({
      courierId,
      manifestNumber: `MAN-${String(n).padStart(6, '0')}`,
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
  return getManifest(db, user, created.id);
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
