import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { dayInZone } from '@courier/shared/domain/datetime';
import { IMPORT_FIELDS, IMPORT_MESSAGES, type ImportMapping, guessMapping, mappingProblems } from '@courier/shared/domain/package-import';
import { formatDecimal } from '@courier/shared/format/money';
import type { InboundPackage } from '@courier/shared/schemas/integrations';
import {
  IMPORT_OUTCOME_LABELS,
  type ImportDetailDto,
  type ImportPreviewDto,
  type ImportRowResult,
  type ImportUploadDto,
  type PackageImportDto,
} from '@courier/shared/schemas/package-imports';
import type { Services } from '../../context';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { importMappings, packageImports } from '../../db/schema/package-imports';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { courierTimeZone } from '../../lib/courier-zone';
import { toCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { readImportFile } from '../../lib/import-file';
import type { AuthUser } from '../../plugins/auth';
import { type PackageForEmail, queueReceivedMessages, type Actor, PackageNoticeBatch, sendPackageNotices } from '../packages/index';
import { writeBatch } from './import-batch.service';
import { countOutcomes, planRows } from './import-rows.service';

/** Rows written per transaction: large enough to be fast, small enough to show progress and hold few locks. */
export const IMPORT_BATCH = 500;

type ImportRecord = typeof packageImports.$inferSelect;
/** Who starts an import: a signed-in admin, or the scheduled pick-up (no person). */
export interface Importer {
  courierId: number;
  user: AuthUser | null;
}

async function rememberedMapping(db: Db, courierId: number): Promise<ImportMapping | null> {
  const [row] = await db.select({ mapping: importMappings.mapping }).from(importMappings).where(eq(importMappings.courierId, courierId));
  return row?.mapping ?? null;
}

async function rememberMapping(db: Db, courierId: number, mapping: ImportMapping): Promise<void> {
  await db
    .insert(importMappings)
    .values({ courierId, mapping })
    .onConflictDoUpdate({ target: importMappings.courierId, set: { mapping, updatedAt: new Date() } });
}

function toDto(r: ImportRecord, createdByName: string | null = null): PackageImportDto {
  return {
    id: r.id,
    source: r.source,
    fileName: r.fileName,
    status: r.status,
    totalRows: r.totalRows,
    processedRows: r.processedRows,
    counts: r.counts ?? null,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    createdByName,
  };
}

/** Stores an uploaded (or picked-up) file's rows and answers the mapping to start from. */
export async function createImport(
  db: Db,
  who: Importer,
  file: { name: string; data: Buffer; source?: 'upload' | 'pickup' },
): Promise<ImportUploadDto> {
  const { headers, rows } = await readImportFile(file.data);
  const mapping = guessMapping(headers, await rememberedMapping(db, who.courierId));
  const [created] = await db
    .insert(packageImports)
    .values({
      courierId: who.courierId,
      source: file.source ?? 'upload',
      fileName: file.name.slice(0, 200) || 'import',
      fileSha256: createHash('sha256').update(file.data).digest('hex'),
      headers,
      rows,
      mapping,
      totalRows: rows.length,
      createdBy: who.user?.kind === 'user' ? who.user.id : null,
    })
    .returning();
  if (!created) throw new Error('Import insert returned nothing');
  return { ...toDto(created), headers, mapping, sample: rows.slice(0, 5).map((r) => r.cells) };
}

async function findImport(db: Db, courierId: number, id: number): Promise<ImportRecord> {
  const [row] = await db
    .select()
    .from(packageImports)
    .where(and(eq(packageImports.id, id), eq(packageImports.courierId, courierId)));
  if (!row) throw new AppError('not_found', IMPORT_MESSAGES.importNotFound);
  return row;
}

async function todayOf(db: Db, courierId: number) {
  const zone = await courierTimeZone(db, courierId);
  return { zone, today: dayInZone(new Date(), zone) };
}

/** Every row checked against the mapping (remembered for the courier's next file); nothing is written but the mapping. */
export async function previewImport(db: Db, courierId: number, id: number, mapping: ImportMapping): Promise<ImportPreviewDto> {
  const imp = await findImport(db, courierId, id);
  const problems = mappingProblems(mapping, imp.headers);
  if (problems.length > 0 || !imp.rows) {
    return { id, mappingProblems: problems, counts: countOutcomes([]), rows: [] };
  }
  const { today } = await todayOf(db, courierId);
  const planned = await planRows(db, courierId, imp.headers, imp.rows, mapping, today);
  await db.update(packageImports).set({ mapping }).where(eq(packageImports.id, id));
  await rememberMapping(db, courierId, mapping);
  const results = planned.map((p) => p.result);
  return { id, mappingProblems: [], counts: countOutcomes(results), rows: results };
}

/**
 * Claims the import for running (once: a second click or a replayed request is refused) and
 * records the mapping. The caller then runs `runImport`, in the background for a person.
 */
export async function claimImport(db: Db, courierId: number, id: number, mapping: ImportMapping): Promise<PackageImportDto> {
  const imp = await findImport(db, courierId, id);
  const problems = mappingProblems(mapping, imp.headers);
  if (problems.length > 0) throw new AppError('bad_request', problems[0] ?? IMPORT_MESSAGES.trackingColumnMissing);
  // A file whose rows were refused (or that stopped) keeps its rows and may run again once fixed.
  const [claimed] = await db
    .update(packageImports)
    .set({ status: 'importing', mapping, processedRows: 0 })
    .where(
      and(
        eq(packageImports.id, id),
        or(eq(packageImports.status, 'uploaded'), and(inArray(packageImports.status, ['done', 'failed']), isNotNull(packageImports.rows))),
      ),
    )
    .returning();
  if (!claimed)
    throw new AppError('conflict', imp.status === 'importing' ? IMPORT_MESSAGES.importRunning : IMPORT_MESSAGES.alreadyImported);
  await rememberMapping(db, courierId, mapping);
  return toDto(claimed);
}

/**
 * Imports a claimed file: rows planned again now, written in batches of IMPORT_BATCH with the
 * progress saved after each, then the per-row report. A failure marks the import failed; the
 * batches already written stay (importing the file again skips them).
 */
export async function runImport(s: Services, who: Importer, id: number): Promise<PackageImportDto> {
  const imp = await findImport(s.db, who.courierId, id);
  if (imp.status !== 'importing' || !imp.rows || !imp.mapping) throw new AppError('conflict', IMPORT_MESSAGES.alreadyImported);
  const actor: Actor = { userId: who.user?.kind === 'user' ? who.user.id : null, branchId: who.user?.branchId ?? null };
  // Each customer hears once per import (push, SMS, WhatsApp), however many packages are theirs.
  const written: PackageForEmail[] = [];
  // And once for the invoices of all their parcels this import holds.
  const notices = new PackageNoticeBatch();
  try {
    const { zone, today } = await todayOf(s.db, who.courierId);
    const [courier] = await s.db.select({ requireInvoice: couriers.requireInvoice }).from(couriers).where(eq(couriers.id, who.courierId));
    const planned = await planRows(s.db, who.courierId, imp.headers, imp.rows, imp.mapping, today);
    const toWrite = planned.filter((p) => p.result.outcome === 'received' || p.result.outcome === 'unknown');
    let processed = planned.length - toWrite.length;
    await s.db.update(packageImports).set({ processedRows: processed }).where(eq(packageImports.id, id));
    for (let i = 0; i < toWrite.length; i += IMPORT_BATCH) {
      const batch = toWrite.slice(i, i + IMPORT_BATCH);
      written.push(
        ...(await writeBatch(s, who.courierId, batch, actor, {
          today,
          zone,
          requireInvoice: courier?.requireInvoice ?? false,
          notices,
        })),
      );
      processed += batch.length;
      await s.db.update(packageImports).set({ processedRows: processed }).where(eq(packageImports.id, id));
    }
    const report = planned.map((p) => p.result);
    const counts = countOutcomes(report);
    const [done] = await s.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await audit(tx, {
        courierId: who.courierId,
        actor: who.user,
        action: 'package.imported',
        entity: 'package_import',
        entityId: id,
        details: { fileName: imp.fileName, source: imp.source, rows: imp.totalRows, ...counts },
      });
      await queueReceivedMessages(tx, written);
      await sendPackageNotices(tx, s.mailer, notices);
      // The rows have served, unless some were refused (the import may run again); the report stays.
      return tx
        .update(packageImports)
        .set({
          status: 'done',
          counts,
          report,
          rows: counts.invalid > 0 ? imp.rows : null,
          error: null,
          processedRows: imp.totalRows,
          finishedAt: new Date(),
        })
        .where(eq(packageImports.id, id))
        .returning();
    });
    if (!done) throw new Error('Import vanished');
    return toDto(done);
  } catch (error) {
    const message =
      error instanceof AppError
        ? error.message
        : 'The import stopped on an error; the rows written so far stay. Upload the file again to import the rest.';
    // The packages written so far stay, so their customers still hear of them.
    await queueReceivedMessages(s.db, written).catch(() => {});
    await sendPackageNotices(s.db, s.mailer, notices).catch(() => {});
    await s.db.update(packageImports).set({ status: 'failed', error: message, finishedAt: new Date() }).where(eq(packageImports.id, id));
    throw error;
  }
}

