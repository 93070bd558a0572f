import { and, asc, eq, inArray, isNotNull, isNull, max } from 'drizzle-orm';
import { PACKAGE_MESSAGES, type PackageDetail } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';
import { audit } from '../../lib/audit';
import { courierNow } from '../../lib/courier-clock';
import { AppError } from '../../lib/errors';
import { CONTENT_TYPES, type DetectedType, detectFileType } from '../../lib/file-types';
import type { Mailer } from '../../lib/mailer';
import type { Storage } from '../../lib/storage';
import type { AuthUser } from '../../plugins/auth';
import { findPackage } from './package-rows.service';
import { INVOICE_HOLDS, askForInvoice } from './invoice-request.service';
import { type Actor, actorOf, transitionPackage } from './package-status.service';
import { detailOf } from './package-queries.service';
import type { Services } from '../../context';
import { recordScope } from '../../lib/courier-scope';
import { setPreAlertInvoice } from '../pre-alerts/index';

/**
 * Holds for a missing merchant invoice (DOMAIN.md: customs needs it). A
 * package is held when received with a pre-alert that has no invoice, or with no pre-alert when
 * the courier requires an invoice; uploading the invoice (by the customer on the pre-alert, or by
 * staff on the package) releases it, and staff may release any hold by hand with a note.
 */

const INVOICE_FOLDER = 'pre-alert-invoices' as const;
type PackageRecord = typeof packages.$inferSelect;

/** Why a package being received must wait for its merchant invoice, or null when it need not. */
export async function invoiceHoldReason(
  db: Db,
  courierId: number,
  preAlert: { invoicePath: string | null; shopRequestId?: number | null } | undefined,
) {
  // A Shop For Me order was placed by the courier, who holds the merchant's receipt.
  if (preAlert) return preAlert.invoicePath || preAlert.shopRequestId ? null : PACKAGE_MESSAGES.heldForInvoice;
  const [courier] = await db.select({ requireInvoice: couriers.requireInvoice }).from(couriers).where(eq(couriers.id, courierId));
  return courier?.requireInvoice ? PACKAGE_MESSAGES.heldForInvoiceNoPreAlert : null;
}

/** Days a parcel waits on hold for its invoice before the customer is reminded. */
export const INVOICE_REMINDER_AFTER_DAYS = 2;

/**
 * The invoice reminder: a parcel on hold for its merchant invoice for `INVOICE_REMINDER_AFTER_DAYS`
 * gets one more e-mail and feed line asking for it. Idempotent (`invoice_reminder_at`).
 */
export async function remindMissingInvoices(s: { db: Db; mailer: Mailer }, now = new Date()): Promise<number> {
  // Each courier's own day: a test-mode courier's moved clock brings its reminders forward.
  const dueOf = new Map<number, Date>();
  const dueFor = async (courierId: number) => {
    let due = dueOf.get(courierId);
    if (!due) {
      due = new Date((await courierNow(s.db, courierId, now)).getTime() - INVOICE_REMINDER_AFTER_DAYS * 86_400_000);
      dueOf.set(courierId, due);
    }
    return due;
  };
  const held = await s.db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.status, 'on_hold'),
        inArray(packages.holdReason, [...INVOICE_HOLDS]),
        isNotNull(packages.customerId),
        isNull(packages.invoiceReminderAt),
        isNull(packages.voidedAt),
      ),
    )
    .orderBy(asc(packages.courierId), asc(packages.id))
    .for('update', { skipLocked: true });
  let sent = 0;
  for (const pkg of held) {
    // Held since its latest move to on_hold (the timeline keeps it).
    const [since] = await s.db
      .select({ at: max(packageEvents.createdAt) })
      .from(packageEvents)
      .where(and(eq(packageEvents.courierId, pkg.courierId), eq(packageEvents.packageId, pkg.id), eq(packageEvents.status, 'on_hold')));
    if (!since?.at || since.at > (await dueFor(pkg.courierId))) continue;
    await askForInvoice(s.db, s.mailer, pkg, pkg.holdReason ?? PACKAGE_MESSAGES.heldForInvoice, true);
    await s.db.update(packages).set({ invoiceReminderAt: now }).where(eq(packages.id, pkg.id));
    sent++;
  }
  return sent;
}

/** Releases a package held only for its invoice, now that the invoice is here; other holds stay. */
export async function releaseInvoiceHold(db: Db, mailer: Mailer, pkg: PackageRecord, actor: Actor): Promise<boolean> {
  if (pkg.status !== 'on_hold' || !pkg.heldFrom || !pkg.holdReason || !INVOICE_HOLDS.has(pkg.holdReason)) return false;
  await transitionPackage(db, mailer, pkg, pkg.heldFrom, actor, { note: 'Merchant invoice uploaded: hold released' });
  return true;
}

