import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type ShopRequestStage, shopRequestNumber } from '@courier/shared/constants/services';
import { SERVICE_MESSAGES, type ShopRequestDto } from '@courier/shared/schemas/services';
import type { Db } from '../../db/client';
import { assistedPurchaseRequests } from '../../db/schema/assisted-purchase-requests';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';
import { courierOf } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';

// Shop For Me requests as the customer and staff see them: one request, or a list by stage.

export interface Services {
  db: Db;
  mailer: Mailer;
}

export const asDb = (tx: unknown) => tx as Db;
export type Row = typeof assistedPurchaseRequests.$inferSelect;

/** "GCT 15%" from basis points. */
export const gctLabel = (bps: number) => `GCT ${bps / 100}%`;

export const pagePath = (id: number) => `/customer/shop-requests/${id}`;

async function toDtos(db: Db, rows: Row[]): Promise<ShopRequestDto[]> {
  if (rows.length === 0) return [];
  const invoiceIds = rows.map((r) => r.invoiceId).filter((v): v is number => v !== null);
  const invs = invoiceIds.length
    ? await db
        .select({ id: invoices.id, invoiceNo: invoices.invoiceNo, totalCents: invoices.totalCents, status: invoices.status })
        .from(invoices)
        .where(inArray(invoices.id, invoiceIds))
    : [];
  const preAlertIds = rows.flatMap((r) => r.orders.map((o) => o.preAlertId));
  const arrivals = preAlertIds.length
    ? await db
        .select({ id: preAlerts.id, status: preAlerts.status, packageNumber: packages.packageNumber })
        .from(preAlerts)
        .leftJoin(packages, and(eq(packages.preAlertId, preAlerts.id), isNull(packages.voidedAt)))
        .where(inArray(preAlerts.id, preAlertIds))
    : [];
  return rows.map((r) => {
    const invoice = invs.find((i) => i.id === r.invoiceId) ?? null;
    const orders = r.orders.map((o) => {
      const a = arrivals.find((x) => x.id === o.preAlertId);
      return {
        merchant: o.merchant,
        orderNumber: o.orderNumber,
        trackingNumber: o.trackingNumber,
        carrier: o.carrier,
        itemCostUsdCents: o.itemCostUsdCents ?? null,
        arrived: a?.status === 'received',
        packageNumber: a?.packageNumber ?? null,
      };
    });
    let stage: ShopRequestStage = r.status;
    if (r.status === 'accepted' && invoice?.status === 'paid') stage = 'paid';
    if (r.status === 'purchased' && orders.length > 0 && orders.every((o) => o.arrived)) stage = 'arrived';
    return {
      id: r.id,
      requestNo: shopRequestNumber(r.id),
      status: r.status,
      stage,
      name: r.name,
      email: r.email,
      customerId: r.customerId,
      items: r.items,
      notes: r.notes,
      // Quotes from before the fee engine priced the service fee have no GCT and no version.
      quote: r.quote ? { serviceFeeGctUsdCents: 0, serviceFeeGctBps: 0, serviceFeeVersionId: null, ...r.quote } : null,
      invoice: invoice ? { invoiceNo: invoice.invoiceNo, totalCents: invoice.totalCents, status: invoice.status } : null,
      orders,
      declineReason: r.declineReason,
      createdAt: r.createdAt.toISOString(),
      quotedAt: r.quotedAt?.toISOString() ?? null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      purchasedAt: r.purchasedAt?.toISOString() ?? null,
    };
  });
}

/** What a customer may see: their own requests, and those sent from the public form with their e-mail. */
async function customerCondition(db: Db, user: AuthUser): Promise<SQL | undefined> {
  const [me] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, user.id));
  return or(
    eq(assistedPurchaseRequests.customerId, user.id),
    and(isNull(assistedPurchaseRequests.customerId), sql`lower(${assistedPurchaseRequests.email}) = ${(me?.email ?? '').toLowerCase()}`),
  );
}

export async function findRow(db: Db, user: AuthUser, id: number, forUpdate = false): Promise<Row> {
  const courierId = courierOf(user);
  const where = and(
    eq(assistedPurchaseRequests.id, id),
    eq(assistedPurchaseRequests.courierId, courierId),
    user.kind === 'customer' ? await customerCondition(db, user) : undefined,
  );
  const query = db.select().from(assistedPurchaseRequests).where(where);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', SERVICE_MESSAGES.shopNotFound);
  return row;
}

export async function getShopRequest(db: Db, user: AuthUser, id: number): Promise<ShopRequestDto> {
  const [dto] = await toDtos(db, [await findRow(db, user, id)]);
  if (!dto) throw new AppError('not_found', SERVICE_MESSAGES.shopNotFound);
  return dto;
}

export async function listShopRequests(db: Db, user: AuthUser, query: { stage?: ShopRequestStage }): Promise<{ data: ShopRequestDto[] }> {
  const courierId = courierOf(user);
  const rows = await db
    .select()
    .from(assistedPurchaseRequests)
    .where(and(eq(assistedPurchaseRequests.courierId, courierId), user.kind === 'customer' ? await customerCondition(db, user) : undefined))
    .orderBy(desc(assistedPurchaseRequests.createdAt), desc(assistedPurchaseRequests.id))
    .limit(200);
  const dtos = await toDtos(db, rows);
  return { data: query.stage ? dtos.filter((d) => d.stage === query.stage) : dtos };
}
