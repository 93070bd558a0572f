import { and, desc, eq, ne } from 'drizzle-orm';
import { returnFeeLine } from '@courier/shared/domain/charges';
import { unitFeeCents } from '@courier/shared/domain/fees';
import { LEAVABLE, LEAVING_KINDS, LEAVING_STATUS, type LeavingKind } from '@courier/shared/domain/package-status';
import { formatMoney } from '@courier/shared/format/money';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import {
  type CompleteReturnInput,
  LEAVING_FEE_CODE,
  LEAVING_LABELS,
  RETURN_DEFAULTS,
  RETURN_MESSAGES,
  type RequestReturnInput,
  type ReturnRequest,
  type ReturnState,
} from '@courier/shared/schemas/return-requests';
import type { Services } from '../../context';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { manifests } from '../../db/schema/manifests';
import { packages } from '../../db/schema/packages';
import { returnRequests } from '../../db/schema/return-requests';
import { type AuditEntry, audit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { feeBookOn } from '../fees/index';
import { chargePackageFee } from '../invoices/index';
import { notify, notifyCustomer } from '../notifications/index';
import { customerForEmail, sendCustomerEmail } from './package-emails.service';
import { ownPackage, staffPackage } from './package-rows.service';
import { actorOf, transitionPackage, writeEvent } from './package-status.service';

type RequestRow = typeof returnRequests.$inferSelect;
type PackageRecord = typeof packages.$inferSelect;
const asDb = (tx: unknown) => tx as Db;

const WHAT: Record<LeavingKind, string> = { return: 'returned to the sender', discard: 'discarded' };

/** The courier's price today for a return or a discard: its fee in force, else the default. */
export async function leavingPrice(db: Db, pkg: PackageRecord, kind: LeavingKind) {
  const book = await feeBookOn(db, pkg.courierId, new Date());
  const version = book.byCode(LEAVING_FEE_CODE[kind]);
  if (!version) return { feeCents: RETURN_DEFAULTS[kind].cents, feeName: RETURN_DEFAULTS[kind].name, feeVersionId: null };
  return { feeCents: unitFeeCents(version, { weightLbs: pkg.weightLb, items: 1 }), feeName: version.name, feeVersionId: version.versionId };
}

async function toRequest(db: Db, r: RequestRow): Promise<ReturnRequest> {
  const [inv] = r.invoiceId ? await db.select({ no: invoices.invoiceNo }).from(invoices).where(eq(invoices.id, r.invoiceId)) : [];
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    feeCents: r.feeCents,
    feeName: r.feeName,
    note: r.note,
    requestedAt: r.requestedAt.toISOString(),
    doneAt: r.doneAt ? r.doneAt.toISOString() : null,
    returnTrackingNumber: r.returnTrackingNumber,
    staffNote: r.staffNote,
    invoiceNo: inv?.no ?? null,
  };
}

/** A step of the request on the package's timeline and in the audit log. */
async function recordStep(tx: Db, pkg: PackageRecord, user: AuthUser, action: AuditEntry['action'], note: string, details?: object) {
  await writeEvent(tx, {
    courierId: pkg.courierId,
    packageId: pkg.id,
    status: pkg.status,
    fromStatus: pkg.status,
    actor: actorOf(user),
    note,
  });
  await audit(tx, {
    courierId: pkg.courierId,
    actor: user,
    action,
    entity: 'package',
    entityId: pkg.packageNumber,
    details: { ...details },
  });
}

