import { and, asc, count, eq } from 'drizzle-orm';
import { DELIVERY_MESSAGES, type DeliveryLocation, type deliveryLocationInputSchema } from '@courier/shared/schemas/deliveries';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { deliveryLocations } from '../../db/schema/delivery-locations';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { audit } from '../../lib/audit';

const toLocation = (r: typeof deliveryLocations.$inferSelect): DeliveryLocation => ({
  id: r.id,
  name: r.name,
  parish: r.parish,
  feeCents: r.feeCents,
  active: r.active,
  cashOnDelivery: r.cashOnDelivery,
  createdAt: r.createdAt.toISOString(),
});

export async function listLocations(db: Db, courierId: number, activeOnly = false): Promise<DeliveryLocation[]> {
  const rows = await db
    .select()
    .from(deliveryLocations)
    .where(and(eq(deliveryLocations.courierId, courierId), activeOnly ? eq(deliveryLocations.active, true) : undefined))
    .orderBy(asc(deliveryLocations.parish), asc(deliveryLocations.name));
  return rows.map(toLocation);
}

/** A delivery location's fee is money the customer pays: every change is in the audit log. */
const auditLocation = (
  db: Db,
  actor: AuthUser,
  courierId: number,
  action: 'created' | 'updated' | 'deleted',
  id: number,
  details: Record<string, unknown>,
) => audit(db, { courierId, actor, action: `delivery_location.${action}`, entity: 'delivery_location', entityId: id, details });

export async function createLocation(
  db: Db,
  actor: AuthUser,
  courierId: number,
  input: z.output<typeof deliveryLocationInputSchema>,
): Promise<DeliveryLocation> {
  const [row] = await db
    .insert(deliveryLocations)
    .values({ courierId, ...input })
    .returning();
  if (!row) throw new Error('Location insert returned nothing');
  const created = toLocation(row);
  await auditLocation(db, actor, courierId, 'created', row.id, { after: created });
  return created;
}

export async function updateLocation(
  db: Db,
  actor: AuthUser,
  courierId: number,
  id: number,
  input: z.output<typeof deliveryLocationInputSchema>,
): Promise<DeliveryLocation> {
  const [old] = await db
    .select()
    .from(deliveryLocations)
    .where(and(eq(deliveryLocations.id, id), eq(deliveryLocations.courierId, courierId)));
  const [row] = await db
    .update(deliveryLocations)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(deliveryLocations.id, id), eq(deliveryLocations.courierId, courierId)))
    .returning();
  if (!row || !old) throw new AppError('not_found', DELIVERY_MESSAGES.locationNotFound);
  const updated = toLocation(row);
  await auditLocation(db, actor, courierId, 'updated', id, { before: toLocation(old), after: updated });
  return updated;
}

export async function deleteLocation(db: Db, actor: AuthUser, courierId: number, id: number): Promise<void> {
  const [used] = await db
    .select({ n: count() })
    .from(deliveryRequests)
    .where(and(eq(deliveryRequests.courierId, courierId), eq(deliveryRequests.locationId, id)));
  if ((used?.n ?? 0) > 0) throw new AppError('conflict', DELIVERY_MESSAGES.locationInUse);
  const [row] = await db
    .delete(deliveryLocations)
    .where(and(eq(deliveryLocations.id, id), eq(deliveryLocations.courierId, courierId)))
    .returning();
  if (!row) throw new AppError('not_found', DELIVERY_MESSAGES.locationNotFound);
  await auditLocation(db, actor, courierId, 'deleted', id, { before: toLocation(row) });
}
