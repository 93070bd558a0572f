import { and, asc, eq, gt } from 'drizzle-orm';
import { INTEGRATION_MESSAGES } from '@courier/shared/schemas/integrations';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { AppError } from '../../lib/errors';

/** The courier's packages, oldest first, a page at a time by id (a cursor that never skips or repeats). */
export async function listV1Packages(db: Db, courierId: number, query: { limit: number; after?: number; trackingNumber?: string }) {
  const rows = await db
    .select({
      id: packages.id,
      packageNumber: packages.packageNumber,
      trackingNumber: packages.trackingNumber,
      status: packages.status,
      mailbox: customers.mailboxNumber,
      weightLb: packages.weightLb,
      receivedAt: packages.receivedAt,
      updatedAt: packages.updatedAt,
    })
    .from(packages)
    .leftJoin(customers, eq(customers.id, packages.customerId))
    .where(
      and(
        eq(packages.courierId, courierId),
        query.after !== undefined ? gt(packages.id, query.after) : undefined,
        query.trackingNumber ? eq(packages.trackingNumber, query.trackingNumber.toUpperCase().replace(/[\s-]/g, '')) : undefined,
      ),
    )
    .orderBy(asc(packages.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** One package's timeline; another courier's package is not found. */
export async function v1PackageEvents(db: Db, courierId: number, id: number) {
  const [pkg] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.id, id), eq(packages.courierId, courierId)));
  if (!pkg) throw new AppError('not_found', INTEGRATION_MESSAGES.packageNotFound);
  const rows = await db
    .select({
      status: packageEvents.status,
      fromStatus: packageEvents.fromStatus,
      note: packageEvents.note,
      createdAt: packageEvents.createdAt,
    })
    .from(packageEvents)
    .where(and(eq(packageEvents.courierId, courierId), eq(packageEvents.packageId, id)))
    .orderBy(asc(packageEvents.createdAt), asc(packageEvents.id));
  return { data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}
