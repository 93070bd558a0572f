import { and, eq } from 'drizzle-orm';
import { dayInZone } from '@courier/shared/domain/datetime';
import { IMPORT_MESSAGES } from '@courier/shared/domain/package-import';
import type { ImportRowResult } from '@courier/shared/schemas/package-imports';
import type { Services } from '../../context';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { packageImports } from '../../db/schema/package-imports';
import { audit } from '../../lib/audit';
import { courierTimeZone } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { PackageNoticeBatch, queueReceivedMessages, sendPackageNotices } from '../packages/index';
import { writeBatch } from './import-batch.service';
import { countOutcomes, planRows } from './import-rows.service';

/**
 * A refused row of a finished import, fixed by the agent (or the admin) and sent again: checked and
 * planned like any row (so a parcel already in is reported, never doubled), written when it passes,
 * and the import's report and counts updated in place. The file's other rows are untouched.
 */
export async function resendRow(s: Services, user: AuthUser, courierId: number, id: number, rowNo: number, cells: string[]) {
  const [imp] = await s.db
    .select()
    .from(packageImports)
    .where(and(eq(packageImports.id, id), eq(packageImports.courierId, courierId)));
  if (!imp) throw new AppError('not_found', IMPORT_MESSAGES.importNotFound);
  const before = imp.report?.find((r) => r.row === rowNo);
  if (imp.status !== 'done' || !imp.rows || !imp.mapping || before?.outcome !== 'invalid')
    throw new AppError('conflict', IMPORT_MESSAGES.rowNotRefused);
  if (cells.length !== imp.headers.length) throw new AppError('bad_request', IMPORT_MESSAGES.rowCellsCount(imp.headers.length));
  const zone = await courierTimeZone(s.db, courierId);
  const today = dayInZone(new Date(), zone);
  const [planned] = await planRows(s.db, courierId, imp.headers, [{ row: rowNo, cells }], imp.mapping, today);
  if (!planned) throw new Error('planRows returned nothing');
  if (planned.result.outcome === 'received' || planned.result.outcome === 'unknown') {
    const [courier] = await s.db.select({ requireInvoice: couriers.requireInvoice }).from(couriers).where(eq(couriers.id, courierId));
    const actor = { userId: user.kind === 'user' ? user.id : null, branchId: user.branchId ?? null };
    const notices = new PackageNoticeBatch();
    const written = await writeBatch(s, courierId, [planned], actor, {
      today,
      zone,
      requireInvoice: courier?.requireInvoice ?? false,
      notices,
    });
    await queueReceivedMessages(s.db, written);
    await sendPackageNotices(s.db, s.mailer, notices);
  }
  // Read after the write: it names the package number given.
  const result: ImportRowResult = planned.result;
  const report = (imp.report ?? []).map((r) => (r.row === rowNo ? result : r));
  const counts = countOutcomes(report);
  const rows = imp.rows.map((r) => (r.row === rowNo ? { row: rowNo, cells } : r));
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(packageImports)
      .set({ report, counts, rows: counts.invalid > 0 ? rows : null })
      .where(and(eq(packageImports.id, id), eq(packageImports.courierId, courierId)));
    await audit(tx, {
      courierId,
      actor: user,
      action: 'package.import_row_resent',
      entity: 'package_import',
      entityId: id,
      details: { row: rowNo, outcome: result.outcome, trackingNumber: result.trackingNumber, packageNumber: result.packageNumber },
    });
  });
  return result;
}
