import { and, count, desc, eq, gte, ne } from 'drizzle-orm';
import type { PackageStatus } from '@courier/shared/constants/packages';
import { contentsPhotoFeeLine } from '@courier/shared/domain/charges';
import { unitFeeCents } from '@courier/shared/domain/fees';
import {
  CONTENTS_PHOTO_DEFAULT_CENTS,
  CONTENTS_PHOTO_DEFAULT_NAME,
  CONTENTS_PHOTO_MESSAGES,
  type ContentsPhotoRequest,
  type ContentsPhotoState,
} from '@courier/shared/schemas/contents-photos';
import { formatMoney } from '@courier/shared/format/money';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import type { Services } from '../../context';
import type { Db } from '../../db/client';
import { contentsPhotoRequests } from '../../db/schema/contents-photo-requests';
import { packagePhotos } from '../../db/schema/package-photos';
import type { packages } from '../../db/schema/packages';
import { type AuditEntry, audit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { feeBookOn } from '../fees/index';
import { chargePackageFee } from '../invoices/index';
import { notify, notifyCustomer } from '../notifications/index';
import { customerForEmail, sendCustomerEmail } from './package-emails.service';
import { ownPackage, staffPackage } from './package-rows.service';
import { actorOf, writeEvent } from './package-status.service';

/** Where a parcel can still be opened and photographed: in one of our warehouses, not on its way or gone. */
const AT_WAREHOUSE: ReadonlySet<PackageStatus> = new Set(['received', 'on_hold', 'at_customs', 'ready_for_pickup']);

type RequestRow = typeof contentsPhotoRequests.$inferSelect;
type PackageRecord = typeof packages.$inferSelect;

const toRequest = (r: RequestRow): ContentsPhotoRequest => ({
  id: r.id,
  status: r.status,
  feeCents: r.feeCents,
  feeName: r.feeName,
  requestedAt: r.requestedAt.toISOString(),
  doneAt: r.doneAt ? r.doneAt.toISOString() : null,
  cancelledAt: r.cancelledAt ? r.cancelledAt.toISOString() : null,
});

/** The courier's price today: its `contents_photo` fee in force, else the default (JMD 500). */
export async function contentsPhotoPrice(db: Db, pkg: PackageRecord) {
  const book = await feeBookOn(db, pkg.courierId, new Date());
  const version = book.byCode('contents_photo');
  if (!version) return { feeCents: CONTENTS_PHOTO_DEFAULT_CENTS, feeName: CONTENTS_PHOTO_DEFAULT_NAME, feeVersionId: null };
  return {
    feeCents: unitFeeCents(version, { weightLbs: pkg.weightLb, items: 1 }),
    feeName: version.name,
    feeVersionId: version.versionId,
  };
}

/** A step of the request on the package's timeline (its status unchanged) and in the audit log. */
async function recordStep(
  tx: Db,
  pkg: PackageRecord,
  user: AuthUser,
  action: AuditEntry['action'],
  note: string,
  details?: Record<string, unknown>,
) {
  await writeEvent(tx, {
    courierId: pkg.courierId,
    packageId: pkg.id,
    status: pkg.status,
    fromStatus: pkg.status,
    actor: actorOf(user),
    note,
  });
  await audit(tx, { courierId: pkg.courierId, actor: user, action, entity: 'package', entityId: pkg.packageNumber, details });
}

/** The package's live request (open or done), newest first; a cancelled one is history. */
async function liveRequest(db: Db, pkg: PackageRecord, lock = false) {
  const query = db
    .select()
    .from(contentsPhotoRequests)
    .where(
      and(
        eq(contentsPhotoRequests.courierId, pkg.courierId),
        eq(contentsPhotoRequests.packageId, pkg.id),
        ne(contentsPhotoRequests.status, 'cancelled'),
      ),
    )
    .orderBy(desc(contentsPhotoRequests.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function stateOf(db: Db, pkg: PackageRecord, audience: 'staff' | 'customer'): Promise<ContentsPhotoState> {
  const price = await contentsPhotoPrice(db, pkg);
  const request = await liveRequest(db, pkg);
  return {
    feeCents: price.feeCents,
    feeName: price.feeName,
    canRequest: audience === 'customer' && !request && !pkg.voidedAt && AT_WAREHOUSE.has(pkg.status),
    request: request ? toRequest(request) : null,
  };
}

/** The photo of contents of a package: its price and request, for its courier's staff or its customer. */
export async function contentsPhotoState(db: Db, user: AuthUser, id: number, audience: 'staff' | 'customer') {
  const pkg = audience === 'staff' ? await staffPackage(db, user, id) : await ownPackage(db, user, id);
  return stateOf(db, pkg, audience);
}

/**
 * The customer asks for a photo of the contents at the price they were shown (a changed price is
 * refused, to be confirmed again). One live request per package; only while it is with us.
 */
export async function requestContentsPhoto(db: Db, user: AuthUser, id: number, shownCents: number): Promise<ContentsPhotoState> {
  const pkg = await ownPackage(db, user, id);
  if (pkg.voidedAt) throw new AppError('conflict', PACKAGE_MESSAGES.isVoided);
  if (!AT_WAREHOUSE.has(pkg.status)) throw new AppError('conflict', CONTENTS_PHOTO_MESSAGES.notHere(pkg.packageNumber));
  const existing = await liveRequest(db, pkg);
  if (existing)
    throw new AppError(
      'conflict',
      existing.status === 'done' ? CONTENTS_PHOTO_MESSAGES.alreadyTaken : CONTENTS_PHOTO_MESSAGES.alreadyAsked,
    );
  const price = await contentsPhotoPrice(db, pkg);
  if (price.feeCents !== shownCents) throw new AppError('conflict', CONTENTS_PHOTO_MESSAGES.priceChanged(price.feeCents));
  try {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.insert(contentsPhotoRequests).values({
        courierId: pkg.courierId,
        packageId: pkg.id,
        customerId: user.id,
        feeCents: price.feeCents,
        feeName: price.feeName,
        feeVersionId: price.feeVersionId,
      });
      await recordStep(
        tx,
        pkg,
        user,
        'package.contents_photo_requested',
        `Photo of contents requested by the customer (${formatMoney(price.feeCents)})`,
        { feeCents: price.feeCents, feeVersionId: price.feeVersionId },
      );
      // Into the station's queue: the photo is taken there.
      await notify(tx, {
        courierId: pkg.courierId,
        type: 'new_photo_request',
        title: `Photo of contents requested: ${pkg.packageNumber}`,
        body: pkg.trackingNumber,
        target: { kind: 'package', ref: pkg.packageNumber },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', CONTENTS_PHOTO_MESSAGES.alreadyAsked);
    throw error;
  }
  return stateOf(db, pkg, 'customer');
}

/** The customer cancels an open request: free. Once the photos are taken it stands. */
export async function cancelContentsPhoto(db: Db, user: AuthUser, id: number): Promise<ContentsPhotoState> {
  const pkg = await ownPackage(db, user, id);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const request = await liveRequest(tx, pkg, true);
    if (!request) throw new AppError('not_found', CONTENTS_PHOTO_MESSAGES.noneOpen);
    if (request.status === 'done') throw new AppError('conflict', CONTENTS_PHOTO_MESSAGES.tooLateToCancel);
    await tx
      .update(contentsPhotoRequests)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(and(eq(contentsPhotoRequests.id, request.id), eq(contentsPhotoRequests.courierId, pkg.courierId)));
    await recordStep(tx, pkg, user, 'package.contents_photo_cancelled', 'Photo of contents cancelled by the customer (no charge)');
  });
  return stateOf(db, pkg, 'customer');
}

/** A contents photo is taken only against an open request (checked before the upload is kept). */
export async function assertContentsPhotoAsked(db: Db, pkg: PackageRecord): Promise<void> {
  const request = await liveRequest(db, pkg);
  if (!request) throw new AppError('conflict', CONTENTS_PHOTO_MESSAGES.contentsNotAsked);
  if (request.status === 'done') throw new AppError('conflict', CONTENTS_PHOTO_MESSAGES.alreadyTaken);
}

/**
 * Staff took the photos (at least one since the request): the request closes, the fee goes on the
 * package's invoice (its open one now, or the one it gets), and the customer hears by e-mail and
 * in their feed.
 */
export async function completeContentsPhoto(s: Services, user: AuthUser, id: number): Promise<ContentsPhotoState> {
  const pkg = await staffPackage(s.db, user, id);
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const request = await liveRequest(tx, pkg, true);
    if (request?.status !== 'open') throw new AppError('conflict', CONTENTS_PHOTO_MESSAGES.noneOpen);
    const [taken] = await tx
      .select({ n: count() })
      .from(packagePhotos)
      .where(
        and(
          eq(packagePhotos.courierId, pkg.courierId),
          eq(packagePhotos.packageId, pkg.id),
          eq(packagePhotos.kind, 'contents'),
          gte(packagePhotos.createdAt, request.requestedAt),
        ),
      );
    const photos = taken?.n ?? 0;
    if (photos === 0) throw new AppError('unprocessable', CONTENTS_PHOTO_MESSAGES.noPhotoYet);
    await tx
      .update(contentsPhotoRequests)
      .set({ status: 'done', doneAt: new Date(), doneBy: user.kind === 'user' ? user.id : null })
      .where(and(eq(contentsPhotoRequests.id, request.id), eq(contentsPhotoRequests.courierId, pkg.courierId)));
    await recordStep(
      tx,
      pkg,
      user,
      'package.contents_photo_done',
      `Photo of contents taken (${photos} ${photos === 1 ? 'photo' : 'photos'})`,
      { photos, feeCents: request.feeCents },
    );
    await chargePackageFee({
      db: tx,
      mailer: s.mailer,
      courierId: pkg.courierId,
      packageId: pkg.id,
      line: {
        kind: 'contents_photo_fee',
        description: contentsPhotoFeeLine(request.feeName, pkg.packageNumber),
        packageId: pkg.id,
        amountCents: request.feeCents,
        ...(request.feeVersionId === null ? {} : { feeVersionId: request.feeVersionId }),
      },
      whenNoInvoice: 'wait',
      why: `The photo of the contents of ${pkg.packageNumber} you asked for was taken.`,
    });
    const subject = `Photos of the contents of ${pkg.packageNumber} are ready`;
    await notifyCustomer(tx, {
      courierId: pkg.courierId,
      customerId: request.customerId,
      type: 'package_update',
      title: subject,
      body: `We opened your parcel and photographed what is inside (${photos} ${photos === 1 ? 'photo' : 'photos'}).`,
      target: { kind: 'package', ref: pkg.packageNumber },
    });
    const customer = await customerForEmail(tx, request.customerId);
    if (customer) {
      await sendCustomerEmail(tx, s.mailer, {
        courierId: pkg.courierId,
        customer,
        subject,
        body: [
          `We opened your package ${pkg.packageNumber} (tracking ${pkg.trackingNumber}) and photographed what is inside: ${photos} ${photos === 1 ? 'photo' : 'photos'}.`,
          'Sign in and open the package to see them.',
          `${request.feeName}: ${formatMoney(request.feeCents)}, on the package's invoice.`,
        ],
      });
    }
  });
  return stateOf(s.db, pkg, 'staff');
}
