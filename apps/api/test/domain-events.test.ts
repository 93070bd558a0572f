import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { domainEventDeliveries, domainEvents } from '../src/db/schema/domain-events';
import { emailOutbox } from '../src/db/schema/email';
import { payments } from '../src/db/schema/payments';
import { webhookDeliveries, webhookEndpoints } from '../src/db/schema/webhooks';
import { notifications } from '../src/db/schema/notifications';
import { type DomainEvent, pruneDomainEvents, redeliver, subscriber, useSubscribers } from '../src/lib/domain-events';
import { SUBSCRIBERS } from '../src/subscribers';
import { type DeskWorld, buildDeskWorld, readyPackage } from './fixtures/front-desk';

/** Recording a payment publishes what happened in its own transaction; each reaction runs once. */
let w: DeskWorld;

beforeAll(async () => {
  w = await buildDeskWorld();
  await w.t.db
    .insert(webhookEndpoints)
    .values({ courierId: w.courierId, url: 'https://hooks.example.test/in', events: ['payment.recorded'], secretSealed: 'x' });
});
afterEach(() => useSubscribers(SUBSCRIBERS));
afterAll(async () => w?.t.close());

const pay = (invoiceNo: string, amountCents: number) =>
  w.api('POST', '/payments', w.tokens.staff, { method: 'card', allocations: [{ invoiceNo, amountCents }] });

async function eventsOf(type: string, receiptNo: string) {
  return w.t.db
    .select()
    .from(domainEvents)
    .where(
      and(eq(domainEvents.courierId, w.courierId), eq(domainEvents.type, type), sql`${domainEvents.data}->>'receiptNo' = ${receiptNo}`),
    );
}
const handledBy = async (eventId: number) =>
  (await w.t.db.select().from(domainEventDeliveries).where(eq(domainEventDeliveries.eventId, eventId))).map((d) => d.subscriber).sort();
