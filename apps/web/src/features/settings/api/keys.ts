import type { ListQueryParams } from '@/lib/list-query';

/** Every query key of the courier's settings (profile, e-mail, rates and fees, public site, gateway, outbox, WhatsApp and SMS). */
export const settingsKeys = {
  /** Every settings answer (a fee change reprices what the tabs show). */
  all: ['settings'] as const,
  couriers: ['courier'] as const,
  courier: (id: number | null) => ['courier', id] as const,
  emailConfig: (courierId: number | null) => ['settings', 'email-config', courierId] as const,
  rateSheet: ['rate-sheet'] as const,
  outbox: {
    of: (courierId: number | null) => ['email-outbox', courierId] as const,
    list: (courierId: number | null, query: ListQueryParams) => ['email-outbox', courierId, 'list', query] as const,
    summary: (courierId: number | null) => ['email-outbox', courierId, 'summary'] as const,
  },
  gateway: (courierId: number | null) => ['settings', 'payment-gateway', courierId] as const,
  publicContent: ['settings', 'public-content'] as const,
  domains: ['settings', 'domains'] as const,
  embed: ['settings', 'embed'] as const,
  shippingRates: ['settings', 'shipping-rates'] as const,
  processingFees: ['settings', 'processing-fees'] as const,
  additionalFees: ['settings', 'additional-fees'] as const,
  warehouse: ['settings', 'warehouse'] as const,
  testClock: ['settings', 'test-clock'] as const,
  hazardFee: ['settings', 'hazard-fee'] as const,
  messaging: ['settings', 'messaging'] as const,
  messageOutbox: ['settings', 'messaging', 'outbox'] as const,
  /** The courier's account at the tracking aggregator (carrier scans before the warehouse). */
  trackingAccount: ['settings', 'carrier-tracking'] as const,
};