export async function getImport(db: Db, courierId: number, id: number): Promise<ImportDetailDto> {
  const imp = await findImport(db, courierId, id);
  const name = await creatorName(db, imp.createdBy);
  const refusedRows = new Set((imp.report ?? []).filter((r) => r.outcome === 'invalid').map((r) => r.row));
  const refused = imp.status === 'done' ? (imp.rows ?? []).filter((r) => refusedRows.has(r.row)) : [];
  return { ...toDto(imp, name), rows: imp.report ?? [], headers: imp.headers, refused };
}

const userName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

async function creatorName(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [u] = await db.select({ name: userName }).from(users).where(eq(users.id, userId));
  return u?.name ?? null;
}

/** The courier's latest imports, newest first. */
export async function listImports(db: Db, courierId: number): Promise<PackageImportDto[]> {
  const rows = await db
    .select({ imp: packageImports, name: userName })
    .from(packageImports)
    .leftJoin(users, eq(users.id, packageImports.createdBy))
    .where(eq(packageImports.courierId, courierId))
    .orderBy(desc(packageImports.createdAt), desc(packageImports.id))
    .limit(50);
  // The list never carries the rows or the report: those can be thousands.
  return rows.map((r) => toDto(r.imp, r.name));
}

/** The per-row report as CSV: what happened to each row of the file, and why. */
export async function importReportCsv(db: Db, courierId: number, id: number): Promise<{ name: string; csv: string }> {
  const imp = await findImport(db, courierId, id);
  const report: ImportRowResult[] = imp.report ?? [];
  const csv = await toCsv(
    ['Row', 'Tracking number', 'Result', 'Package', 'Customer', 'Pre-alert matched', 'Messages'],
    report.map((r) => [
      r.row,
      r.trackingNumber,
      IMPORT_OUTCOME_LABELS[r.outcome],
      r.packageNumber,
      r.customer,
      r.preAlertMatched ? 'Yes' : 'No',
      r.messages.join('; '),
    ]),
  );
  const base = imp.fileName.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '-');
  return { name: `${base}-report.csv`, csv };
}

