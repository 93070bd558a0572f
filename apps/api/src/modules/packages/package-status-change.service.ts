import type { PackageStatus } from '@courier/shared/constants/packages';
import { DELIVERY_MESSAGES } from '@courier/shared/schemas/deliveries';
import type { ReleaseOverrideInput } from '@courier/shared/schemas/release';
import { PACKAGE_MESSAGES, type PackageDetail } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { invoiceReadyPackages, willBeInvoicedWhenReady } from '../invoices/index';
import { PackageNoticeBatch, sendPackageNotices } from './package-notices.service';
import { findPackage } from './package-rows.service';
import { actorOf, transitionPackage } from './package-status.service';
import { detailOf } from './package-queries.service';
import type { Services } from '../../context';
import { listScope, recordScope } from '../../lib/courier-scope';

/**
 * Moves one package. A package made ready for pickup is invoiced in the same transaction (the
 * invoice e-mail then replaces the "ready" e-mail, never the "ready" text or push); `deferInvoice`
 * lets the bulk change issue one invoice per customer for all its packages instead, and `notices`
 * collect its news to send once per customer.
 */
export async function changeStatus(
  s: Services,
  user: AuthUser,
  id: number,
  input: { status: PackageStatus; note?: string } & ReleaseOverrideInput,
  options: { deferInvoice?: boolean; notices?: PackageNoticeBatch } = {},
): Promise<PackageDetail> {
  const courierId = recordScope(user);
  const row = await findPackage(s.db, id, courierId);
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  if (row.pkg.voidedAt) throw new AppError('conflict', `${row.pkg.packageNumber}: ${PACKAGE_MESSAGES.isVoided}`);
  if (row.pkg.status === 'unknown' && input.status === 'received')
    throw new AppError('conflict', 'Assign an unknown package to a customer to receive it');
  // A driver completes a home delivery with the recipient's name and signature, never by a status change.
  if (row.pkg.status === 'out_for_delivery' && input.status === 'delivered')
    throw new AppError('conflict', `${row.pkg.packageNumber}: ${DELIVERY_MESSAGES.proofRequired}`);
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const invoiceNow = input.status === 'ready_for_pickup' && (await willBeInvoicedWhenReady(tx, row.pkg));
    await transitionPackage(tx, s.mailer, row.pkg, input.status, actorOf(user), {
      note: input.note,
      manifestNumber: row.manifestNumber,
      emailByInvoice: invoiceNow,
      notices: options.notices,
      release: { actor: user, via: 'status_change', allowUnpaid: input.allowUnpaid, overrideReason: input.overrideReason },
    });
    if (invoiceNow && !options.deferInvoice)
      await invoiceReadyPackages({ db: tx, mailer: s.mailer, courierId: row.pkg.courierId, packageIds: [id] });
  });
  return detailOf(s.db, row.pkg.courierId, id);
}

/**
 * Each package moves on its own (a savepoint each): the ones the state machine refuses are
 * reported, the rest change. Packages made ready are invoiced at the end, one invoice per customer.
 */
export async function bulkChangeStatus(
  s: Services,
  user: AuthUser,
  input: { ids: number[]; status: PackageStatus; note?: string } & ReleaseOverrideInput,
) {
  const courierId = listScope(user);
  return s.db.transaction(async (txRaw) => {
    const tx: Services = { db: txRaw as unknown as Db, mailer: s.mailer };
    const notices = new PackageNoticeBatch();
    const results: Array<{ id: number; packageNumber: string | null; ok: boolean; message?: string }> = [];
    for (const id of [...new Set(input.ids)]) {
      try {
        if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
        const { ids: _, ...change } = input;
        const detail = await changeStatus(tx, user, id, change, { deferInvoice: true, notices });
        results.push({ id, packageNumber: detail.packageNumber, ok: true });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const row = courierId === null ? undefined : await findPackage(tx.db, id, courierId);
        results.push({ id, packageNumber: row?.pkg.packageNumber ?? null, ok: false, message: error.message });
      }
    }
    if (input.status === 'ready_for_pickup' && courierId !== null) {
      const changed = results.filter((r) => r.ok).map((r) => r.id);
      await invoiceReadyPackages({ db: tx.db, mailer: s.mailer, courierId, packageIds: changed });
    }
    await sendPackageNotices(tx.db, s.mailer, notices);
    return { changed: results.filter((r) => r.ok).length, results };
  });
}
