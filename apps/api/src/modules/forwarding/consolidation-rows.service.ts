import { and, asc, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { normaliseTrackingNumber } from '@courier/shared/domain/carrier';
import { type ConsolidationDto, SERVICE_MESSAGES } from '@courier/shared/schemas/services';
import type { Db } from '../../db/client';
import { consolidationRequestPackages, consolidationRequests } from '../../db/schema/consolidation-requests';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';
import { courierOf } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { consolidationFeeCents, serviceFeeOn } from './service-fees.service';

// Consolidation requests as the customer and staff see them, with today's fee for a new one.

/** What a new request of two packages is charged today (shown before the customer asks). */
async function currentFeeCents(db: Db, courierId: number): Promise<number> {
  return consolidationFeeCents(await serviceFeeOn(db, courierId, 'consolidation'), { packages: 2, weightLbs: 0, valueCents: 0 });
}

export interface Services {
  db: Db;
  mailer: Mailer;
}

export const asDb = (tx: unknown) => tx as Db;
type RequestRow = typeof consolidationRequests.$inferSelect;

async function toDtos(db: Db, rows: RequestRow[]): Promise<ConsolidationDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const links = await db
    .select({
      requestId: consolidationRequestPackages.requestId,
      id: packages.id,
      packageNumber: packages.packageNumber,
      trackingNumber: packages.trackingNumber,
      description: packages.description,
      weightLb: packages.weightLb,
      status: packages.status,
    })
    .from(consolidationRequestPackages)
    .innerJoin(packages, eq(packages.id, consolidationRequestPackages.packageId))
    .where(inArray(consolidationRequestPackages.requestId, ids))
    .orderBy(asc(packages.packageNumber));
  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  const people = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, mailbox: customers.mailboxNumber })
    .from(customers)
    .where(inArray(customers.id, customerIds));
  const newIds = rows.map((r) => r.newPackageId).filter((v): v is number => v !== null);
  const parcels = newIds.length
    ? await db.select({ id: packages.id, packageNumber: packages.packageNumber }).from(packages).where(inArray(packages.id, newIds))
    : [];
  return rows.map((r) => {
    const c = people.find((p) => p.id === r.customerId);
    return {
      id: r.id,
      requestNo: r.requestNo,
      status: r.status,
      repack: r.repack,
      holdUntil: r.holdUntil,
      notes: r.notes,
      feeCents: r.feeCents,
      customer: { id: r.customerId, name: c ? `${c.firstName} ${c.lastName}`.trim() : '', mailbox: c?.mailbox ?? null },
      packages: links.filter((l) => l.requestId === r.id).map(({ requestId: _r, ...p }) => p),
      newPackage: parcels.find((p) => p.id === r.newPackageId) ?? null,
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
      cancelledAt: r.cancelledAt?.toISOString() ?? null,
    };
  });
}

/** One request of the courier (a customer sees only their own). */
export async function findRequest(db: Db, user: AuthUser, id: number): Promise<RequestRow> {
  const courierId = courierOf(user);
  const [row] = await db
    .select()
    .from(consolidationRequests)
    .where(
      and(
        eq(consolidationRequests.id, id),
        eq(consolidationRequests.courierId, courierId),
        user.kind === 'customer' ? eq(consolidationRequests.customerId, user.id) : undefined,
      ),
    );
  if (!row) throw new AppError('not_found', SERVICE_MESSAGES.consolidationNotFound);
  return row;
}

export async function getConsolidation(db: Db, user: AuthUser, id: number): Promise<ConsolidationDto> {
  const [dto] = await toDtos(db, [await findRequest(db, user, id)]);
  if (!dto) throw new AppError('not_found', SERVICE_MESSAGES.consolidationNotFound);
  return dto;
}

/**
 * The courier's requests (a customer's own). `packageRef` is what the station scanned: a package
 * or tracking number; it finds the open request holding that package.
 */
export async function listConsolidations(
  db: Db,
  user: AuthUser,
  query: { status?: RequestRow['status']; packageRef?: string; customerId?: number },
): Promise<{ data: ConsolidationDto[]; feeCents: number }> {
  const courierId = courierOf(user);
  const where: Array<SQL | undefined> = [eq(consolidationRequests.courierId, courierId)];
  if (user.kind === 'customer') where.push(eq(consolidationRequests.customerId, user.id));
  else if (query.customerId) where.push(eq(consolidationRequests.customerId, query.customerId));
  if (query.status) where.push(eq(consolidationRequests.status, query.status));
  if (query.packageRef) {
    const ref = query.packageRef.trim();
    const held = await db
      .select({ requestId: packages.consolidationRequestId, into: packages.consolidatedIntoId })
      .from(packages)
      .where(
        and(
          eq(packages.courierId, courierId),
          isNull(packages.voidedAt),
          or(eq(packages.packageNumber, ref.toUpperCase()), eq(packages.trackingNumber, normaliseTrackingNumber(ref))),
        ),
      );
    const requestIds = held.map((h) => h.requestId).filter((v): v is number => v !== null);
    if (requestIds.length === 0) return { data: [], feeCents: await currentFeeCents(db, courierId) };
    where.push(inArray(consolidationRequests.id, requestIds));
  }
  const rows = await db
    .select()
    .from(consolidationRequests)
    .where(and(...where))
    .orderBy(desc(consolidationRequests.createdAt), desc(consolidationRequests.id))
    .limit(200);
  return { data: await toDtos(db, rows), feeCents: await currentFeeCents(db, courierId) };
}
