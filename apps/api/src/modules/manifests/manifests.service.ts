import { type SQL, and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { MANIFEST_STATUSES, PACKAGE_STATUS_LABELS, SHIPPING_MODES } from '@courier/shared/constants/packages';
import { SCAN_MESSAGES, classifyScan } from '@courier/shared/domain/scan';
import type { Page } from '@courier/shared/schemas/common';
import {
  DEPARTURE_IN_FUTURE_CODE,
  type ImportReport,
  MANIFEST_IMPORT_MAX_ROWS,
  MANIFEST_MESSAGES,
  type ManifestDetail,
  type ManifestDto,
  type Reconciliation,
  type createManifestSchema,
  type manifestListQuerySchema,
  type updateManifestSchema,
} from '@courier/shared/schemas/manifests';
import type { z } from 'zod';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { manifestScans } from '../../db/schema/manifest-scans';
import { manifests } from '../../db/schema/manifests';
import { packages } from '../../db/schema/packages';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { AuthUser } from '../../plugins/auth';
import { invoiceReadyPackages, packagesOnLiveInvoice } from '../invoices/automatic-billing.service';
import { dayInZone } from '@courier/shared/domain/datetime';
import { courierTimeZone } from '../../lib/courier-zone';
import { notify } from '../notifications/notify';
import { selectPackages, toPackageDto } from '../packages/package-rows';
import { actorOf, transitionPackage, writeEvent } from '../packages/package-status.service';
import { type Services, listScope, recordScope } from '../packages/packages.service';
import { resolveScan } from '../packages/scan-resolver.service';
import { parseCsv } from './csv';

const pieces = sql<number>`(select count(*)::int from ${packages} p where p.manifest_id = ${manifests.id} and p.courier_id = ${manifests.courierId})`;
const weight = sql<string>`(select coalesce(sum(p.weight_lb), 0) from ${packages} p where p.manifest_id = ${manifests.id} and p.courier_id = ${manifests.courierId})`;

function select(db: Db) {
  return db
    .select({ m: manifests, courierName: couriers.name, branchName: branches.name, pieces, weight })
    .from(manifests)
    .innerJoin(couriers, eq(couriers.id, manifests.courierId))
    .leftJoin(branches, eq(branches.id, manifests.branchId));
}
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
type ManifestRecord = typeof manifests.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toDto = (r: Row): ManifestDto => ({
  id: r.m.id,
  courierId: r.m.courierId,
  courierName: r.courierName,
  manifestNumber: r.m.manifestNumber,
  type: r.m.type,
  mawbOrBl: r.m.mawbOrBl,
  flightOrVessel: r.m.flightOrVessel,
  departureDate: r.m.departureDate,
  arrivalDate: r.m.arrivalDate,
  branchId: r.m.branchId,
  branchName: r.branchName,
  status: r.m.status,
  pieces: Number(r.pieces),
  weightLb: Number(r.weight),
  missingCount: r.m.missingCount,
  extraCount: r.m.extraCount,
  discrepancyNote: r.m.discrepancyNote,
  reconciliationNote: r.m.reconciliationNote,
  shippedAt: iso(r.m.shippedAt),
  arrivedAt: iso(r.m.arrivedAt),
  reconciledAt: iso(r.m.reconciledAt),
  createdAt: r.m.createdAt.toISOString(),
});

async function findManifest(db: Db, user: AuthUser, id: number): Promise<Row> {
  const courierId = recordScope(user);
  const [row] = await select(db)
    .where(and(eq(manifests.id, id), courierId === null ? undefined : eq(manifests.courierId, courierId)))
    .limit(1);
  if (!row) throw new AppError('not_found', MANIFEST_MESSAGES.notFound);
  return row;
}

export async function getManifest(db: Db, user: AuthUser, id: number): Promise<ManifestDetail> {
  const row = await findManifest(db, user, id);
  const pkgs = await selectPackages(db)
    .where(and(eq(packages.courierId, row.m.courierId), eq(packages.manifestId, id)))
    .orderBy(asc(packages.packageNumber));
  return { ...toDto(row), packages: pkgs.map(toPackageDto) };
}

const spec: ListSpec = {
  sortable: {
    manifestNumber: manifests.manifestNumber,
    type: manifests.type,
    status: manifests.status,
    departureDate: manifests.departureDate,
    arrivalDate: manifests.arrivalDate,
    createdAt: manifests.createdAt,
    pieces,
  },
  searchable: [manifests.manifestNumber, manifests.mawbOrBl, manifests.flightOrVessel],
  filterable: {
    status: { column: manifests.status, kind: 'oneOf', values: MANIFEST_STATUSES },
    type: { column: manifests.type, kind: 'oneOf', values: SHIPPING_MODES },
    branchId: { column: manifests.branchId, kind: 'number' },
  },
  defaultSort: { column: manifests.createdAt, order: 'desc' },
  tieBreaker: manifests.id,
};

export function listManifests(
  db: Db,
  user: AuthUser,
  query: z.output<typeof manifestListQuerySchema>,
  extra: SQL[] = [],
): Promise<Page<ManifestDto>> {
  const scope = listScope(user, query.courierId);
  const clauses = listClauses(query, spec, [scope === null ? undefined : eq(manifests.courierId, scope), ...extra]);
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await select(db)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map(toDto),
    count: async (where) => {
      const [r] = await db.select({ n: count() }).from(manifests).where(where);
      return r?.n ?? 0;
    },
  });
}

