import { and, eq } from 'drizzle-orm';
import type { PackageStatus } from '@courier/shared/constants/packages';
import { recogniseCarrier } from '@courier/shared/domain/carrier';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { deliveryLocations } from '../../db/schema/delivery-locations';
import { manifests } from '../../db/schema/manifests';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';
import { users } from '../../db/schema/users';

const DAY = 86_400_000;

/** The path each demo package took, oldest step first. */
const PATHS: Record<string, PackageStatus[]> = {
  received: ['received'],
  in_transit: ['received', 'in_transit'],
  at_customs: ['received', 'in_transit', 'at_customs'],
  ready_for_pickup: ['received', 'in_transit', 'at_customs', 'ready_for_pickup'],
  delivered: ['received', 'in_transit', 'at_customs', 'ready_for_pickup', 'delivered'],
  unknown: ['unknown'],
};
const NOTES: Partial<Record<PackageStatus, string>> = {
  received: 'Received at the Miami warehouse',
  unknown: 'Received at the Miami warehouse; no customer on the label',
  at_customs: 'Arrived; with customs',
  ready_for_pickup: 'Cleared customs',
  delivered: 'Collected at the branch',
};

/**
 * Demo packages for the demo customer in every common state, one unknown package, a pending
 * pre-alert without its invoice, a shipped AIR manifest and two delivery locations. No e-mail.
 */
export async function seedPackagesDemo(db: Db, courierCode = 'JXP'): Promise<void> {
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.code, courierCode));
  if (!courier) return;
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.courierId, courier.id), eq(customers.email, 'customer@example.test')));
  const [staff] = await db.select().from(users).where(eq(users.email, 'staff@jamaicaexpress.test'));
  if (!customer) return;
  const now = Date.now();

  await db.insert(deliveryLocations).values([
    { courierId: courier.id, name: 'May Pen town', parish: 'Clarendon', feeCents: 80_000 },
    { courierId: courier.id, name: 'Chapelton and Frankfield', parish: 'Clarendon', feeCents: 120_000 },
  ]);

  const manifestNo = await nextCounter(db, courier.id, 'manifest');
  const [manifest] = await db
    .insert(manifests)
    .values({
      courierId: courier.id,
      manifestNumber: `MAN-${String(manifestNo).padStart(6, '0')}`,
      type: 'AIR',
      mawbOrBl: '176-48213377',
      flightOrVessel: 'JM 018',
      departureDate: new Date(now - DAY).toISOString().slice(0, 10),
      branchId: customer.branchId,
      status: 'shipped',
      createdBy: staff?.id ?? null,
      closedAt: new Date(now - DAY),
      shippedAt: new Date(now - DAY),
    })
    .returning();

  const demo = [
    { tracking: '1Z84A2W60347829915', status: 'received', daysAgo: 1, weight: 3.4, merchant: 'Amazon', description: 'Kitchen scale' },
    {
      tracking: '9400111899562537846151',
      status: 'in_transit',
      daysAgo: 3,
      weight: 1.2,
      merchant: 'eBay',
      description: 'Phone case',
      onManifest: true,
    },
    {
      tracking: 'TBA318842917000',
      status: 'in_transit',
      daysAgo: 3,
      weight: 6.75,
      merchant: 'Amazon',
      description: 'Air fryer',
      onManifest: true,
    },
    { tracking: '784512369874', status: 'at_customs', daysAgo: 6, weight: 2.1, merchant: 'Shein', description: 'Clothes' },
    {
      tracking: '1Z84A2W60312345678',
      status: 'ready_for_pickup',
      daysAgo: 8,
      weight: 4.0,
      merchant: 'Walmart',
      description: 'School shoes',
      readyDaysAgo: 2,
    },
    {
      tracking: '1Z84A2W60398765432',
      status: 'ready_for_pickup',
      daysAgo: 24,
      weight: 12.5,
      merchant: 'Best Buy',
      description: 'Monitor',
      readyDaysAgo: 18,
    },
    {
      tracking: '9205590175547700112233',
      status: 'delivered',
      daysAgo: 30,
      weight: 0.8,
      merchant: 'Etsy',
      description: 'Necklace',
      readyDaysAgo: 25,
    },
    { tracking: '5566778899', status: 'unknown', daysAgo: 2, weight: 2.6, merchant: null, description: null },
  ] as const;

  for (const d of demo) {
    const number = await nextCounter(db, courier.id, 'package');
    const path = PATHS[d.status] ?? ['received'];
    const receivedAt = new Date(now - d.daysAgo * DAY);
    const readyAt = 'readyDaysAgo' in d ? new Date(now - d.readyDaysAgo * DAY) : null;
    const isKnown = d.status !== 'unknown';
    const [pkg] = await db
      .insert(packages)
      .values({
        courierId: courier.id,
        packageNumber: `PKG-${String(number).padStart(6, '0')}`,
        trackingNumber: d.tracking,
        carrier: recogniseCarrier(d.tracking),
        customerId: isKnown ? customer.id : null,
        branchId: isKnown ? customer.branchId : null,
        status: d.status,
        weightLb: d.weight,
        mode: 'AIR',
        manifestId: 'onManifest' in d && manifest ? manifest.id : null,
        declaredValueUsdCents: isKnown ? Math.round(d.weight * 1500) : null,
        description: d.description,
        merchant: d.merchant,
        receivedAt,
        readyAt,
        deliveredAt: d.status === 'delivered' && readyAt ? new Date(readyAt.getTime() + 2 * DAY) : null,
        receivedBy: staff?.id ?? null,
        createdAt: receivedAt,
      })
      .returning();
    if (!pkg) continue;
    // Spread the steps between receipt and now (or the ready date) so the timeline reads naturally.
    const end = readyAt && d.status !== 'delivered' ? readyAt.getTime() : now - DAY / 2;
    const step = (end - receivedAt.getTime()) / Math.max(1, path.length - 1);
    await db.insert(packageEvents).values(
      path.map((status, i) => ({
        courierId: courier.id,
        packageId: pkg.id,
        status,
        fromStatus: i === 0 ? null : (path[i - 1] ?? null),
        userId: staff?.id ?? null,
        branchId: i === 0 ? null : customer.branchId,
        note: status === 'in_transit' && manifest ? `Shipped on ${manifest.manifestNumber} (JM 018)` : (NOTES[status] ?? null),
        createdAt: new Date(receivedAt.getTime() + i * step),
      })),
    );
  }

  await db.insert(preAlerts).values({
    courierId: courier.id,
    customerId: customer.id,
    trackingNumber: 'TBA402193385000',
    carrier: 'AMAZON',
    merchant: 'Amazon',
    description: 'Bluetooth speaker',
    declaredValueUsdCents: 4999,
  });
}
