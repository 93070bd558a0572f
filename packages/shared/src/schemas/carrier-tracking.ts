import { z } from 'zod';
import type { Carrier } from '../constants/packages';
import { rowTimeZoneSchema } from './common';

/**
 * A parcel's way to our Miami warehouse, from the carrier's own scans: the tracking aggregator
 * (AfterShip's protocol) follows a pre-alert's tracking number and reports each checkpoint.
 * The statuses are the aggregator's delivery tags.
 */
export const CARRIER_TAGS = [
  'Pending',
  'InfoReceived',
  'InTransit',
  'OutForDelivery',
  'AttemptFail',
  'AvailableForPickup',
  'Delivered',
  'Exception',
  'Expired',
] as const;
export type CarrierTag = (typeof CARRIER_TAGS)[number];

/** A tag as a person reads it; "Delivered" is to our Miami warehouse, the pre-alert's ship-to address. */
export const CARRIER_TAG_LABELS: Record<CarrierTag, string> = {
  Pending: 'Waiting for the carrier',
  InfoReceived: 'Label created',
  InTransit: 'In transit',
  OutForDelivery: 'Out for delivery',
  AttemptFail: 'Delivery attempt failed',
  AvailableForPickup: 'Available for pickup',
  Delivered: 'Delivered to our Miami warehouse',
  Exception: 'Carrier exception',
  Expired: 'No news from the carrier',
};

/** An unknown tag from the aggregator reads as the nearest we know: still on its way. */
export function carrierTagOf(raw: string | null | undefined): CarrierTag {
  return (CARRIER_TAGS as readonly string[]).includes(raw ?? '') ? (raw as CarrierTag) : 'InTransit';
}

/** The aggregator's courier slug for our carrier (none for OTHER: the aggregator detects it). */
export const AGGREGATOR_SLUGS: Record<Carrier, string | null> = {
  UPS: 'ups',
  FEDEX: 'fedex',
  USPS: 'usps',
  AMAZON: 'amazon',
  DHL: 'dhl',
  OTHER: null,
};

export const carrierEventSchema = z.object({
  id: z.number().int(),
  tag: z.enum(CARRIER_TAGS),
  label: z.string(),
  message: z.string(),
  location: z.string().nullable(),
  occurredAt: z.string(),
});
export type CarrierEvent = z.infer<typeof carrierEventSchema>;

export const carrierTrackingSchema = z.object({
  id: z.number().int(),
  preAlertId: z.number().int(),
  trackingNumber: z.string(),
  tag: z.enum(CARRIER_TAGS),
  label: z.string(),
  /** Followed by the aggregator's simulator (the courier is in test mode): shown as TEST. */
  test: z.boolean(),
  /** Whether the aggregator has taken the tracking number yet. */
  registered: z.boolean(),
  deliveredAt: z.string().nullable(),
  /** When staff were told it was delivered to the warehouse but not received. */
  alertedAt: z.string().nullable(),
  /** Received at the warehouse (a package matched the pre-alert). */
  received: z.boolean(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  merchant: z.string(),
  timeZone: rowTimeZoneSchema,
  events: z.array(carrierEventSchema),
});
export type CarrierTracking = z.infer<typeof carrierTrackingSchema>;

export const carrierTrackingListQuerySchema = z.object({
  /** `waiting`: delivered to the warehouse and not received yet. */
  show: z.enum(['all', 'waiting']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type CarrierTrackingListQuery = z.infer<typeof carrierTrackingListQuerySchema>;

export const carrierTrackingPageSchema = z.object({
  data: z.array(carrierTrackingSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** A checkpoint of the aggregator's tracking object, as its webhook carries it (other fields ignored). */
const checkpointSchema = z.looseObject({
  checkpoint_time: z.string().min(1),
  message: z.string().nullish(),
  tag: z.string().nullish(),
  location: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
});

/** The aggregator's webhook: `event`, `event_id`, `ts` and the tracking object in `msg`. */
export const aggregatorWebhookSchema = z.looseObject({
  event: z.string().min(1),
  event_id: z.string().nullish(),
  ts: z.number().nullish(),
  msg: z.looseObject({
    id: z.string().min(1),
    tracking_number: z.string().min(1),
    slug: z.string().nullish(),
    tag: z.string().nullish(),
    checkpoints: z.array(checkpointSchema).max(500).default([]),
  }),
});
export type AggregatorWebhook = z.infer<typeof aggregatorWebhookSchema>;

/** The courier's aggregator account: its API key and the webhook secret of its dashboard. */
export const trackingAccountInputSchema = z.object({
  apiKey: z.string().trim().min(8, 'Please enter the API key').max(200),
  webhookSecret: z.string().trim().min(8, 'Please enter the webhook secret').max(200),
});
export type TrackingAccountInput = z.infer<typeof trackingAccountInputSchema>;

export const trackingAccountSchema = z.object({
  connected: z.boolean(),
  test: z.boolean(),
  /** Where the aggregator must send its webhooks (set in its dashboard). */
  webhookUrl: z.string(),
});
export type TrackingAccount = z.infer<typeof trackingAccountSchema>;

export const CARRIER_TRACKING_MESSAGES = {
  signatureInvalid: 'The webhook signature does not match',
  notFound: 'Carrier tracking not found',
  noAccount: 'Carrier tracking is not set up for this courier',
  saved: 'Carrier tracking saved',
} as const;