const receiptMails = async (receiptNo: string) =>
  (
    await w.t.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%Receipt ${receiptNo}:%`))
  ).length;
const paymentHooks = async (receiptNo: string) =>
  (await w.t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, 'payment.recorded'))).filter((d) =>
    d.body.includes(`"receiptNo":"${receiptNo}"`),
  ).length;

describe('domain events of a payment', () => {
  it('a payment publishes payment.recorded, and invoice.paid for the invoice it settles; each subscriber handles them once', async () => {
    const { invoiceNo, totalCents } = await w.issue([1]);
    const res = await pay(invoiceNo, totalCents);
    expect(res.statusCode, res.body).toBe(201);
    const receiptNo = res.json().receiptNo as string;

    const [recorded, ...more] = await eventsOf('payment.recorded', receiptNo);
    expect(more).toHaveLength(0);
    expect(recorded?.data).toMatchObject({ receiptNo, amountCents: totalCents, method: 'card', allocations: [{ invoiceNo }] });
    expect(await handledBy(recorded?.id ?? 0)).toEqual(['integrations.webhook.payment-recorded', 'payments.receipt']);
    const [paid] = await eventsOf('invoice.paid', receiptNo);
    expect(paid?.data).toMatchObject({ invoiceNo, receiptNo, customerId: w.customerId });
    expect(await handledBy(paid?.id ?? 0)).toEqual(['account-credit.referral-reward']);
    // The reactions themselves: one receipt e-mail, one webhook delivery.
    expect(await receiptMails(receiptNo)).toBe(1);
    expect(await paymentHooks(receiptNo)).toBe(1);

    // Delivered again (a retry), nobody runs twice.
    const ctx = { db: w.t.db, mailer: w.t.ctx.mailer };
    expect(await redeliver(ctx, recorded?.id ?? 0)).toEqual([]);
    expect(await receiptMails(receiptNo)).toBe(1);
    expect(await paymentHooks(receiptNo)).toBe(1);

    // A subscriber that had not handled it (say, added since) runs on the retry, once.
    await w.t.db
      .delete(domainEventDeliveries)
      .where(and(eq(domainEventDeliveries.eventId, recorded?.id ?? 0), eq(domainEventDeliveries.subscriber, 'payments.receipt')));
    expect(await redeliver(ctx, recorded?.id ?? 0)).toEqual(['payments.receipt']);
    expect(await redeliver(ctx, recorded?.id ?? 0)).toEqual([]);
    expect(await receiptMails(receiptNo)).toBe(2);
    expect(await paymentHooks(receiptNo)).toBe(1);
  });

  it('a part payment settles nothing: no invoice.paid', async () => {
    const { invoiceNo } = await w.issue([1]);
    const res = await pay(invoiceNo, 100_00);
    expect(res.statusCode, res.body).toBe(201);
    const receiptNo = res.json().receiptNo as string;
    expect(await eventsOf('payment.recorded', receiptNo)).toHaveLength(1);
    expect(await eventsOf('invoice.paid', receiptNo)).toHaveLength(0);
  });

  it('a payment rolled back leaves no event and no reaction', async () => {
    const seen: DomainEvent[] = [];
    // A reaction that fails takes the payment's transaction down with it.
    const failing = subscriber({
      name: 'test.failing',
      on: 'payment.recorded',
      async handle(_ctx, event) {
        seen.push(event);
        throw new Error('subscriber failed');
      },
    });
    useSubscribers([...SUBSCRIBERS, failing]);
    const { invoiceNo, totalCents } = await w.issue([1]);
    const before = (await w.t.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents))[0]?.n;
    const res = await pay(invoiceNo, totalCents);
    expect(res.statusCode).toBe(500);

    // The subscribers ran (the receipt and webhook before the failing one), and all of it was undone.
    const receiptNo = seen[0]?.type === 'payment.recorded' ? seen[0].data.receiptNo : '';
    expect(receiptNo).toMatch(/^RCT-/);
    expect((await w.t.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents))[0]?.n).toBe(before);
    expect(await w.t.db.select().from(payments).where(eq(payments.receiptNo, receiptNo))).toHaveLength(0);
    expect(await receiptMails(receiptNo)).toBe(0);
    expect(await paymentHooks(receiptNo)).toBe(0);
    expect((await w.api('GET', `/invoices/${invoiceNo}`, w.tokens.admin)).json().paidCents).toBe(0);
  });
});

describe('domain events of an invoice', () => {
  it('an issued invoice publishes invoice.issued; its webhook is a subscriber that queues one delivery', async () => {
    await w.t.db
      .insert(webhookEndpoints)
      .values({ courierId: w.courierId, url: 'https://hooks.example.test/invoices', events: ['invoice.issued'], secretSealed: 'x' });
    const { invoiceNo, totalCents, packageIds } = await w.issue([2]);
    const [event, ...more] = await w.t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'invoice.issued'), sql`${domainEvents.data}->>'invoiceNo' = ${invoiceNo}`));
    expect(more).toHaveLength(0);
    expect(await handledBy(event?.id ?? 0)).toContain('integrations.webhook.invoice-issued');
    const hooks = (await w.t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, 'invoice.issued'))).filter((d) =>
      d.body.includes(`"invoiceNo":"${invoiceNo}"`),
    );
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0]?.body ?? '{}')).toMatchObject({
      type: 'invoice.issued',
      data: { invoiceNo, customerId: w.customerId, packageIds, totalCents, currency: 'JMD' },
    });
  });
});

describe('domain events of a package', () => {
  it('a scanned package publishes package.received, handled by its webhook and its notice, once', async () => {
    const res = await w.api('POST', '/packages', w.tokens.admin, {
      trackingNumber: '1ZEVENTS0000000001',
      weightLb: 2,
      customerId: w.customerId,
      mode: 'AIR',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const events = await w.t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'package.received'), sql`${domainEvents.data}->'packages'->0->>'id' = ${String(id)}`));
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({
      packages: [{ id, trackingNumber: '1ZEVENTS0000000001', customerId: w.customerId }],
      messagesLater: false,
    });
    expect(await handledBy(events[0]?.id ?? 0)).toEqual(['integrations.webhook.package-received', 'packages.received-notice']);
  });

  it("a status change publishes package.status_changed; the customer's notice is its subscriber, not a call of the status path", async () => {
    const move = async (n: number) => {
      const pkg = await readyPackage(w, w.courierId, w.customerId, {
        status: 'at_customs',
        readyAt: null,
        trackingNumber: `1ZSTATUSEV${n}`,
      });
      const ready = await w.api('POST', `/packages/${pkg.id}/status`, w.tokens.admin, { status: 'ready_for_pickup' });
      expect(ready.statusCode, ready.body).toBe(200);
      const [event] = await w.t.db
        .select()
        .from(domainEvents)
        .where(
          and(
            eq(domainEvents.type, 'package.status_changed'),
            sql`${domainEvents.data}->'changes'->0->>'id' = ${String(pkg.id)}`,
            sql`${domainEvents.data}->'changes'->0->>'status' = 'ready_for_pickup'`,
          ),
        );
      const told = await w.t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.customerId, w.customerId), like(notifications.title, `%ready for pickup: ${pkg.packageNumber}%`)));
      return { event, told: told.length };
    };
    const first = await move(1);
    expect(first.event?.data).toMatchObject({ changes: [{ status: 'ready_for_pickup', previousStatus: 'at_customs' }] });
    expect(await handledBy(first.event?.id ?? 0)).toEqual(['integrations.webhook.package-status', 'packages.status-notice']);
    expect(first.told).toBe(1);
    // Without the subscriber, the same move tells the customer nothing: the status path calls no notice itself.
    useSubscribers(SUBSCRIBERS.filter((s) => s.name !== 'packages.status-notice'));
    const second = await move(2);
    expect(await handledBy(second.event?.id ?? 0)).toEqual(['integrations.webhook.package-status']);
    expect(second.told).toBe(0);
  });
});

describe('old domain events', () => {
  it('are pruned after 30 days once every subscriber handled them; one still owed a reaction, or a recent one, stays', async () => {
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const event = async (createdAt: Date, handledBy: string[]) => {
      const [row] = await w.t.db
        .insert(domainEvents)
        .values({ courierId: w.courierId, type: 'invoice.paid', data: { test: 'prune' }, createdAt })
        .returning();
      if (!row) throw new Error('event insert failed');
      if (handledBy.length > 0)
        await w.t.db.insert(domainEventDeliveries).values(handledBy.map((subscriber) => ({ eventId: row.id, subscriber })));
      return row.id;
    };
    const handledOld = await event(daysAgo(31), ['account-credit.referral-reward']);
    const owedOld = await event(daysAgo(31), []);
    const handledRecent = await event(daysAgo(29), ['account-credit.referral-reward']);
    // A type nobody subscribes to any more goes once old.
    const [orphan] = await w.t.db
      .insert(domainEvents)
      .values({ courierId: w.courierId, type: 'retired.event', data: {}, createdAt: daysAgo(40) })
      .returning();

    expect(await pruneDomainEvents(w.t.db, now)).toBeGreaterThanOrEqual(2);
    const left = new Set((await w.t.db.select({ id: domainEvents.id }).from(domainEvents)).map((r) => r.id));
    expect(left.has(handledOld)).toBe(false);
    expect(left.has(orphan?.id ?? 0)).toBe(false);
    expect(left.has(owedOld)).toBe(true);
    expect(left.has(handledRecent)).toBe(true);
    // The handling records went with their event.
    expect(await handledBy(handledOld)).toEqual([]);
    expect(await pruneDomainEvents(w.t.db, now)).toBe(0);
  });
});
