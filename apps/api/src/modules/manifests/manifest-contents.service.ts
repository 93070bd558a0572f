import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { headerNames, headerNamesPackageNumber } from '@courier/shared/domain/package-import';
import { PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import { classifyScan } from '@courier/shared/domain/scan';
import { type ImportReport, MANIFEST_IMPORT_MAX_ROWS, MANIFEST_MESSAGES, type ManifestDetail } from '@courier/shared/schemas/manifests';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import { manifests } from '../../db/schema/manifests';
import { packages } from '../../db/schema/packages';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { selectPackages, refuseVoided, resolveScan, hazardRefusal, putOnManifest, takeOffManifest } from '../packages/index';
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
  await putOnManifest(db, m.courierId, m.id, [row.pkg.id]);
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
  const removed = await takeOffManifest(db, row.m.courierId, id, packageId);
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

/** Rows added per statement and transaction: a 1,200-row manifest is a few batches, never 1,200 round trips. */
const ADD_BATCH = 500;
type Found = { pkg: typeof packages.$inferSelect; manifestNumber: string | null };

/** The live packages the references name within the courier, by package number or tracking number (each piece). */
async function findMany(db: Db, courierId: number, refs: string[]): Promise<Found[]> {
  const out: Found[] = [];
  for (let i = 0; i < refs.length; i += ADD_BATCH) {
    const slice = refs.slice(i, i + ADD_BATCH);
    out.push(
      ...(await db
        .select({ pkg: packages, manifestNumber: manifests.manifestNumber })
        .from(packages)
        .leftJoin(manifests, eq(manifests.id, packages.manifestId))
        .where(
          and(
            eq(packages.courierId, courierId),
            isNull(packages.voidedAt),
            or(inArray(packages.packageNumber, slice), inArray(packages.trackingNumber, slice)),
          ),
        )),
    );
  }
  return out;
}

/**
 * Adds the packages a warehouse file lists (CSV or the first sheet of a workbook) to an open
 * manifest. Its columns are read as the package import reads them ("Tracking #", "AWB", a
 * package number column); a row's package number is used when filled, else its tracking number,
 * and a tracking number brings every piece of its shipment. Each row is accepted or refused with
 * its reason, named by the file's own line (or sheet row) number; packages are found and added
 * in batches.
 */
export async function importRows(db: Db, user: AuthUser, id: number, rows: SheetRow[], noHeader: string): Promise<ImportReport> {
  const row = await findManifest(db, user, id);
  if (row.m.status !== 'open') throw new AppError('conflict', MANIFEST_MESSAGES.notOpen);
  const header = rows[0]?.cells ?? [];
  const packageCol = header.findIndex(headerNamesPackageNumber);
  const trackingCol = header.findIndex((h) => headerNames('trackingNumber', h));
  if (packageCol === -1 && trackingCol === -1) throw new AppError('bad_request', noHeader);
  if (rows.length - 1 > MANIFEST_IMPORT_MAX_ROWS) throw new AppError('bad_request', MANIFEST_MESSAGES.tooManyRows);
  const cell = (cells: string[], col: number) => (col === -1 ? '' : (cells[col] ?? '').trim());

  type Entry = { row: number; raw: string; ref: string | null; reason?: string };
  const entries: Entry[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of rows.slice(1)) {
    const raw = cell(cells, packageCol) || cell(cells, trackingCol);
    if (!raw) {
      entries.push({ row: line, raw, ref: null, reason: 'No tracking number' });
      continue;
    }
    // The same reading as a scan: our package number (PKG-000009 or pkg000009) or a tracking number.
    const code = classifyScan(raw);
    if (!code || code.kind === 'mailbox') {
      entries.push({ row: line, raw, ref: null, reason: 'Not a tracking number' });
      continue;
    }
    if (seen.has(code.value)) {
      entries.push({ row: line, raw: code.value, ref: null, reason: 'Listed twice in the file' });
      continue;
    }
    seen.add(code.value);
    entries.push({ row: line, raw: code.value, ref: code.value });
  }
  const refs = entries.flatMap((e) => (e.ref ? [e.ref, e.ref.replace(/-/g, '')] : []));
  const found = await findMany(db, row.m.courierId, [...new Set(refs)]);
  const named = new Map<string, Found[]>();
  for (const f of found.sort((a, b) => a.pkg.pieceNumber - b.pkg.pieceNumber)) {
    for (const key of new Set([f.pkg.packageNumber, f.pkg.trackingNumber])) named.set(key, [...(named.get(key) ?? []), f]);
  }

  const report: ImportReport['rows'] = [];
  const toAdd: number[] = [];
  const taken = new Set<number>();
  for (const e of entries) {
    if (!e.ref) {
      report.push({ row: e.row, trackingNumber: e.raw, accepted: false, reason: e.reason });
      continue;
    }
    const pkgs = (named.get(e.ref) ?? named.get(e.ref.replace(/-/g, '')) ?? []).filter((f) => !taken.has(f.pkg.id));
    const first = pkgs[0];
    if (!first) {
      report.push({ row: e.row, trackingNumber: e.ref, accepted: false, reason: 'Not received at the warehouse' });
      continue;
    }
    for (const f of pkgs) taken.add(f.pkg.id);
    const packageNumber = pkgs.map((f) => f.pkg.packageNumber).join(', ');
    if (pkgs.every((f) => f.pkg.manifestId === id)) {
      report.push({ row: e.row, trackingNumber: e.ref, accepted: false, reason: 'Already on this manifest', packageNumber });
      continue;
    }
    const why = pkgs.map((f) => (f.pkg.manifestId === id ? null : refusal(row.m, f.pkg, f.manifestNumber))).find(Boolean);
    if (why) {
      report.push({ row: e.row, trackingNumber: e.ref, accepted: false, reason: why, packageNumber });
      continue;
    }
    toAdd.push(...pkgs.filter((f) => f.pkg.manifestId !== id).map((f) => f.pkg.id));
    report.push({ row: e.row, trackingNumber: e.ref, accepted: true, packageNumber });
  }
  for (let i = 0; i < toAdd.length; i += ADD_BATCH) {
    await putOnManifest(db, row.m.courierId, id, toAdd.slice(i, i + ADD_BATCH));
  }
  const fresh = await findManifest(db, user, id);
  return {
    manifest: toDto(fresh),
    accepted: report.filter((r) => r.accepted).length,
    refused: report.filter((r) => !r.accepted).length,
    rows: report,
  };
}
