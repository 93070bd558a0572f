import { and, eq, sql } from 'drizzle-orm';
import { SHOP_REQUEST_STAGE_LABELS, shopRequestNumber } from '@courier/shared/constants/services';
import { normaliseTrackingNumber } from '@courier/shared/domain/carrier';
import { shopQuoteTotals, usdToJmdCents } from '@courier/shared/domain/shop-for-me';
import { formatMoney, formatUsd } from '@courier/shared/format/money';
import {
  SERVICE_MESSAGES,
  type ShopPurchaseInput,
  type ShopQuoteInput,
  type ShopRequestDto,
  shopPurchaseSchema,
  shopQuoteSchema,
} from '@courier/shared/schemas/services';
import type { Db } from '../../db/client';
import { type AssistedPurchaseItemRow, assistedPurchaseRequests } from '../../db/schema/assisted-purchase-requests';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { audit } from '../../lib/audit';
import { notify } from '../notifications/index';
import { courierOf } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { issueServiceInvoice } from '../invoices/index';
import { serviceFeeOn, shopFeeGctBps } from './service-fees.service';
import { type Row, type Services, asDb, findRow, gctLabel, getShopRequest, pagePath } from './shop-request-rows.service';
import { insertPreAlert } from '../pre-alerts/index';

// Shop For Me: a request (public form or signed in), the courier's quote, the customer's yes (a
// service invoice paid online) or no, the purchase (orders become expected packages), the arrival.

/** The customer a request belongs to: its own, or the account with its e-mail at this courier. */
async function customerByEmail(db: Db, courierId: number, email: string) {
  const [c] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.courierId, courierId), sql`lower(${customers.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return c?.id ?? null;
}

export async function createShopRequest(
  s: Services,
  input: {
    courierId: number;
    courierEmail: string | null;
    customerId: number | null;
    name: string;
    email: string;
    items: AssistedPurchaseItemRow[];
    notes: string;
  },
): Promise<number> {
  const customerId = input.customerId ?? (await customerByEmail(s.db, input.courierId, input.email));
  return s.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [row] = await tx
      .insert(assistedPurchaseRequests)
      .values({ courierId: input.courierId, customerId, name: input.name, email: input.email, items: input.items, notes: input.notes })
      .returning({ id: assistedPurchaseRequests.id });
    if (!row) throw new Error('Insert returned nothing');
    const number = shopRequestNumber(row.id);
    await notify(tx, {
      courierId: input.courierId,
      type: 'new_shop_request',
      title: `New Shop For Me request ${number}`,
      body: `${input.name}: ${input.items.length} item${input.items.length === 1 ? '' : 's'} to quote`,
      target: { kind: 'shop_request', ref: String(row.id) },
    });
    const lines = input.items.map((item, i) => {
      const price = item.estimatedPriceUsdCents === null ? 'no estimate' : `est. ${formatUsd(item.estimatedPriceUsdCents)} each`;
      return `${i + 1}. ${item.itemDescription} (qty ${item.quantity}, ${price})\n   ${item.itemUrl}`;
    });
    // A courier without a contact address still sees the request in its Shop For Me list.
    if (input.courierEmail) {
      await s.mailer.enqueue(
        {
          courierId: input.courierId,
          to: input.courierEmail,
          subject: `Shop For Me request #${row.id} from ${input.name}`,
          text: [
            `A new Shop For Me request (${number}) came in.`,
            '',
            `Name: ${input.name}`,
            `E-mail: ${input.email}`,
            '',
            'Items:',
            ...lines,
            '',
            `Notes: ${input.notes || '(none)'}`,
            '',
            `Quote it (item cost, US tax, US shipping and the service fee) before buying: ${await s.mailer.link(input.courierId, '/admin/shop-requests', tx)}`,
          ].join('\n'),
        },
        tx,
      );
    }
    await s.mailer.enqueue(
      {
        courierId: input.courierId,
        to: input.email,
        subject: `Shop For Me request ${number} received`,
        text: [
          `Hello ${input.name},`,
          '',
          'We received your Shop For Me request:',
          ...lines,
          '',
          'We will send you a quote (item cost, US sales tax, US shipping and our service fee) before buying anything.',
          customerId
            ? `Follow it here: ${await s.mailer.link(input.courierId, pagePath(row.id), tx)}`
            : `To accept the quote and pay online, sign up with this e-mail address: ${await s.mailer.link(input.courierId, '/register', tx)}`,
        ].join('\n'),
      },
      tx,
    );
    return row.id;
  });
}

async function tellRequester(s: Services, tx: Db, row: Row, subject: string, lines: string[]) {
  await s.mailer.enqueue(
    {
      courierId: row.courierId,
      to: row.email,
      subject,
      text: [`Hello ${row.name},`, '', ...lines, '', `See your request: ${await s.mailer.link(row.courierId, pagePath(row.id), tx)}`].join(
        '\n',
      ),
    },
    tx,
  );
}

