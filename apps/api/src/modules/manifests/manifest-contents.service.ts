import { and, eq, inArray, sql } from 'drizzle-orm';
import { PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import { classifyScan } from '@courier/shared/domain/scan';
import { type ImportReport, MANIFEST_IMPORT_MAX_ROWS, MANIFEST_MESSAGES, type ManifestDetail } from '@courier/shared/schemas/manifests';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema/packages';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { selectPackages } from '../packages/package-rows.service';
import { refuseVoided, resolveScan } from '../packages/scan-resolver.service';
import { hazardRefusal } from '../packages/package-hazards.service';
import { type SheetRow, parseCsvRows } from './csv';
import { type ManifestRecord, findManifest, getManifest, toDto } from './manifest-queries.service';

/** Why a package may not go on this manifest, or null when it may. */
function refusal(m: ManifestRecord, pkg: typeof packages.$inferSelect, otherManifest: string | null): string | null {
  if (pkg.voidedAt) return `${pkg.packageNumber}: ${PACKAGE_MESSAGES.isVoided}`;
  if (pkg.manifestId !== null) return MANIFEST_MESSAGES.packageOtherManifest(pkg.packageNumber, otherManifest ?? m.manifestNumber);
  if (pkg.status === 'on_hold' && pkg.holdReason) return MANIFEST_MESSAGES.packageOnHold(pkg.packageNumber, pkg.holdReason);
  if (pkg.status !== 'received') return MANIFEST_MESSAGES.packageNotReceived(pkg.packageNumber, PACKAGE_STATUS_LABELS[pkg.status]);
  const hazard = hazardRefusal(pkg, m.type);
  if (hazard) return hazard;
  if (pkg.mode !== m.type) return MANIFEST_MESSAGES.packageWrongMode(pkg.packageNumber, pkg.mode);
  return null;
}

/** The package a scan or a file's cell names (package number or tracking number), within the courier. */
async function findByRef(db: Db, courierId: number, ref: string) {
  return (await resolveScan(db, courierId, ref)).pkg ?? undefined;
}

/** The package a person scanned; one that was voided is refused saying so. */
async function findScanned(db: Db, courierId: number, ref: string) {
  const found = await resolveScan(db, courierId, ref);
  if (!found.pkg) refuseVoided(found);
  return found.pkg ?? undefined;
}

async function attach(db: Db, m: ManifestRecord, row: Awaited<ReturnType<typeof findByRef>>): Promise<string | null> {
  if (!row) return null;
  const why = refusal(m, row.pkg, row.manifestNumber);
  if (why) return why;
  await db
    .update(packages)
    .set({ manifestId: m.id, updatedAt: new Date() })
    .where(and(eq(packages.id, row.pkg.id), eq(packages.courierId, m.courierId), sql`${packages.manifestId} is null`));
  return null;
}

export async function addPackages(
  db: Db,
  user: AuthUser,
  id: number,
  input: { packageIds?: number[]; scan?: string },
): Promise<ManifestDetail> {
  const row = await findManifest(db, user, id);
  if (row.m.status !== 'open') throw new AppError('conflict', MANIFEST_MESSAGES.notOpen);
  const refs: Array<Awaited<ReturnType<typeof findByRef>>> = [];
  if (input.scan) {
    const found = await findScanned(db, row.m.courierId, input.scan);
    if (!found) throw new AppError('not_found', MANIFEST_MESSAGES.packageNotFound(classifyScan(input.scan)?.value ?? input.scan));
    refs.push(found);
  }
  if (input.packageIds?.length) {
    const found = await selectPackages(db).where(and(eq(packages.courierId, row.m.courierId), inArray(packages.id, input.packageIds)));
    if (found.length !== new Set(input.packageIds).size) throw new AppError('not_found', MANIFEST_MESSAGES.packageNotFound('with that id'));
    refs.push(...found);
  }
  const problems: string[] = [];
  await db.transaction(async (tx) => {
    for (const r of refs) {
      const why = await attach(tx as unknown as Db, row.m, r);
      if (why) problems.push(why);
    }
    if (problems.length > 0) throw new AppError('conflict', problems.join('; '));
  });
  return getManifest(db, user, id);
}

export async function removePackage(db: Db, user: AuthUser, id: number, packageId: number): Promise<ManifestDetail> {
  const row = await findManifest(db, user, id);
  if (row.m.status !== 'open') throw new AppError('conflict', MANIFEST_MESSAGES.notOpen);
  const [removed] = await db
    .update(packages)
    .set({ manifestId: null, updatedAt: new Date() })
    .where(and(eq(packages.id, packageId), eq(packages.courierId, row.m.courierId), eq(packages.manifestId, id)))
    .returning({ id: packages.id });
  if (!removed) throw new AppError('not_found', MANIFEST_MESSAGES.packageNotOnManifest);
  return getManifest(db, user, id);
}

/** Takes the scanned package (package number or tracking number) off an open manifest. */
export async function removeScannedPackage(db: Db, user: AuthUser, id: number, scan: string): Promise<ManifestDetail> {
  const row = await findManifest(db, user, id);
  const found = await findScanned(db, row.m.courierId, scan);
  if (!found) throw new AppError('not_found', MANIFEST_MESSAGES.packageNotFound(classifyScan(scan)?.value ?? scan));
  return removePackage(db, user, id, found.pkg.id);
}

export async function importCsv(db: Db, user: AuthUser, id: number, text: string): Promise<ImportReport> {
  return importRows(db, user, id, parseCsvRows(text.replace(/^\uFEFF/, '')), MANIFEST_MESSAGES.csvNoHeader);
}

/**
 * Adds the packages a warehouse file lists (CSV or the first sheet of a workbook; a
 * `tracking_number` column, `package_number` also works) to an open manifest, row by row: each
 * row is accepted or refused with its reason, named by the file's own line (or sheet row) number.
 */
export async function importRows(db: Db, user: AuthUser, id: number, rows: SheetRow[], noHeader: string): Promise<ImportReport> {
  const row = await findManifest(db, user, id);
  if (row.m.status !== 'open') throw new AppError('conflict', MANIFEST_MESSAGES.notOpen);
  const header = (rows[0]?.cells ?? []).map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  const col = header.findIndex((h) => h === 'tracking_number' || h === 'tracking' || h === 'package_number');
  if (col === -1) throw new AppError('bad_request', noHeader);
  if (rows.length - 1 > MANIFEST_IMPORT_MAX_ROWS) throw new AppError('bad_request', MANIFEST_MESSAGES.tooManyRows);
  const report: ImportReport['rows'] = [];
  const seen = new Set<string>();
  for (const { line: rowNumber, cells } of rows.slice(1)) {
    const raw = (cells[col] ?? '').trim();
    if (!raw) {
      report.push({ row: rowNumber, trackingNumber: raw, accepted: false, reason: 'No tracking number' });
      continue;
    }
    // The same reading as a scan: our package number (PKG-000009 or pkg000009) or a tracking number.
    const code = classifyScan(raw);
    if (!code || code.kind === 'mailbox') {
      report.push({ row: rowNumber, trackingNumber: raw, accepted: false, reason: 'Not a tracking number' });
      continue;
    }
    const tracking = code.value;
    if (seen.has(tracking)) {
      report.push({ row: rowNumber, trackingNumber: tracking, accepted: false, reason: 'Listed twice in the file' });
      continue;
    }
    seen.add(tracking);
    const found = await findByRef(db, row.m.courierId, tracking);
    if (!found) {
      report.push({ row: rowNumber, trackingNumber: tracking, accepted: false, reason: 'Not received at the warehouse' });
      continue;
    }
    if (found.pkg.manifestId === id) {
      report.push({
        row: rowNumber,
        trackingNumber: tracking,
        accepted: false,
        reason: 'Already on this manifest',
        packageNumber: found.pkg.packageNumber,
      });
      continue;
    }
    const why = await attach(db, row.m, found);
    report.push(
      why
        ? { row: rowNumber, trackingNumber: tracking, accepted: false, reason: why, packageNumber: found.pkg.packageNumber }
        : { row: rowNumber, trackingNumber: tracking, accepted: true, packageNumber: found.pkg.packageNumber },
    );
  }
  const fresh = await findManifest(db, user, id);
  return {
    manifest: toDto(fresh),
    accepted: report.filter((r) => r.accepted).length,
    refused: report.filter((r) => !r.accepted).length,
    rows: report,
  };
}