async function checkBranch(db: Db, courierId: number, branchId: number | undefined) {
  if (branchId === undefined) return;
  const [b] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.courierId, courierId)));
  if (!b) throw new AppError('not_found', 'Branch not found');
}

function checkDates(departure?: string | null, arrival?: string | null) {
  if (departure && arrival && arrival < departure) throw new AppError('bad_request', MANIFEST_MESSAGES.dateOrder);
}

export async function createManifest(db: Db, user: AuthUser, input: z.output<typeof createManifestSchema>): Promise<ManifestDetail> {
  const courierId = listScope(user);
  if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
  await checkBranch(db, courierId, input.branchId);
  checkDates(input.departureDate, input.arrivalDate);
  const n = await nextCounter(db, courierId, 'manifest');
  const [created] = await db
    .insert(manifests)
    .values({
      courierId,
      manifestNumber: `MAN-${String(n).padStart(6, '0')}`,
      type: input.type,
      mawbOrBl: input.mawbOrBl || null,
      flightOrVessel: input.flightOrVessel || null,
      departureDate: input.departureDate ?? null,
      arrivalDate: input.arrivalDate ?? null,
      branchId: input.branchId ?? user.branchId,
      createdBy: user.kind === 'user' ? user.id : null,
    })
    .returning({ id: manifests.id });
  if (!created) throw new Error('Manifest insert returned nothing');
  return getManifest(db, user, created.id);
}

export async function updateManifest(
  db: Db,
  user: AuthUser,
  id: number,
  input: z.output<typeof updateManifestSchema>,
): Promise<ManifestDetail> {
  const row = await findManifest(db, user, id);
  // Transport details may be corrected until the manifest arrives; contents only while open.
  if (row.m.status === 'arrived' || row.m.status === 'reconciled') throw new AppError('conflict', MANIFEST_MESSAGES.notEditable);
  await checkBranch(db, row.m.courierId, input.branchId);
  checkDates(
    input.departureDate === undefined ? row.m.departureDate : input.departureDate,
    input.arrivalDate === undefined ? row.m.arrivalDate : input.arrivalDate,
  );
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ['mawbOrBl', 'flightOrVessel', 'departureDate', 'arrivalDate', 'branchId'] as const) {
    const to = input[key] === '' ? null : input[key];
    if (to !== undefined && to !== row.m[key]) changes[key] = { from: row.m[key], to };
  }
  if (Object.keys(changes).length === 0) return getManifest(db, user, id);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(manifests)
      .set({ ...Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.to])), updatedAt: new Date() })
      .where(eq(manifests.id, id));
    await audit(tx, {
      courierId: row.m.courierId,
      actor: user,
      action: 'manifest.corrected',
      entity: 'manifest',
      entityId: row.m.manifestNumber,
      details: { changes },
    });
  });
  return getManifest(db, user, id);
}

/** Why a package may not go on this manifest, or null when it may. */
function refusal(m: ManifestRecord, pkg: typeof packages.$inferSelect, otherManifest: string | null): string | null {
  if (pkg.voidedAt) return `${pkg.packageNumber}: ${PACKAGE_MESSAGES.isVoided}`;
  if (pkg.manifestId !== null) return MANIFEST_MESSAGES.packageOtherManifest(pkg.packageNumber, otherManifest ?? m.manifestNumber);
  if (pkg.status === 'on_hold' && pkg.holdReason) return MANIFEST_MESSAGES.packageOnHold(pkg.packageNumber, pkg.holdReason);
  if (pkg.status !== 'received') return MANIFEST_MESSAGES.packageNotReceived(pkg.packageNumber, PACKAGE_STATUS_LABELS[pkg.status]);
  if (pkg.mode !== m.type) return MANIFEST_MESSAGES.packageWrongMode(pkg.packageNumber, pkg.mode);
  return null;
}