/** Staff price the request: items at their price and quantity, US sales tax, US shipping and the service fee. */
export async function quoteShopRequest(s: Services, user: AuthUser, id: number, raw: ShopQuoteInput): Promise<ShopRequestDto> {
  const input = shopQuoteSchema.parse(raw);
  const courierId = courierOf(user);
  // The service fee is the Shop For Me fee entry in force today; GCT on it is today's GCT rate.
  const pricing = { fee: await serviceFeeOn(s.db, courierId, 'shop_for_me'), gctBps: await shopFeeGctBps(s.db, courierId) };
  await s.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const row = await findRow(tx, user, id, true);
    if (row.status !== 'requested' && row.status !== 'quoted') throw new AppError('conflict', SERVICE_MESSAGES.quoteNotNow);
    const totals = shopQuoteTotals(input.items, input, pricing);
    const quote = { items: input.items, ...totals, note: input.note };
    const now = new Date();
    await tx
      .update(assistedPurchaseRequests)
      .set({ status: 'quoted', quote, quotedAt: now, quotedBy: user.kind === 'user' ? user.id : null, updatedAt: now })
      .where(eq(assistedPurchaseRequests.id, row.id));
    await audit(tx, {
      courierId,
      actor: user,
      action: 'shop_request.quoted',
      entity: 'shop_request',
      entityId: shopRequestNumber(row.id),
      details: { ...totals },
    });
    await tellRequester(s, tx, row, `Your Shop For Me quote ${shopRequestNumber(row.id)}: ${formatUsd(totals.totalUsdCents)}`, [
      'Here is our quote:',
      ...input.items.map((i) => `- ${i.description}: ${i.quantity} x ${formatUsd(i.unitPriceUsdCents)}`),
      `Items: ${formatUsd(totals.itemsUsdCents)}`,
      `US sales tax: ${formatUsd(totals.salesTaxUsdCents)}`,
      `US shipping: ${formatUsd(totals.usShippingUsdCents)}`,
      `Service fee: ${formatUsd(totals.serviceFeeUsdCents)}`,
      ...(totals.serviceFeeGctUsdCents > 0 ? [`${gctLabel(totals.serviceFeeGctBps)}: ${formatUsd(totals.serviceFeeGctUsdCents)}`] : []),
      `Total: ${formatUsd(totals.totalUsdCents)}`,
      ...(input.note ? ['', input.note] : []),
      '',
      'Accept it and pay online, or decline it, on your request page. We buy nothing before you accept.',
    ]);
  });
  return getShopRequest(s.db, user, id);
}

/**
 * The customer's answer to the quote. Accepting issues a service invoice (JMD at the courier's
 * rate) the customer pays online like any invoice; declining closes the request.
 */
export async function decideShopRequest(
  s: Services,
  user: AuthUser,
  id: number,
  input: { decision: 'accept' | 'decline'; reason?: string },
): Promise<ShopRequestDto> {
  const courierId = courierOf(user);
  if (user.kind !== 'customer') throw new AppError('forbidden', 'Only the customer answers the quote');
  await s.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const row = await findRow(tx, user, id, true);
    if (row.status !== 'quoted' || !row.quote) throw new AppError('conflict', SERVICE_MESSAGES.decideNotNow);
    const now = new Date();
    const number = shopRequestNumber(row.id);
    if (input.decision === 'decline') {
      await tx
        .update(assistedPurchaseRequests)
        .set({ status: 'declined', customerId: user.id, decidedAt: now, declineReason: input.reason || null, updatedAt: now })
        .where(eq(assistedPurchaseRequests.id, row.id));
      await audit(tx, { courierId, actor: user, action: 'shop_request.declined', entity: 'shop_request', entityId: number });
      await tellRequester(s, tx, row, `Shop For Me quote ${number} declined`, ['You declined our quote: we will not buy the items.']);
      return;
    }
    const [courier] = await tx.select({ rate: couriers.exchangeRate }).from(couriers).where(eq(couriers.id, courierId));
    const rate = courier?.rate ?? 150;
    const q = row.quote;
    const line = (what: string, usd: number, kind: 'shop_for_me' | 'gct' = 'shop_for_me') => ({
      kind,
      description: `${number} ${what} (${formatUsd(usd)} at ${rate})`,
      amountCents: usdToJmdCents(usd, rate),
      // The service fee and its GCT name the fee entry that priced them.
      feeVersionId: what === 'items' || what === 'US sales tax' || what === 'US shipping' ? null : (q.serviceFeeVersionId ?? null),
    });
    const lines = [
      line('items', q.itemsUsdCents),
      line('US sales tax', q.salesTaxUsdCents),
      line('US shipping', q.usShippingUsdCents),
      line('service fee', q.serviceFeeUsdCents),
      line(`service fee ${gctLabel(q.serviceFeeGctBps ?? 0)}`, q.serviceFeeGctUsdCents ?? 0, 'gct'),
    ].filter((l) => l.amountCents > 0);
    const invoice = await issueServiceInvoice({
      db: tx,
      courierId,
      customerId: user.id,
      exchangeRate: rate,
      gctPercent: (q.serviceFeeGctBps ?? 0) / 100,
      lines,
      actor: user,
    });
    await tx
      .update(assistedPurchaseRequests)
      .set({ status: 'accepted', customerId: user.id, decidedAt: now, invoiceId: invoice.id, updatedAt: now })
      .where(eq(assistedPurchaseRequests.id, row.id));
    await audit(tx, {
      courierId,
      actor: user,
      action: 'shop_request.accepted',
      entity: 'shop_request',
      entityId: number,
      details: { invoiceNo: invoice.invoiceNo, totalUsdCents: q.totalUsdCents, totalCents: invoice.totalCents },
    });
    await tellRequester(s, tx, row, `Shop For Me ${number}: invoice ${invoice.invoiceNo} to pay`, [
      `Thank you for accepting our quote of ${formatUsd(q.totalUsdCents)}.`,
      `Invoice ${invoice.invoiceNo}: ${formatMoney(invoice.totalCents)} due (at ${rate} JMD per USD).`,
      `Pay it online: ${await s.mailer.link(courierId, `/customer/invoices/${encodeURIComponent(invoice.invoiceNo)}`, tx)}`,
      'We buy the items as soon as it is paid.',
    ]);
  });
  return getShopRequest(s.db, user, id);
}

