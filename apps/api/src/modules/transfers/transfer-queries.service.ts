import { and, asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TRANSFER_STATUSES } from '@courier/shared/constants/packages';
import type { Page } from '@courier/shared/schemas/common';
import {
  TRANSFER_MESSAGES,
  type TransferDetail,
  type TransferDto,
  type TransferLine,
  type transferListQuerySchema,
} from '@courier/shared/schemas/transfers';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { branchTransferPackages, branchTransfers } from '../../db/schema/branch-transfers';
import { branches } from '../../db/schema/branches';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';
import { listScope, recordScope } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { AuthUser } from '../../plugins/auth';
import { customerNameSql } from '../packages/index';

const fromBranch = alias(branches, 'from_branch');
const toBranch = alias(branches, 'to_branch');

const parcels = sql<number>`(select count(*)::int from ${branchTransferPackages} l where l.transfer_id = ${branchTransfers.id} and l.courier_id = ${branchTransfers.courierId} and l.result = 'loaded')`;
const scannedIn = sql<number>`(select count(*)::int from ${branchTransferPackages} l where l.transfer_id = ${branchTransfers.id} and l.courier_id = ${branchTransfers.courierId} and l.result = 'loaded' and l.scanned_in_at is not null)`;

function select(db: Db) {
  return db
    .select({ t: branchTransfers, fromName: fromBranch.name, toName: toBranch.name, parcels, scannedIn })
    .from(branchTransfers)
    .innerJoin(fromBranch, eq(fromBranch.id, branchTransfers.fromBranchId))
    .innerJoin(toBranch, eq(toBranch.id, branchTransfers.toBranchId));
}
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
export type TransferRecord = typeof branchTransfers.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toDto = (r: Row): TransferDto => ({
  id: r.t.id,
  courierId: r.t.courierId,
  transferNumber: r.t.transferNumber,
  fromBranchId: r.t.fromBranchId,
  fromBranchName: r.fromName,
  toBranchId: r.t.toBranchId,
  toBranchName: r.toName,
  status: r.t.status,
  note: r.t.note,
  parcels: Number(r.parcels),
  scannedIn: Number(r.scannedIn),
  createdAt: r.t.createdAt.toISOString(),
  sentAt: iso(r.t.sentAt),
  receivedAt: iso(r.t.receivedAt),
  cancelledAt: iso(r.t.cancelledAt),
});

/** A transfer of the caller's courier; another courier's answers 404, as a missing one does. */
export async function findTransfer(db: Db, user: AuthUser, id: number): Promise<Row> {
  const courierId = recordScope(user);
  const [row] = await select(db)
    .where(and(eq(branchTransfers.id, id), courierId === null ? undefined : eq(branchTransfers.courierId, courierId)))
    .limit(1);
  if (!row) throw new AppError('not_found', TRANSFER_MESSAGES.notFound);
  return row;
}

/** The transfer with its parcels; once sent, those not scanned in are missing, and extras are listed apart. */
export async function getTransfer(db: Db, user: AuthUser, id: number): Promise<TransferDetail> {
  const row = await findTransfer(db, user, id);
  const lines = await db
    .select({
      l: branchTransferPackages,
      packageNumber: packages.packageNumber,
      status: packages.status,
      customerName: customerNameSql,
      trackingNumber: packages.trackingNumber,
    })
    .from(branchTransferPackages)
    .leftJoin(packages, and(eq(packages.id, branchTransferPackages.packageId), eq(packages.courierId, branchTransferPackages.courierId)))
    .leftJoin(customers, and(eq(customers.id, packages.customerId), eq(customers.courierId, packages.courierId)))
    .where(and(eq(branchTransferPackages.courierId, row.t.courierId), eq(branchTransferPackages.transferId, id)))
    .orderBy(asc(branchTransferPackages.addedAt), asc(branchTransferPackages.id));
  const line = (r: (typeof lines)[number]): TransferLine => ({
    packageId: r.l.packageId,
    packageNumber: r.packageNumber,
    trackingNumber: r.trackingNumber ?? r.l.scanKey,
    customerName: r.customerName,
    status: r.status,
    scannedInAt: iso(r.l.scannedInAt),
  });
  const loaded = lines.filter((r) => r.l.result === 'loaded');
  const sent = row.t.status === 'sent' || row.t.status === 'received';
  return {
    transfer: toDto(row),
    parcels: loaded.map(line),
    missing: sent ? loaded.filter((r) => r.l.scannedInAt === null).map(line) : [],
    extra: lines.filter((r) => r.l.result === 'extra').map(line),
  };
}

const spec: ListSpec = {
  sortable: {
    transferNumber: branchTransfers.transferNumber,
    status: branchTransfers.status,
    createdAt: branchTransfers.createdAt,
    parcels,
  },
  searchable: [branchTransfers.transferNumber],
  filterable: {
    status: { column: branchTransfers.status, kind: 'oneOf', values: TRANSFER_STATUSES },
    fromBranchId: { column: branchTransfers.fromBranchId, kind: 'number' },
    toBranchId: { column: branchTransfers.toBranchId, kind: 'number' },
  },
  defaultSort: { column: branchTransfers.createdAt, order: 'desc' },
  tieBreaker: branchTransfers.id,
};

export function listTransfers(db: Db, user: AuthUser, query: z.output<typeof transferListQuerySchema>): Promise<Page<TransferDto>> {
  const scope = listScope(user, query.courierId);
  const clauses = listClauses(query, spec, [scope === null ? undefined : eq(branchTransfers.courierId, scope)]);
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
      const [r] = await db.select({ n: count() }).from(branchTransfers).where(where);
      return r?.n ?? 0;
    },
  });
}