/** The same as a file's row, for a parcel the inbound API received as JSON. */
const API_MAPPING = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, f])) as ImportMapping;
const API_HEADERS: string[] = [...IMPORT_FIELDS];
const cell = (v: string | number | undefined) => (v === undefined ? '' : String(v));

/**
 * Parcels sent by the inbound API: the same checks, customer and pre-alert matching and batched
 * writes as a file's rows (a tracking number already received is reported, never doubled).
 */
export async function receiveRecords(s: Services, who: Importer, records: InboundPackage[]) {
  const rows = records.map((r, i) => ({
    row: i + 1,
    cells: API_HEADERS.map((h) => {
      if (h === 'valueUsd') return r.declaredValueUsdCents === undefined ? '' : formatDecimal(r.declaredValueUsdCents);
      if (h === 'dimensions') return '';
      return cell(r[h as keyof InboundPackage]);
    }),
  }));
  const { zone, today } = await todayOf(s.db, who.courierId);
  const [courier] = await s.db.select({ requireInvoice: couriers.requireInvoice }).from(couriers).where(eq(couriers.id, who.courierId));
  const planned = await planRows(s.db, who.courierId, API_HEADERS, rows, API_MAPPING, today);
  const toWrite = planned.filter((p) => p.result.outcome === 'received' || p.result.outcome === 'unknown');
  const actor: Actor = { userId: null, branchId: null };
  const written: PackageForEmail[] = [];
  const notices = new PackageNoticeBatch();
  for (let i = 0; i < toWrite.length; i += IMPORT_BATCH) {
    written.push(
      ...(await writeBatch(s, who.courierId, toWrite.slice(i, i + IMPORT_BATCH), actor, {
        today,
        zone,
        requireInvoice: courier?.requireInvoice ?? false,
        notices,
      })),
    );
  }
  await queueReceivedMessages(s.db, written);
  await sendPackageNotices(s.db, s.mailer, notices);
  return planned.map((p) => ({
    trackingNumber: p.result.trackingNumber,
    outcome: p.result.outcome,
    packageId: p.packageId ?? null,
    packageNumber: p.result.packageNumber,
    customer: p.result.customer,
    preAlertMatched: p.result.preAlertMatched && p.packageId !== undefined,
    messages: p.result.messages,
  }));
}