/** The package's live request (open or done), newest first; a cancelled one is history. */
async function liveRequest(db: Db, pkg: PackageRecord, lock = false) {
  const query = db
    .select()
    .from(returnRequests)
    .where(and(eq(returnRequests.courierId, pkg.courierId), eq(returnRequests.packageId, pkg.id), ne(returnRequests.status, 'cancelled')))
    .orderBy(desc(returnRequests.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function stateOf(db: Db, pkg: PackageRecord, audience: 'staff' | 'customer'): Promise<ReturnState> {
  const [ret, discard] = await Promise.all(LEAVING_KINDS.map((k) => leavingPrice(db, pkg, k)));
  const request = await liveRequest(db, pkg);
  return {
    prices: {
      return: { feeCents: ret?.feeCents ?? 0, feeName: ret?.feeName ?? '' },
      discard: { feeCents: discard?.feeCents ?? 0, feeName: discard?.feeName ?? '' },
    },
    canRequest: audience === 'customer' && !request && !pkg.voidedAt && LEAVABLE.has(pkg.status),
    request: request ? await toRequest(db, request) : null,
  };
}

/** The return or discard of a package: prices and request, for its courier's staff or its customer. */
export async function returnState(db: Db, user: AuthUser, id: number, audience: 'staff' | 'customer') {
  const pkg = audience === 'staff' ? await staffPackage(db, user, id) : await ownPackage(db, user, id);
  return stateOf(db, pkg, audience);
}

/**
 * The customer asks for a return or a discard at the price they were shown (a changed price is
 * refused, to be confirmed again). The parcel leaves the normal flow at once: it ships and is
 * released no more (the state machine's `leaving`), and staff hear of it in their queue.
 */
export async function requestReturn(db: Db, user: AuthUser, id: number, input: RequestReturnInput): Promise<ReturnState> {
  const pkg = await ownPackage(db, user, id);
  if (pkg.voidedAt) throw new AppError('conflict', PACKAGE_MESSAGES.isVoided);
  if (!LEAVABLE.has(pkg.status)) throw new AppError('conflict', RETURN_MESSAGES.notHere(pkg.packageNumber));
  if (await liveRequest(db, pkg)) throw new AppError('conflict', RETURN_MESSAGES.alreadyAsked);
  const price = await leavingPrice(db, pkg, input.kind);
  if (price.feeCents !== input.feeCents) throw new AppError('conflict', RETURN_MESSAGES.priceChanged(price.feeCents));
  const note = input.note?.trim() || null;
  try {
    await db.transaction(async (txRaw) => {
      const tx = asDb(txRaw);
      await tx
        .insert(returnRequests)
        .values({ courierId: pkg.courierId, packageId: pkg.id, customerId: user.id, kind: input.kind, ...price, note });
      const [marked] = await tx
        .update(packages)
        .set({ leaving: input.kind, updatedAt: new Date() })
        .where(and(eq(packages.id, pkg.id), eq(packages.courierId, pkg.courierId), eq(packages.status, pkg.status)))
        .returning({ id: packages.id });
      if (!marked) throw new AppError('conflict', `${pkg.packageNumber}: the package changed meanwhile; please reload`);
      await recordStep(
        tx,
        pkg,
        user,
        'package.return_requested',
        `${LEAVING_LABELS[input.kind]} requested by the customer (${formatMoney(price.feeCents)})${note ? `: ${note}` : ''}`,
        { kind: input.kind, feeCents: price.feeCents, feeVersionId: price.feeVersionId },
      );
      await notify(tx, {
        courierId: pkg.courierId,
        type: 'new_return_request',
        title: `${LEAVING_LABELS[input.kind]} requested: ${pkg.packageNumber}`,
        body: pkg.trackingNumber,
        target: { kind: 'package', ref: pkg.packageNumber },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', RETURN_MESSAGES.alreadyAsked);
    throw error;
  }
  return stateOf(db, await ownPackage(db, user, id), 'customer');
}

/** The customer cancels an open request: free, and the parcel goes back to the normal flow. */
export async function cancelReturn(db: Db, user: AuthUser, id: number): Promise<ReturnState> {
  const pkg = await ownPackage(db, user, id);
  await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const request = await liveRequest(tx, pkg, true);
    if (!request) throw new AppError('not_found', RETURN_MESSAGES.noneOpen);
    if (request.status === 'done') throw new AppError('conflict', RETURN_MESSAGES.tooLateToCancel);
    await tx
      .update(returnRequests)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(and(eq(returnRequests.id, request.id), eq(returnRequests.courierId, pkg.courierId)));
    await tx
      .update(packages)
      .set({ leaving: null, updatedAt: new Date() })
      .where(and(eq(packages.id, pkg.id), eq(packages.courierId, pkg.courierId)));
    await recordStep(tx, pkg, user, 'package.return_cancelled', `${LEAVING_LABELS[request.kind]} cancelled by the customer (no charge)`);
  });
  return stateOf(db, await ownPackage(db, user, id), 'customer');
}

/**
 * Staff record what was done: the parcel ends as returned to the sender (with the tracking number
 * it went back with) or discarded, through the state machine; the fee is invoiced once (on its
 * open invoice, else an invoice of its own) and the customer is told.
 */
export async function completeReturn(s: Services, user: AuthUser, id: number, input: CompleteReturnInput): Promise<ReturnState> {
  const pkg = await staffPackage(s.db, user, id);
  await s.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const request = await liveRequest(tx, pkg, true);
    if (request?.status !== 'open') throw new AppError('conflict', RETURN_MESSAGES.noneOpen);
    const tracking = input.returnTrackingNumber?.trim() || null;
    if (request.kind === 'return' && !tracking) throw new AppError('unprocessable', RETURN_MESSAGES.trackingRequired);
    if (pkg.manifestId !== null) {
      const [m] = await tx.select({ no: manifests.manifestNumber }).from(manifests).where(eq(manifests.id, pkg.manifestId));
      throw new AppError('conflict', RETURN_MESSAGES.onManifest(pkg.packageNumber, m?.no ?? ''));
    }
    const staffNote = input.note?.trim() || null;
    const what = request.kind === 'return' ? `Returned to the sender, tracking ${tracking}` : 'Discarded';
    const moved = await transitionPackage(tx, s.mailer, pkg, LEAVING_STATUS[request.kind], actorOf(user), {
      note: `${what} at the customer's request${staffNote ? `; ${staffNote}` : ''}`,
    });
    const invoiceNo = await chargePackageFee({
      db: tx,
      mailer: s.mailer,
      courierId: pkg.courierId,
      packageId: pkg.id,
      line: {
        kind: 'return_fee',
        description: returnFeeLine(request.feeName, pkg.packageNumber),
        packageId: pkg.id,
        amountCents: request.feeCents,
        ...(request.feeVersionId === null ? {} : { feeVersionId: request.feeVersionId }),
      },
      whenNoInvoice: 'issue',
      why: `Your parcel ${pkg.packageNumber} was ${WHAT[request.kind]} as you asked.`,
    });
    const [inv] = invoiceNo
      ? await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.courierId, pkg.courierId), eq(invoices.invoiceNo, invoiceNo)))
      : [];
    await tx
      .update(returnRequests)
      .set({
        status: 'done',
        doneAt: new Date(),
        doneBy: user.kind === 'user' ? user.id : null,
        returnTrackingNumber: tracking,
        staffNote,
        invoiceId: inv?.id ?? null,
      })
      .where(and(eq(returnRequests.id, request.id), eq(returnRequests.courierId, pkg.courierId)));
    await audit(tx, {
      courierId: pkg.courierId,
      actor: user,
      action: request.kind === 'return' ? 'package.returned_to_sender' : 'package.discarded',
      entity: 'package',
      entityId: pkg.packageNumber,
      details: { returnTrackingNumber: tracking, note: staffNote, feeCents: request.feeCents, invoiceNo },
    });
    const subject = `Your package ${pkg.packageNumber} was ${WHAT[request.kind]}`;
    const body =
      request.kind === 'return' ? `It went back to the sender with tracking number ${tracking}.` : 'It was discarded as you asked.';
    await notifyCustomer(tx, {
      courierId: pkg.courierId,
      customerId: request.customerId,
      type: 'package_update',
      title: subject,
      body,
      target: { kind: 'package', ref: moved.packageNumber },
    });
    const customer = await customerForEmail(tx, request.customerId);
    if (customer) {
      await sendCustomerEmail(tx, s.mailer, {
        courierId: pkg.courierId,
        customer,
        subject,
        body: [
          `Your package ${pkg.packageNumber} (tracking ${pkg.trackingNumber}) was ${WHAT[request.kind]} as you asked.`,
          body,
          `${request.feeName}: ${formatMoney(request.feeCents)}${invoiceNo ? `, on invoice ${invoiceNo}` : ''}.`,
        ],
      });
    }
  });
  return stateOf(s.db, await staffPackage(s.db, user, id), 'staff');
}
