import { type SQL, and, asc, count, eq, sql } from 'drizzle-orm';
import { MANIFEST_STATUSES, SHIPPING_MODES } from '@courier/shared/constants/packages';
import type { Page } from '@courier/shared/schemas/common';
import { MANIFEST_MESSAGES, type ManifestDetail, type ManifestDto, type manifestListQuerySchema } from '@courier/shared/schemas/manifests';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { manifests } from '../../db/schema/manifests';
import { packages } from '../../db/schema/packages';
import { AppError } from '../../lib/errors';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { AuthUser } from '../../plugins/auth';
import { selectPackages, toPackageDto } from '../packages/index';
import { listScope, recordScope } from '../../lib/courier-scope';

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
export type ManifestRecord = typeof manifests.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const toDto = (r: Row): ManifestDto => ({
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

export async function findManifest(db: Db, user: AuthUser, id: number): Promise<Row> {
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
