import { and, desc, eq, gte } from 'drizzle-orm';
import { dayInZone } from '@courier/shared/domain/datetime';
import type { Db } from '../../db/client';
import { consolidationRequests } from '../../db/schema/consolidation-requests';
import { audit } from '../../lib/audit';
import { courierTimeZone } from '../../lib/courier-zone';
import type { AuthUser } from '../../plugins/auth';
import { holdForConsolidation } from './package-consolidation.service';

/**
 * A customer who asked to hold new arrivals until a day for a consolidation: a package of theirs
 * checked in up to that day (in the courier's zone) joins their open request, and shows on it.
 * Returns the request's number, or null when the customer has no such request. Run inside the
 * check-in's transaction.
 */
export async function joinHeldConsolidation(
  tx: Db,
  pkg: { id: number; courierId: number; customerId: number; packageNumber: string },
  actor: AuthUser,
  now = new Date(),
): Promise<string | null> {
  const today = dayInZone(now, await courierTimeZone(tx, pkg.courierId));
  const [request] = await tx
    .select({ id: consolidationRequests.id, requestNo: consolidationRequests.requestNo })
    .from(consolidationRequests)
    .where(
      and(
        eq(consolidationRequests.courierId, pkg.courierId),
        eq(consolidationRequests.customerId, pkg.customerId),
        eq(consolidationRequests.status, 'requested'),
        gte(consolidationRequests.holdUntil, today),
      ),
    )
    .orderBy(desc(consolidationRequests.createdAt), desc(consolidationRequests.id))
    .limit(1)
    // Locked so a repack or cancel at the same moment sees the new package or none.
    .for('update');
  if (!request) return null;
  await holdForConsolidation(tx, pkg.courierId, [pkg.id], request.id);
  await audit(tx, {
    courierId: pkg.courierId,
    actor,
    action: 'consolidation.package_held',
    entity: 'consolidation',
    entityId: request.requestNo,
    details: { package: pkg.packageNumber },
  });
  return request.requestNo;
}
