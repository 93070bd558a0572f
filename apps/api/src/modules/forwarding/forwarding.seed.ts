import { and, eq } from 'drizzle-orm';
import { shopQuoteTotals } from '@courier/shared/domain/shop-for-me';
import type { Db } from '../../db/client';
import { assistedPurchaseRequests } from '../../db/schema/assisted-purchase-requests';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { serviceFeeOn } from './service-fees.service';

/**
 * Demo Shop For Me requests: one the demo customer can accept (quoted), one from a visitor of the
 * website awaiting its quote. Packages and invoices are left as the other demo seeds made them.
 */
export async function seedForwardingDemo(db: Db, courierCode = 'JXP'): Promise<void> {
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.code, courierCode));
  if (!courier) return;
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.courierId, courier.id), eq(customers.email, 'customer@example.test')));
  if (!customer) return;
  const items = [
    { description: 'Wireless earbuds, black', url: 'https://www.amazon.com/dp/B0DEMO0001', quantity: 1, unitPriceUsdCents: 4_999 },
  ];
  // Priced by the courier's Shop For Me fee entry, as a quote from the quote form would be.
  const fee = await serviceFeeOn(db, courier.id, 'shop_for_me');
  const totals = shopQuoteTotals(items, { salesTaxUsdCents: 350, usShippingUsdCents: 0 }, { fee, gctBps: 0 });
  const now = Date.now();
  await db.insert(assistedPurchaseRequests).values([
    {
      courierId: courier.id,
      customerId: customer.id,
      name: `${customer.firstName} ${customer.lastName}`,
      email: customer.email,
      items: [{ itemUrl: items[0]?.url ?? '', itemDescription: 'Wireless earbuds, black', quantity: 1, estimatedPriceUsdCents: 5_000 }],
      notes: '',
      status: 'quoted',
      quote: { items, ...totals, note: 'In stock; ships to our Miami warehouse in 2 days.' },
      quotedAt: new Date(now - 3_600_000),
      createdAt: new Date(now - 86_400_000),
    },
    {
      courierId: courier.id,
      name: 'Marsha Campbell',
      email: 'marsha.campbell@example.test',
      items: [
        {
          itemUrl: 'https://www.walmart.com/ip/demo-blender',
          itemDescription: 'Blender, 600 W',
          quantity: 1,
          estimatedPriceUsdCents: 4_500,
        },
      ],
      notes: 'Red if they have it',
      createdAt: new Date(now - 7_200_000),
    },
  ]);
}
