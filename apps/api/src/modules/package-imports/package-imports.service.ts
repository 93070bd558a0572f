import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recogniseCarrier } from '@courier/shared/domain/carrier';
import { dayBoundsInZone, dayInZone } from '@courier/shared/domain/datetime';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportMapping,
  guessMapping,
  mappingProblems,
} from '@courier/shared/domain/package-import';
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
import { reserveCounters } from '../../db/counters';
import { couriers } from '../../db/schema/couriers';
import { importMappings, packageImports } from '../../db/schema/package-imports';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { courierTimeZone } from '../../lib/courier-zone';
import { parseCsv, toCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { looksLikeXlsx, readWorkbookRows } from '../../lib/xlsx';
import type { AuthUser } from '../../plugins/auth';
import { type PackageForEmail, enqueueReceivedEmails, queueReceivedMessages } from '../packages/package-emails.service';
import { invoiceHoldReason } from '../packages/package-holds.service';
import { packageNumberOf } from '../packages/package-receiving.service';
import { type Actor, transitionPackage } from '../packages/package-status.service';
import { type PlannedRow, countOutcomes, planRows } from './import-rows.service';
import { enqueueWebhookEvents } from '../../lib/webhooks';

/** Rows written per transaction: large enough to be fast, small enough to show progress and hold few locks. */
export const IMPORT_BATCH = 500;

type ImportRecord = typeof packageImports.$inferSelect;
/** Who starts an import: a signed-in admin, or the scheduled pick-up (no person). */
export interface Importer {
  courierId: number;
  user: AuthUser | null;
}

/** A warehouse file's headers and rows, from CSV text or an Excel workbook (decided by its bytes). */
export async function readImportFile(data: Buffer): Promise<{ headers: string[]; rows: Array<{ row: number; cells: string[] }> }> {
  let records: Array<{ line: number; cells: string[] }>;
  if (looksLikeXlsx(data)) {
    const rows = await readWorkbookRows(data, { maxRows: IMPORT_MAX_ROWS, tooLarge: IMPORT_MESSAGES.tooManyRows(IMPORT_MAX_ROWS) });
    if (!rows) throw new AppError('unsupported_media_type', IMPORT_MESSAGES.notReadable);
    records = rows;
  } else {
    const text = new TextDecoder('utf-8').decode(data);
    if (data.includes(0) || text.includes('\uFFFD')) throw new AppError('unsupported_media_type', IMPORT_MESSAGES.notReadable);
    records = await parseCsv(text);
  }
  const [head, ...body] = records;
  if (!head || body.length === 0) throw new AppError('bad_request', IMPORT_MESSAGES.noRows);
  if (body.length > IMPORT_MAX_ROWS) throw new AppError('bad_request', IMPORT_MESSAGES.tooManyRows(IMPORT_MAX_ROWS));
  // Blank or repeated headers get a name of their own, so each column can be chosen.
  const seen = new Map<string, number>();
  const headers = head.cells.map((h, i) => {
    const base = h.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
  return { headers, rows: body.map((r) => ({ row: r.line, cells: r.cells.map((c) => c.trim()) })) };
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
  const [claimed] = await db
    .update(packageImports)
    .set({ status: 'importing', mapping, processedRows: 0 })
    .where(and(eq(packageImports.id, id), eq(packageImports.status, 'uploaded')))
    .returning();
  if (!claimed)
    throw new AppError('conflict', imp.status === 'importing' ? IMPORT_MESSAGES.importRunning : IMPORT_MESSAGES.alreadyImported);
  await rememberMapping(db, courierId, mapping);
  return toDto(claimed);
}

/** The received date the agent wrote, at midday in the courier's zone; today's (or none) is now. */
function receivedAtOf(day: string | null, today: string, zone: string): Date {
  if (!day || day === today) return new Date();
  return new Date(dayBoundsInZone(day, zone).start.getTime() + 12 * 3600_000);
}

/**
 * Writes one batch in one transaction: package numbers reserved together, packages inserted
 * together (a tracking number received meanwhile is skipped by the unique index, never doubled),
 * events, matched pre-alerts, invoice holds and the customers' e-mails and feed entries. Returns the
 * packages written; the caller queues their push and text notices once the whole import is done.
 */
async function writeBatch(
  s: Services,
  courierId: number,
  batch: PlannedRow[],
  actor: Actor,
  ctx: { today: string; zone: string; requireInvoice: boolean },
): Promise<PackageForEmail[]> {
  return s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const first = await reserveCounters(tx, courierId, 'package', batch.length);
    const inserted = await tx
      .insert(packages)
      .values(
        batch.map((p, i) => {
          const v = p.values as NonNullable<PlannedRow['values']>;
          return {
            courierId,
            packageNumber: packageNumberOf(first + i),
            trackingNumber: v.trackingNumber,
            carrier: recogniseCarrier(v.trackingNumber),
            customerId: p.customer?.id ?? null,
            branchId: p.customer?.branchId ?? null,
            preAlertId: p.preAlert?.id ?? null,
            status: p.customer ? ('received' as const) : ('unknown' as const),
            weightLb: v.weightLb,
            lengthIn: v.lengthIn,
            widthIn: v.widthIn,
            heightIn: v.heightIn,
            declaredValueUsdCents: v.declaredValueUsdCents ?? p.preAlert?.declaredValueUsdCents ?? null,
            description: v.description || p.preAlert?.description || null,
            merchant: v.merchant || p.preAlert?.merchant || null,
            receivedAt: receivedAtOf(v.receivedDate, ctx.today, ctx.zone),
            receivedBy: actor.userId,
          };
        }),
      )
      .onConflictDoNothing()
      .returning();
    const byTracking = new Map(inserted.map((p) => [p.trackingNumber, p]));
    const planOf = new Map(batch.map((b) => [b.values?.trackingNumber ?? '', b]));
    if (inserted.length > 0) {
      await tx.insert(packageEvents).values(
        inserted.map((pkg) => {
          const plan = planOf.get(pkg.trackingNumber);
          const pieces = plan?.values?.pieces;
          const note = [
            'Received at the Miami warehouse (imported from the agent’s file)',
            pieces && pieces > 1 ? `${pieces} pieces` : null,
            plan?.preAlert ? `pre-alert matched${plan.preAlert.invoicePath ? '' : ' (invoice missing)'}` : null,
            plan?.unknownNote ?? (pkg.customerId ? null : 'no customer in the file'),
          ]
            .filter(Boolean)
            .join('; ');
          return {
            courierId,
            packageId: pkg.id,
            status: pkg.status,
            fromStatus: null,
            userId: actor.userId,
            branchId: actor.branchId,
            note,
          };
        }),
      );
    }
    const matched = batch.flatMap((b) => (b.preAlert && byTracking.has(b.values?.trackingNumber ?? '') ? [b.preAlert.id] : []));
    if (matched.length > 0) {
      await tx.update(preAlerts).set({ status: 'received', updatedAt: new Date() }).where(inArray(preAlerts.id, matched));
    }
    await enqueueReceivedEmails(tx, s.mailer, inserted, { messages: false });
    await enqueueWebhookEvents(
      tx,
      courierId,
      'package.received',
      inserted.map((p) => ({
        id: p.id,
        packageNumber: p.packageNumber,
        trackingNumber: p.trackingNumber,
        status: p.status,
        customerId: p.customerId,
        preAlertMatched: p.preAlertId !== null,
      })),
    );
    for (const plan of batch) {
      const pkg = byTracking.get(plan.values?.trackingNumber ?? '');
      if (!pkg) {
        // Received by someone else between the check and this write: reported, not doubled.
        const [other] = await tx
          .select({ packageNumber: packages.packageNumber })
          .from(packages)
          .where(
            and(
              eq(packages.courierId, courierId),
              eq(packages.trackingNumber, plan.values?.trackingNumber ?? ''),
              isNull(packages.voidedAt),
            ),
          );
        plan.result = {
          ...plan.result,
          outcome: 'already_received',
          customer: null,
          preAlertMatched: false,
          packageNumber: other?.packageNumber ?? null,
          messages: [IMPORT_MESSAGES.alreadyReceived(other?.packageNumber ?? '')],
        };
        continue;
      }
      plan.result = { ...plan.result, packageNumber: pkg.packageNumber };
      plan.packageId = pkg.id;
      if (!pkg.customerId) continue;
      // Customs needs the merchant invoice: without it the package waits at the warehouse.
      const holdReason = plan.preAlert
        ? await invoiceHoldReason(tx, courierId, plan.preAlert)
        : ctx.requireInvoice
          ? await invoiceHoldReason(tx, courierId, undefined)
          : null;
      if (holdReason) await transitionPackage(tx, s.mailer, pkg, 'on_hold', actor, { note: holdReason, holdReason });
    }
    return inserted;
  });
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
        ...(await writeBatch(s, who.courierId, batch, actor, { today, zone, requireInvoice: courier?.requireInvoice ?? false })),
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
      // The rows have served; the report is what stays.
      return tx
        .update(packageImports)
        .set({ status: 'done', counts, report, rows: null, processedRows: imp.totalRows, finishedAt: new Date() })
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
    await s.db.update(packageImports).set({ status: 'failed', error: message, finishedAt: new Date() }).where(eq(packageImports.id, id));
    throw error;
  }
}

export async function getImport(db: Db, courierId: number, id: number): Promise<ImportDetailDto> {
  const imp = await findImport(db, courierId, id);
  const name = await creatorName(db, imp.createdBy);
  return { ...toDto(imp, name), rows: imp.report ?? [] };
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
  for (let i = 0; i < toWrite.length; i += IMPORT_BATCH) {
    written.push(
      ...(await writeBatch(s, who.courierId, toWrite.slice(i, i + IMPORT_BATCH), actor, {
        today,
        zone,
        requireInvoice: courier?.requireInvoice ?? false,
      })),
    );
  }
  await queueReceivedMessages(s.db, written);
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
