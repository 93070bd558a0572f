import { type SQL, and, count, desc, eq } from 'drizzle-orm';
import { CLAIM_STATUSES } from '@courier/shared/constants/packages';
import { normaliseTrackingNumber } from '@courier/shared/domain/carrier';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import { type ClaimDto, PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';
import { unknownPackageClaims } from '../../db/schema/unknown-package-claims';
import { AppError } from '../../lib/errors';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { Storage } from '../../lib/storage';
import type { AuthUser } from '../../plugins/auth';
import { customerNameSql } from './package-rows.service';
import { assignUnknown } from './unknown-assignment.service';
import type { Services } from '../../context';
import { recordScope } from '../../lib/courier-scope';

const FOLDER = 'claim-proofs' as const;

function select(db: Db) {
  return db
    .select({
      c: unknownPackageClaims,
      packageNumber: packages.packageNumber,
      trackingNumber: packages.trackingNumber,
      customerName: customerNameSql,
      mailboxNumber: customers.mailboxNumber,
    })
    .from(unknownPackageClaims)
    .innerJoin(packages, eq(packages.id, unknownPackageClaims.packageId))
    .innerJoin(customers, eq(customers.id, unknownPackageClaims.customerId));
}
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toDto = (r: Row): ClaimDto => ({
  id: r.c.id,
  packageId: r.c.packageId,
  packageNumber: r.packageNumber,
  trackingNumber: r.trackingNumber,
  customerId: r.c.customerId,
  customerName: r.customerName ?? '',
  mailboxNumber: r.mailboxNumber,
  note: r.c.note,
  proofName: r.c.proofName,
  status: r.c.status,
  createdAt: r.c.createdAt.toISOString(),
  decidedAt: r.c.decidedAt ? r.c.decidedAt.toISOString() : null,
});

/** A customer claims an unknown package by its tracking number, with a proof of purchase. */
export async function createClaim(
  db: Db,
  storage: Storage,
  user: AuthUser,
  input: { trackingNumber: string; note?: string },
  proof: { data: Buffer; type: string },
): Promise<ClaimDto> {
  if (user.kind !== 'customer' || user.courierId === null)
    throw new AppError('forbidden', 'You do not have permission to perform this action');
  const courierId = user.courierId;
  const [pkg] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(
      and(
        eq(packages.courierId, courierId),
        eq(packages.trackingNumber, normaliseTrackingNumber(input.trackingNumber)),
        eq(packages.status, 'unknown'),
      ),
    );
  if (!pkg) throw new AppError('not_found', PACKAGE_MESSAGES.noUnknownWithTracking);
  const [pending] = await db
    .select({ id: unknownPackageClaims.id })
    .from(unknownPackageClaims)
    .where(
      and(
        eq(unknownPackageClaims.courierId, courierId),
        eq(unknownPackageClaims.packageId, pkg.id),
        eq(unknownPackageClaims.customerId, user.id),
        eq(unknownPackageClaims.status, 'pending'),
      ),
    );
  if (pending) throw new AppError('conflict', PACKAGE_MESSAGES.claimPending);
  const stored = await storage.save(FOLDER, proof.data, proof.type);
  const [created] = await db
    .insert(unknownPackageClaims)
    .values({
      courierId,
      packageId: pkg.id,
      customerId: user.id,
      note: input.note || null,
      proofPath: stored.name,
      proofName: `proof.${proof.type}`,
      proofMime: proof.type === 'pdf' ? 'application/pdf' : proof.type === 'png' ? 'image/png' : 'image/jpeg',
    })
    .returning({ id: unknownPackageClaims.id });
  if (!created) throw new Error('Claim insert returned nothing');
  const [row] = await select(db).where(eq(unknownPackageClaims.id, created.id));
  if (!row) throw new Error('Claim vanished');
  return toDto(row);
}

const spec: ListSpec = {
  sortable: { createdAt: unknownPackageClaims.createdAt, status: unknownPackageClaims.status, customerName: customerNameSql },
  searchable: [packages.trackingNumber, packages.packageNumber, customers.mailboxNumber, customerNameSql],
  filterable: { status: { column: unknownPackageClaims.status, kind: 'oneOf', values: CLAIM_STATUSES } },
  defaultSort: { column: unknownPackageClaims.createdAt, order: 'desc' },
  tieBreaker: unknownPackageClaims.id,
};

/** The claims at a courier (null: every courier's), or of one of its customers. */
export function claimsOf(courierId: number | null, customerId?: number): Array<SQL | undefined> {
  return [
    courierId === null ? undefined : eq(unknownPackageClaims.courierId, courierId),
    customerId === undefined ? undefined : eq(unknownPackageClaims.customerId, customerId),
  ];
}

export function listClaims(db: Db, query: ListQuery, scope: Array<SQL | undefined>): Promise<Page<ClaimDto>> {
  const clauses = listClauses(query, spec, scope);
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
      const [r] = await db
        .select({ n: count() })
        .from(unknownPackageClaims)
        .innerJoin(packages, eq(packages.id, unknownPackageClaims.packageId))
        .innerJoin(customers, eq(customers.id, unknownPackageClaims.customerId))
        .where(where);
      return r?.n ?? 0;
    },
  });
}

async function claimInScope(db: Db, user: AuthUser, id: number) {
  const courierId = recordScope(user);
  const [row] = await select(db)
    .where(and(eq(unknownPackageClaims.id, id), courierId === null ? undefined : eq(unknownPackageClaims.courierId, courierId)))
    .orderBy(desc(unknownPackageClaims.id));
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.claimNotFound);
  return row;
}

/** Approving assigns the package to the claimant (the unknown fee applies); other claims on it are rejected. */
export async function decideClaim(s: Services, user: AuthUser, id: number, approve: boolean): Promise<ClaimDto> {
  const row = await claimInScope(s.db, user, id);
  if (row.c.status !== 'pending') throw new AppError('conflict', PACKAGE_MESSAGES.claimDecided);
  const decided = { decidedBy: user.kind === 'user' ? user.id : null, decidedAt: new Date() };
  if (approve) {
    await assignUnknown(
      s,
      user,
      row.c.packageId,
      { customerId: row.c.customerId },
      `Claimed by the customer with proof of purchase (claim #${row.c.id})`,
    );
    await s.db
      .update(unknownPackageClaims)
      .set({ status: 'rejected', ...decided })
      .where(
        and(
          eq(unknownPackageClaims.courierId, row.c.courierId),
          eq(unknownPackageClaims.packageId, row.c.packageId),
          eq(unknownPackageClaims.status, 'pending'),
        ),
      );
  }
  await s.db
    .update(unknownPackageClaims)
    .set({ status: approve ? 'approved' : 'rejected', ...decided })
    .where(eq(unknownPackageClaims.id, id));
  return toDto(await claimInScope(s.db, user, id));
}

export async function claimProof(db: Db, storage: Storage, user: AuthUser, id: number) {
  const row = await claimInScope(db, user, id);
  const data = await storage.read(FOLDER, row.c.proofPath);
  if (!data) throw new AppError('not_found', 'Proof not found');
  return { data, mime: row.c.proofMime, name: row.c.proofName };
}
