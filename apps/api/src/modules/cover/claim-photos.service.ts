import { and, count, eq } from 'drizzle-orm';
import { INSURANCE_MESSAGES } from '@courier/shared/schemas/insurance';
import { PHOTO_MESSAGES, PHOTOS_PER_PACKAGE } from '@courier/shared/schemas/package-photos';
import type { Db } from '../../db/client';
import { insuranceClaimPhotos } from '../../db/schema/insurance-claims';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { AuthUser } from '../../plugins/auth';
import { shrinkPhoto } from '../packages/index';
import { claimInReach } from './claims.service';
import type { Who } from './cover-rows';

const FOLDER = 'claim-photos' as const;

/** The claim a photo goes on: in the caller's reach and still open (checked before the upload is read). */
export async function claimPhotoTarget(db: Db, who: Who, claimId: number) {
  const claim = await claimInReach(db, who, claimId);
  if (claim.status !== 'open') throw new AppError('conflict', INSURANCE_MESSAGES.photoClaimClosed);
  return claim;
}

/** A photo of the damage on an open claim: re-encoded like package photos (upright, at most 1600 px, no metadata). */
export async function addClaimPhoto(db: Db, storage: Storage, actor: AuthUser, who: Who, claimId: number, data: Buffer) {
  const claim = await claimPhotoTarget(db, who, claimId);
  const [taken] = await db.select({ n: count() }).from(insuranceClaimPhotos).where(eq(insuranceClaimPhotos.claimId, claim.id));
  if ((taken?.n ?? 0) >= PHOTOS_PER_PACKAGE) throw new AppError('unprocessable', PHOTO_MESSAGES.tooMany);
  const photo = await shrinkPhoto(data);
  const full = await storage.save(FOLDER, photo.full, 'jpg');
  const thumb = await storage.save(FOLDER, photo.thumb, 'jpg');
  try {
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .insert(insuranceClaimPhotos)
        .values({
          courierId: claim.courierId,
          claimId: claim.id,
          name: full.name,
          thumbName: thumb.name,
          width: photo.width,
          height: photo.height,
          bytes: photo.full.length,
        })
        .returning();
      if (!row) throw new Error('Photo insert returned nothing');
      await audit(tx, {
        courierId: claim.courierId,
        actor,
        action: 'insurance_claim.photo_added',
        entity: 'insurance_claim',
        entityId: claim.claimNo,
        details: { photoId: row.id, width: row.width, height: row.height },
      });
      return { id: row.id, width: row.width, height: row.height };
    });
  } catch (error) {
    await storage.remove(FOLDER, full.name);
    await storage.remove(FOLDER, thumb.name);
    throw error;
  }
}

/** One claim photo's bytes, for the claim's customer or its courier's staff. */
export async function claimPhotoFile(db: Db, storage: Storage, who: Who, ids: { id: number; photoId: number }, size: 'full' | 'thumb') {
  const claim = await claimInReach(db, who, ids.id);
  const [photo] = await db
    .select()
    .from(insuranceClaimPhotos)
    .where(and(eq(insuranceClaimPhotos.id, ids.photoId), eq(insuranceClaimPhotos.claimId, claim.id)));
  if (!photo) throw new AppError('not_found', PHOTO_MESSAGES.notFound);
  const data = await storage.read(FOLDER, size === 'thumb' ? photo.thumbName : photo.name);
  if (!data) throw new AppError('not_found', PHOTO_MESSAGES.notFound);
  return data;
}