/** The package a scan or a file's cell names (package number or tracking number), within the courier. */
async function findByRef(db: Db, courierId: number, ref: string) {
  return (await resolveScan(db, courierId, ref)).pkg ?? undefined;
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
    const found = await findByRef(db, row.m.courierId, input.scan);
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
  const found = await findByRef(db, row.m.courierId, scan);
  if (!found) throw new AppError('not_found', MANIFEST_MESSAGES.packageNotFound(classifyScan(scan)?.value ?? scan));
  return removePackage(db, user, id, found.pkg.id);
}

export async function closeManifest(db: Db, user: AuthUser, id: number): Promise<ManifestDetail> {
  const row = await findManifest(db, user, id);
  if (row.m.status !== 'open') throw new AppError('conflict', MANIFEST_MESSAGES.notOpen);
  if (Number(row.pieces) === 0) throw new AppError('conflict', MANIFEST_MESSAGES.empty);
  await db.update(manifests).set({ status: 'closed', closedAt: new Date(), updatedAt: new Date() }).where(eq(manifests.id, id));
  return getManifest(db, user, id);
}

/** Shipping moves every package to in transit and e-mails each customer, all or nothing. */
export async function shipManifest(
  s: Services,
  user: AuthUser,
  id: number,
  options: { moveDepartureToToday?: boolean; note?: string } = {},
  now = new Date(),
): Promise<ManifestDetail> {
  const row = await findManifest(s.db, user, id);
  if (row.m.status !== 'closed') throw new AppError('conflict', MANIFEST_MESSAGES.notClosed);
  // Dates are the courier's (its time zone): a manifest does not leave before the day it departs.
  const today = dayInZone(now, await courierTimeZone(s.db, row.m.courierId));
  const early = row.m.departureDate !== null && row.m.departureDate > today;
  if (early && !options.moveDepartureToToday) {
    throw new AppError(
      'conflict',
      MANIFEST_MESSAGES.departureInFuture(row.m.manifestNumber, row.m.departureDate as string),
      undefined,
      DEPARTURE_IN_FUTURE_CODE,
    );
  }
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (early) {
      await tx.update(manifests).set({ departureDate: today, updatedAt: new Date() }).where(eq(manifests.id, id));
      await audit(tx, {
        courierId: row.m.courierId,
        actor: user,
        action: 'manifest.departure_moved',
        entity: 'manifest',
        entityId: row.m.manifestNumber,
        details: { from: row.m.departureDate, to: today, note: options.note ?? null },
      });
    }
    const pkgs = await tx
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, row.m.courierId), eq(packages.manifestId, id)));
    for (const pkg of pkgs) {
      await transitionPackage(tx, s.mailer, pkg, 'in_transit', actorOf(user), {
        note: `Shipped on ${row.m.manifestNumber}${row.m.flightOrVessel ? ` (${row.m.flightOrVessel})` : ''}${
          early
            ? `; ${MANIFEST_MESSAGES.departureMoved(row.m.departureDate as string, today)}${options.note ? `: ${options.note}` : ''}`
            : ''
        }`,
        manifestNumber: row.m.manifestNumber,
      });
    }
    await tx.update(manifests).set({ status: 'shipped', shippedAt: new Date(), updatedAt: new Date() }).where(eq(manifests.id, id));
  });
  return getManifest(s.db, user, id);
}

export async function arriveManifest(db: Db, user: AuthUser, id: number): Promise<ManifestDetail> {
  const row = await findManifest(db, user, id);
  if (row.m.status !== 'shipped') throw new AppError('conflict', MANIFEST_MESSAGES.notShipped);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(manifests)
      .set({
        status: 'arrived',
        arrivedAt: new Date(),
        arrivalDate: row.m.arrivalDate ?? new Date().toISOString().slice(0, 10),
        updatedAt: new Date(),
      })
      .where(eq(manifests.id, id));
    await notify(tx, {
      courierId: row.m.courierId,
      type: 'manifest_arrived',
      title: `Manifest ${row.m.manifestNumber} arrived`,
      body: `${row.pieces} pieces, ${Number(row.weight).toFixed(2)} lb: ready to reconcile`,
      target: { kind: 'manifest', ref: String(row.m.id) },
    });
  });
  return getManifest(db, user, id);
}

