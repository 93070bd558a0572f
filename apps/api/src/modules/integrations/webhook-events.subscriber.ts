import { subscriber } from '../../lib/domain-events';
import { enqueueWebhookEvent, enqueueWebhookEvents } from './webhook-queue.service';

// The courier's webhooks hear of payments, invoices and packages: each event becomes one delivery per
// listening endpoint in the webhook outbox, sent by jobs/webhook-job.ts after the commit.

export const paymentWebhook = subscriber({
  name: 'integrations.webhook.payment-recorded',
  on: 'payment.recorded',
  async handle({ db }, { courierId, data: p }) {
    await enqueueWebhookEvent(db, courierId, 'payment.recorded', {
      receiptNo: p.receiptNo,
      customerId: p.customerId,
      amountCents: p.amountCents,
      method: p.method,
      allocations: p.allocations,
      ...(p.test ? { mode: 'TEST' } : {}),
    });
  },
});

export const invoiceIssuedWebhook = subscriber({
  name: 'integrations.webhook.invoice-issued',
  on: 'invoice.issued',
  async handle({ db }, { courierId, data: i }) {
    await enqueueWebhookEvent(db, courierId, 'invoice.issued', {
      invoiceNo: i.invoiceNo,
      customerId: i.customerId,
      packageIds: i.packageIds,
      totalCents: i.totalCents,
      currency: 'JMD',
    });
  },
});

export const packageReceivedWebhook = subscriber({
  name: 'integrations.webhook.package-received',
  on: 'package.received',
  async handle({ db }, { courierId, data }) {
    await enqueueWebhookEvents(db, courierId, 'package.received', data.packages);
  },
});

/** A status change, and a delivery as its own event too. */
export const packageStatusWebhook = subscriber({
  name: 'integrations.webhook.package-status',
  on: 'package.status_changed',
  async handle({ db }, { courierId, data }) {
    // What a webhook tells of a move; the hints for the customer's notice stay in the building.
    const changes = data.changes.map(({ id, packageNumber, trackingNumber, status, previousStatus }) => ({
      id,
      packageNumber,
      trackingNumber,
      status,
      previousStatus,
    }));
    await enqueueWebhookEvents(db, courierId, 'package.status_changed', changes);
    const delivered = changes.filter((c) => c.status === 'delivered');
    await enqueueWebhookEvents(db, courierId, 'delivery.completed', delivered);
  },
});
