import { and, eq } from 'drizzle-orm';
import { hasPermission } from '@courier/shared/domain/permissions';
import { DELIVERY_MESSAGES, type DeliverInput, type DeliveryRequestDto, PHOTO_MAX_BYTES } from '@courier/shared/schemas/deliveries';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { AppError } from '../../lib/errors';
import { formatAmount } from '@courier/shared/format/money';
import { signaturePng } from '../../lib/signature';
import type { Storage } from '../../lib/storage';
import { readUpload } from '../../lib/uploads';
import type { AuthUser } from '../../plugins/auth';
import { getRequest } from './delivery-request-queries.service';
import { type DeliveryServices, changeRequestStatus } from './delivery-status-change.service';
import { recordScope } from '../../lib/courier-scope';

/**
 * Who may complete a delivery (its proof, its photo, the cash taken at the door): staff who manage
 * deliveries, and the driver assigned to it, whatever their role.
 */
export function ensureMayComplete(user: AuthUser, request: Pick<DeliveryRequestDto, 'driverId'>): void {
  if (hasPermission(user, 'delivery_requests_edit')) return;
  if (user.kind === 'user' && request.driverId === user.id) return;
  throw new AppError('forbidden', DELIVERY_MESSAGES.notYourDelivery);
}

/** The driver hands the packages over: the recipient's name and signature complete the delivery. */
export async function deliverRequest(s: DeliveryServices, user: AuthUser, id: number, input: DeliverInput): Promise<DeliveryRequestDto> {
  // Another courier's request is not found, whatever the body says.
  const current = await getRequest(s.db, user, id);
  ensureMayComplete(user, current);
  const png = signaturePng(input.signature, DELIVERY_MESSAGES.signatureInvalid);
  if (input.collectedCents !== undefined) {
    const refuse = (message: string) => new AppError('unprocessable', message, { collectedCents: [message] });
    if (!current.cashOnDelivery) throw refuse(DELIVERY_MESSAGES.codNotAllowed);
    if (current.amountDueCents <= 0) throw refuse(DELIVERY_MESSAGES.codNothingDue);
    if (input.collectedCents > current.amountDueCents) throw refuse(DELIVERY_MESSAGES.codTooMuch(formatAmount(current.amountDueCents)));
  }
  return changeRequestStatus(
    s,
    user,
    id,
    { status: 'delivered', allowUnpaid: input.allowUnpaid, overrideReason: input.overrideReason },
    {
      recipientName: input.recipientName.trim(),
      signaturePng: png,
      collected: input.collectedCents === undefined ? undefined : { cents: input.collectedCents, branchId: input.branchId },
    },
  );
}

/**
 * The optional photo of the handover, taken on the driver's phone before completing. Checked by
 * its bytes (JPG or PNG) like every upload, kept in a private folder; a new photo replaces the old.
 */
export async function saveDeliveryPhoto(
  s: { db: Db; storage: Storage },
  user: AuthUser,
  id: number,
  request: FastifyRequest,
): Promise<DeliveryRequestDto> {
  const current = await getRequest(s.db, user, id);
  ensureMayComplete(user, current);
  if (current.status !== 'out_for_delivery') throw new AppError('conflict', DELIVERY_MESSAGES.photoNotNow);
  const upload = await readUpload(request, {
    field: 'photo',
    maxBytes: PHOTO_MAX_BYTES,
    allowed: ['jpg', 'png'],
    messages: {
      missing: DELIVERY_MESSAGES.photoMissing,
      tooLarge: DELIVERY_MESSAGES.photoTooLarge,
      wrongType: DELIVERY_MESSAGES.photoWrongType,
    },
  });
  const stored = await s.storage.save('delivery-proofs', upload.data, upload.type);
  const [old] = await s.db.select({ name: deliveryRequests.photoName }).from(deliveryRequests).where(eq(deliveryRequests.id, id));
  await s.db.update(deliveryRequests).set({ photoName: stored.name, updatedAt: new Date() }).where(eq(deliveryRequests.id, id));
  if (old?.name) await s.storage.remove('delivery-proofs', old.name);
  return getRequest(s.db, user, id);
}

/**
 * The proof's images, for staff of the request's courier or the customer who asked for it.
 * Null when there is none.
 */
export async function proofImage(
  s: { db: Db; storage: Storage },
  user: AuthUser,
  id: number,
  which: 'signature' | 'photo',
): Promise<Buffer> {
  const courierId = user.kind === 'customer' ? user.courierId : recordScope(user);
  const [row] = await s.db
    .select({ signature: deliveryRequests.signaturePngBase64, photo: deliveryRequests.photoName })
    .from(deliveryRequests)
    .where(
      and(
        eq(deliveryRequests.id, id),
        courierId === null ? undefined : eq(deliveryRequests.courierId, courierId),
        user.kind === 'customer' ? eq(deliveryRequests.customerId, user.id) : undefined,
      ),
    );
  if (!row) throw new AppError('not_found', DELIVERY_MESSAGES.requestNotFound);
  const data =
    which === 'signature'
      ? row.signature === null
        ? null
        : Buffer.from(row.signature, 'base64')
      : row.photo === null
        ? null
        : await s.storage.read('delivery-proofs', row.photo);
  if (!data) throw new AppError('not_found', DELIVERY_MESSAGES.proofNotFound);
  return data;
}