// Reconciliation -----------------------------------------------------------------------------

export async function reconciliation(db: Db, user: AuthUser, id: number): Promise<Reconciliation> {
  const row = await findManifest(db, user, id);
  const onManifest = await selectPackages(db)
    .where(and(eq(packages.courierId, row.m.courierId), eq(packages.manifestId, id)))
    .orderBy(asc(packages.packageNumber));
  const scans = await db
    .select()
    .from(manifestScans)
    .where(and(eq(manifestScans.courierId, row.m.courierId), eq(manifestScans.manifestId, id)))
    .orderBy(asc(manifestScans.createdAt));
  const scanned = new Set(scans.filter((s) => s.result === 'expected').map((s) => s.packageId));
  // An extra that is a package of ours is shown as that package, with where it is now.
  const extraIds = scans.flatMap((s) => (s.result === 'extra' && s.packageId !== null ? [s.packageId] : []));
  const ours = new Map(
    extraIds.length === 0
      ? []
      : (await selectPackages(db).where(and(eq(packages.courierId, row.m.courierId), inArray(packages.id, extraIds)))).map((p) => [
          p.pkg.id,
          p,
        ]),
  );
  const line = (p: (typeof onManifest)[number]) => ({
    packageId: p.pkg.id,
    packageNumber: p.pkg.packageNumber,
    trackingNumber: p.pkg.trackingNumber,
    customerName: p.customerName,
    status: p.pkg.status,
    manifestNumber: p.manifestNumber,
  });
  return {
    manifest: toDto(row),
    expected: onManifest.map(line),
    received: onManifest.filter((p) => scanned.has(p.pkg.id)).map(line),
    missing: onManifest.filter((p) => !scanned.has(p.pkg.id)).map(line),
    extra: scans
      .filter((s) => s.result === 'extra')
      .map((s) => {
        const known = s.packageId === null ? undefined : ours.get(s.packageId);
        return known
          ? line(known)
          : {
              packageId: null,
              packageNumber: null,
              trackingNumber: s.trackingNumber,
              customerName: null,
              status: null,
              manifestNumber: null,
            };
      }),
  };
}

/** What the person hears about an extra: ours says where it should be, a stranger is just recorded. */
function extraMessage(
  manifestNumber: string,
  key: string,
  found: { pkg: { packageNumber: string; status: string }; manifestNumber: string | null } | undefined,
) {
  if (!found) return `${key} is not on ${manifestNumber}: recorded as extra`;
  const where = found.manifestNumber ? `on ${found.manifestNumber}` : 'on no manifest';
  const status = PACKAGE_STATUS_LABELS[found.pkg.status as keyof typeof PACKAGE_STATUS_LABELS] ?? found.pkg.status;
  return `${found.pkg.packageNumber} is not on ${manifestNumber} (it is ${where}, ${status}): recorded as extra`;
}

/** A scan at the branch: a package of the manifest is received (at customs), anything else is extra. */
export async function reconciliationScan(s: Services, user: AuthUser, id: number, ref: string) {
  const row = await findManifest(s.db, user, id);
  if (row.m.status !== 'arrived') throw new AppError('conflict', MANIFEST_MESSAGES.notArrived);
  const resolved = await resolveScan(s.db, row.m.courierId, ref);
  if (!resolved.code) throw new AppError('bad_request', SCAN_MESSAGES.unreadable);
  if (resolved.customer) throw new AppError('bad_request', SCAN_MESSAGES.notAPackage(resolved.code.value));
  const found = resolved.pkg ?? undefined;
  const onThis = found?.pkg.manifestId === id;
  const key = found ? found.pkg.trackingNumber : resolved.code.value;
  const [dup] = await s.db
    .select({ id: manifestScans.id })
    .from(manifestScans)
    .where(and(eq(manifestScans.courierId, row.m.courierId), eq(manifestScans.manifestId, id), eq(manifestScans.trackingNumber, key)));
  if (dup) throw new AppError('conflict', MANIFEST_MESSAGES.alreadyScanned(key));
  const actor = actorOf(user);
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.insert(manifestScans).values({
      courierId: row.m.courierId,
      manifestId: id,
      packageId: found?.pkg.id ?? null,
      trackingNumber: key,
      result: onThis ? 'expected' : 'extra',
      scannedBy: actor.userId,
      branchId: actor.branchId ?? row.m.branchId,
    });
    if (found && onThis && found.pkg.status === 'in_transit') {
      await transitionPackage(tx, s.mailer, found.pkg, 'at_customs', actor, { note: `Arrived on ${row.m.manifestNumber}; with customs` });
    }
  });
  return {
    result: onThis ? ('expected' as const) : ('extra' as const),
    message: onThis ? `${found?.pkg.packageNumber} received` : extraMessage(row.m.manifestNumber, key, found),
    reconciliation: await reconciliation(s.db, user, id),
  };
}

