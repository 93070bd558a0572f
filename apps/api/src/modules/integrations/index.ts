// What the rest of the server may use of integrations.
export { invoiceIssuedWebhook, packageReceivedWebhook, packageStatusWebhook, paymentWebhook } from './webhook-events.subscriber';
export { claimDueSources, pickUp } from './agent-pickup.service';
export { claimDueDeliveries, outboundPolicy, sendDelivery, type OutboundPolicy } from './webhooks.service';