/**
 * Staff record what they bought once the quote is paid: each merchant order's tracking number
 * becomes an expected package of the customer, matched when the warehouse receives it.
 */
export async function recordShopPurchase(s: Services, user: AuthUser, id: number, raw: ShopPurchaseInput): Promise<ShopRequestDto> {
  const input = shopPurchaseSchema.parse(raw);
  const courierId = courierOf(user);
  await s.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const row = await findRow(tx, user, id, true);
    if (row.status !== 'accepted' || !row.invoiceId || !row.customerId || !row.quote) {
      throw new AppError('conflict', SERVICE_MESSAGES.purchaseNotNow);
    }
    const [inv] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, row.invoiceId));
    if (inv?.status !== 'paid') throw new AppError('conflict', SERVICE_MESSAGES.purchaseNotNow);
    const number = shopRequestNumber(row.id);
    const orders = [];
    for (const o of input.orders) {
      // Each order keeps the item cost entered for it (its customs value); one order alone may take the quote's.
      const itemCostUsdCents = o.itemCostUsdCents ?? row.quote.itemsUsdCents;
      const preAlertId = await insertPreAlert(tx, {
        courierId,
        customerId: row.customerId,
        trackingNumber: normaliseTrackingNumber(o.trackingNumber),
        carrier: o.carrier,
        merchant: o.merchant,
        description: `${number} order ${o.orderNumber}: ${row.quote.items.map((it) => it.description).join(', ')}`.slice(0, 500),
        declaredValueUsdCents: itemCostUsdCents,
        shopRequestId: row.id,
      });
      orders.push({
        merchant: o.merchant,
        orderNumber: o.orderNumber,
        trackingNumber: normaliseTrackingNumber(o.trackingNumber),
        carrier: o.carrier,
        itemCostUsdCents,
        preAlertId,
      });
    }
    const now = new Date();
    await tx
      .update(assistedPurchaseRequests)
      .set({ status: 'purchased', orders, purchasedAt: now, purchasedBy: user.kind === 'user' ? user.id : null, updatedAt: now })
      .where(eq(assistedPurchaseRequests.id, row.id));
    await audit(tx, {
      courierId,
      actor: user,
      action: 'shop_request.purchased',
      entity: 'shop_request',
      entityId: number,
      details: { orders: orders.map((o) => ({ merchant: o.merchant, orderNumber: o.orderNumber, trackingNumber: o.trackingNumber })) },
    });
    await tellRequester(s, tx, row, `Shop For Me ${number}: ${SHOP_REQUEST_STAGE_LABELS.purchased}`, [
      'We bought your items:',
      ...orders.map((o) => `- ${o.merchant} order ${o.orderNumber} (${formatUsd(o.itemCostUsdCents)}), tracking ${o.trackingNumber}`),
      '',
      'They are expected at our US warehouse; we e-mail you when they arrive.',
    ]);
  });
  return getShopRequest(s.db, user, id);
}