/** The package of a pre-alert whose invoice the customer just uploaded: released if it waited for it. */
export async function releaseForPreAlertInvoice(db: Db, mailer: Mailer, preAlertId: number, actor: Actor): Promise<void> {
  const held = await db
    .select()
    .from(packages)
    .where(and(eq(packages.preAlertId, preAlertId), eq(packages.status, 'on_hold')));
  for (const pkg of held) await releaseInvoiceHold(db, mailer, pkg, actor);
}

export async function heldPackage(db: Db, user: AuthUser, id: number) {
  // A customer reaches only their own packages.
  const row = await findPackage(db, id, recordScope(user), user.role === 'customer' ? eq(packages.customerId, user.id) : undefined);
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  if (row.pkg.voidedAt) throw new AppError('conflict', PACKAGE_MESSAGES.isVoided);
  return row;
}

/** Staff end a hold by hand (the invoice came another way, or customs cleared it), with a note. */
export async function releaseHold(s: Services, user: AuthUser, id: number, note: string): Promise<PackageDetail> {
  const { pkg } = await heldPackage(s.db, user, id);
  if (pkg.status !== 'on_hold') throw new AppError('conflict', PACKAGE_MESSAGES.notOnHold);
  if (!pkg.heldFrom) throw new AppError('conflict', 'This package on hold has no recorded status to return to');
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await transitionPackage(tx, s.mailer, pkg, pkg.heldFrom as NonNullable<typeof pkg.heldFrom>, actorOf(user), {
      note: `Hold released: ${note}`,
    });
    await audit(tx, {
      courierId: pkg.courierId,
      actor: user,
      action: 'package.hold_released',
      entity: 'package',
      entityId: pkg.packageNumber,
      details: { holdReason: pkg.holdReason, returnedTo: pkg.heldFrom, note },
    });
  });
  return detailOf(s.db, pkg.courierId, id);
}

/**
 * Staff upload the merchant invoice for a package: it goes on the package's pre-alert when it has
 * one (so the customer sees it too), else on the package; a hold for the invoice ends.
 */
export async function uploadPackageInvoice(
  s: Services,
  storage: Storage,
  user: AuthUser,
  id: number,
  file: { data: Buffer; type: DetectedType; name: string },
): Promise<PackageDetail> {
  const { pkg } = await heldPackage(s.db, user, id);
  const stored = await storage.save(INVOICE_FOLDER, file.data, file.type);
  const columns = { invoicePath: stored.name, invoiceName: file.name, invoiceMime: CONTENT_TYPES[file.type], updatedAt: new Date() };
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (pkg.preAlertId !== null) await setPreAlertInvoice(tx, pkg.preAlertId, columns);
    else
      await tx
        .update(packages)
        .set(columns)
        .where(and(eq(packages.id, id), eq(packages.courierId, pkg.courierId)));
    const [fresh] = await tx.select().from(packages).where(eq(packages.id, id));
    const released = fresh ? await releaseInvoiceHold(tx, s.mailer, fresh, actorOf(user)) : false;
    await audit(tx, {
      courierId: pkg.courierId,
      actor: user,
      action: 'package.invoice_uploaded',
      entity: 'package',
      entityId: pkg.packageNumber,
      details: { file: file.name, holdReleased: released },
    });
  });
  return detailOf(s.db, pkg.courierId, id);
}

/** The merchant invoice of a package, from its pre-alert or from the package itself. */
export async function packageInvoiceFile(db: Db, storage: Storage, user: AuthUser, id: number) {
  const row = await findPackage(db, id, recordScope(user));
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  let source: { invoicePath: string | null; invoiceName: string | null } | undefined = row.pkg;
  if (row.pkg.preAlertId !== null && !row.pkg.invoicePath) {
    [source] = await db
      .select({ invoicePath: preAlerts.invoicePath, invoiceName: preAlerts.invoiceName })
      .from(preAlerts)
      .where(eq(preAlerts.id, row.pkg.preAlertId));
  }
  if (!source?.invoicePath) throw new AppError('not_found', 'Invoice not found');
  const data = await storage.read(INVOICE_FOLDER, source.invoicePath);
  if (!data) throw new AppError('not_found', 'Invoice not found');
  const type = detectFileType(data);
  return { data, mime: type ? CONTENT_TYPES[type] : 'application/octet-stream', name: source.invoiceName ?? 'invoice' };
}