export async function closeReconciliation(db: Db, user: AuthUser, id: number, note?: string): Promise<Reconciliation> {
  const current = await reconciliation(db, user, id);
  if (current.manifest.status !== 'arrived') throw new AppError('conflict', MANIFEST_MESSAGES.notArrived);
  const lines = [
    current.missing.length > 0 ? `Missing: ${current.missing.map((m) => m.packageNumber).join(', ')}` : null,
    current.extra.length > 0 ? `Extra: ${current.extra.map((e) => e.packageNumber ?? e.trackingNumber).join(', ')}` : null,
  ].filter(Boolean);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(manifests)
      .set({
        status: 'reconciled',
        reconciledAt: new Date(),
        missingCount: current.missing.length,
        extraCount: current.extra.length,
        discrepancyNote: lines.length > 0 ? lines.join('\n') : null,
        reconciliationNote: note || null,
        updatedAt: new Date(),
      })
      .where(eq(manifests.id, id));
    // Missing packages keep their status; the timeline says they did not arrive.
    for (const m of current.missing) {
      if (m.packageId === null || m.status === null) continue;
      await writeEvent(tx, {
        courierId: current.manifest.courierId,
        packageId: m.packageId,
        status: m.status as typeof packages.$inferSelect.status,
        fromStatus: m.status as typeof packages.$inferSelect.status,
        actor: actorOf(user),
        note: `Missing when ${current.manifest.manifestNumber} was reconciled`,
      });
    }
  });
  return reconciliation(db, user, id);
}

/**
 * After customs: every package of the manifest cleared at customs becomes ready for pickup, and in
 * the same transaction each customer gets one invoice for their newly ready packages; its e-mail
 * (ready at the branch, amount due) replaces the separate "ready" e-mail.
 */
export async function makeReady(s: Services, user: AuthUser, id: number): Promise<ManifestDetail> {
  const row = await findManifest(s.db, user, id);
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const pkgs = await tx
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, row.m.courierId), eq(packages.manifestId, id), eq(packages.status, 'at_customs')));
    const alreadyInvoiced = await packagesOnLiveInvoice(
      tx,
      row.m.courierId,
      pkgs.map((p) => p.id),
    );
    for (const pkg of pkgs) {
      const invoiceNow = pkg.customerId !== null && !alreadyInvoiced.has(pkg.id);
      await transitionPackage(tx, s.mailer, pkg, 'ready_for_pickup', actorOf(user), { note: 'Cleared customs', skipEmail: invoiceNow });
    }
    await invoiceReadyPackages({
      db: tx,
      mailer: s.mailer,
      courierId: row.m.courierId,
      packageIds: pkgs.map((p) => p.id),
    });
  });
  return getManifest(s.db, user, id);
}

// Export and import ---------------------------------------------------------------------------

export async function importCsv(db: Db, user: AuthUser, id: number, text: string): Promise<ImportReport> {
  return importRows(db, user, id, parseCsv(text.replace(/^\uFEFF/, '')), MANIFEST_MESSAGES.csvNoHeader);
}

/**
 * Adds the packages a warehouse file lists (CSV or the first sheet of a workbook; a
 * `tracking_number` column, `package_number` also works) to an open manifest, row by row: each
 * row is accepted or refused with its reason.
 */
export async function importRows(db: Db, user: AuthUser, id: number, rows: string[][], noHeader: string): Promise<ImportReport> {
  const row = await findManifest(db, user, id);
  if (row.m.status !== 'open') throw new AppError('conflict', MANIFEST_MESSAGES.notOpen);
  const header = (rows[0] ?? []).map((h) =>
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
  for (const [i, cells] of rows.slice(1).entries()) {
    const rowNumber = i + 2;
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
