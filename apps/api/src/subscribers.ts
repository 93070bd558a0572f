import type { Subscriber } from './lib/domain-events';
import { rewardReferral } from './modules/account-credit/index';
import { welcomeInvited } from './modules/auth/index';
import { invoiceIssuedWebhook, packageReceivedWebhook, packageStatusWebhook, paymentWebhook } from './modules/integrations/index';
import { packagesFollowBranch, releaseForAttachedInvoice, tellReceived, tellStatusNews } from './modules/packages/index';
import { scheduleCardCharge, settlePrepayments } from './modules/online-payments/index';
import { sendReceipt } from './modules/payments/index';
import { trackPreAlert } from './modules/carrier-tracking/index';

/**
 * Who reacts to what (lib/domain-events.ts). Each subscriber lives in the module that owns the
 * reaction; a new reaction is a new line here, never an edit of the action that publishes. Within
 * an event they run in this order, in the publisher's transaction.
 */
export const SUBSCRIBERS: Subscriber[] = [
  // payment.recorded
  sendReceipt,
  paymentWebhook,
  // invoice.issued: the webhook first (it tells of the invoice before any payment on it), then a
  // payment in advance settles, then only the rest is charged automatically
  invoiceIssuedWebhook,
  settlePrepayments,
  scheduleCardCharge,
  // invoice.paid
  rewardReferral,
  // package.received
  packageReceivedWebhook,
  tellReceived,
  // package.status_changed
  packageStatusWebhook,
  tellStatusNews,
  // customer.branch_changed
  packagesFollowBranch,
  // customer.invited
  welcomeInvited,
  // pre_alert.created
  trackPreAlert,
  // pre_alert.invoice_attached
  releaseForAttachedInvoice,
];
