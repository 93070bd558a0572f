import { and, asc, count, eq } from 'drizzle-orm';
import {
  PHOTO_LONG_SIDE_PX,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  PHOTO_THUMB_PX,
  PHOTOS_PER_PACKAGE,
  type PackagePhoto,
} from '@courier/shared/schemas/package-photos';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import { packagePhotos } from '../../db/schema/package-photos';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { UploadRules } from '../../lib/uploads';
import type { AuthUser } from '../../plugins/auth';
import { assertContentsPhotoAsked } from './contents-photos.service';
import { ownPackage, staffPackage } from './package-rows.service';

const FOLDER = 'package-photos' as const;

export const PHOTO_UPLOAD: UploadRules = {
  field: 'photo',
  maxBytes: PHOTO_MAX_BYTES,
  allowed: ['jpg', 'png'],
  messages: { missing: PHOTO_MESSAGES.missing, tooLarge: PHOTO_MESSAGES.tooLarge, wrongType: PHOTO_MESSAGES.wrongType },
};

type PhotoRow = typeof packagePhotos.$inferSelect;
type PhotoKind = PhotoRow['kind'];
const toPhoto = (p: PhotoRow): PackagePhoto => ({
  id: p.id,
  width: p.width,
  height: p.height,
  bytes: p.bytes,
  takenAt: p.createdAt.toISOString(),
  kind: p.kind,
});

/**
 * Re-encodes an upload: turned upright by its EXIF, at most 1600 px on the long side, JPEG, with
 * the metadata (GPS, camera) dropped; plus a 320 px thumbnail. A file whose bytes only look like an
 * image is refused here.
 */
export async function shrinkPhoto(data: Buffer) {
  // libvips is loaded on the first photo, not at every start.
  const { default: sharp } = await import('sharp');
  try {
    const source = () => sharp(data, { failOn: 'error', limitInputPixels: 60_000_000 }).rotate();
    const full = await source()
      .resize({ width: PHOTO_LONG_SIDE_PX, height: PHOTO_LONG_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await source()
      .resize({ width: PHOTO_THUMB_PX, height: PHOTO_THUMB_PX, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 70 })
      .toBuffer();
    return { full: full.data, width: full.info.width, height: full.info.height, thumb };
  } catch {
    throw new AppError('unsupported_media_type', PHOTO_MESSAGES.unreadable);
  }
}

/**
 * Checks the package is the staff member's before the upload is read; a photo of the contents
 * only while the customer's request for one is open.
 */
export async function photoTarget(db: Db, user: AuthUser, id: number, kind: PhotoKind = 'parcel') {
  const pkg = await staffPackage(db, user, id);
  if (pkg.voidedAt) throw new AppError('conflict', PACKAGE_MESSAGES.isVoided);
  if (kind === 'contents') await assertContentsPhotoAsked(db, pkg);
  return pkg;
}

export async function addPackagePhoto(
  db: Db,
  storage: Storage,
  user: AuthUser,
  id: number,
  data: Buffer,
  kind: PhotoKind = 'parcel',
): Promise<PackagePhoto> {
  const pkg = await photoTarget(db, user, id, kind);
  const [taken] = await db
    .select({ n: count() })
    .from(packagePhotos)
    .where(and(eq(packagePhotos.courierId, pkg.courierId), eq(packagePhotos.packageId, pkg.id)));
  if ((taken?.n ?? 0) >= PHOTOS_PER_PACKAGE) throw new AppError('unprocessable', PHOTO_MESSAGES.tooMany);
  const photo = await shrinkPhoto(data);
  const full = await storage.save(FOLDER, photo.full, 'jpg');
  const thumb = await storage.save(FOLDER, photo.thumb, 'jpg');
  try {
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .insert(packagePhotos)
        .values({
          courierId: pkg.courierId,
          packageId: pkg.id,
          name: full.name,
          thumbName: thumb.name,
          width: photo.width,
          height: photo.height,
          bytes: photo.full.length,
          takenBy: user.kind === 'user' ? user.id : null,
          kind,
        })
        .returning();
      if (!row) throw new Error('Photo insert returned nothing');
      await audit(tx, {
        courierId: pkg.courierId,
        actor: user,
        action: 'package.photo_added',
        entity: 'package',
        entityId: pkg.packageNumber,
        details: { photoId: row.id, width: row.width, height: row.height, kind },
      });
      return toPhoto(row);
    });
  } catch (error) {
    // Nothing refers to the files when the row was not written.
    await storage.remove(FOLDER, full.name);
    await storage.remove(FOLDER, thumb.name);
    throw error;
  }
}

async function photosOf(db: Db, courierId: number, packageId: number) {
  return db
    .select()
    .from(packagePhotos)
    .where(and(eq(packagePhotos.courierId, courierId), eq(packagePhotos.packageId, packageId)))
    .orderBy(asc(packagePhotos.createdAt), asc(packagePhotos.id));
}

/** A package's photos, for its courier's staff or its customer. */
export async function listPackagePhotos(db: Db, user: AuthUser, id: number, audience: 'staff' | 'customer'): Promise<PackagePhoto[]> {
  const pkg = audience === 'staff' ? await staffPackage(db, user, id) : await ownPackage(db, user, id);
  return (await photosOf(db, pkg.courierId, pkg.id)).map(toPhoto);
}

/** One photo's bytes (the JPEG or its thumbnail), for its courier's staff or its customer. */
export async function packagePhotoFile(
  db: Db,
  storage: Storage,
  user: AuthUser,
  ids: { id: number; photoId: number },
  size: 'full' | 'thumb',
  audience: 'staff' | 'customer',
): Promise<Buffer> {
  const pkg = audience === 'staff' ? await staffPackage(db, user, ids.id) : await ownPackage(db, user, ids.id);
  const [photo] = await db
    .select()
    .from(packagePhotos)
    .where(and(eq(packagePhotos.id, ids.photoId), eq(packagePhotos.courierId, pkg.courierId), eq(packagePhotos.packageId, pkg.id)));
  if (!photo) throw new AppError('not_found', PHOTO_MESSAGES.notFound);
  const data = await storage.read(FOLDER, size === 'thumb' ? photo.thumbName : photo.name);
  if (!data) throw new AppError('not_found', PHOTO_MESSAGES.notFound);
  return data;
}
