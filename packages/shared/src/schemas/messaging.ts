import { z } from 'zod';

/** What a customer may hear about outside the portal: the events of their notification feed. */
export const MESSAGE_EVENTS = [
  'package_received',
  'package_shipped',
  'package_ready',
  'package_uncollected',
  'invoice_issued',
  'payment_received',
  'delivery_scheduled',
  'ticket_answered',
] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];
export const MESSAGE_EVENT_LABELS: Record<MessageEvent, string> = {
  package_received: 'Package received in Miami',
  package_shipped: 'Package shipped to Jamaica',
  package_ready: 'Package ready for pickup',
  package_uncollected: 'Package waiting to be collected',
  invoice_issued: 'Invoice issued',
  payment_received: 'Payment received',
  delivery_scheduled: 'Delivery scheduled',
  ticket_answered: 'Ticket answered',
};

export const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel | 'push', string> = { sms: 'SMS', whatsapp: 'WhatsApp', push: 'Push' };
export const OUTBOX_CHANNELS = ['push', 'sms', 'whatsapp'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
/** queued -> sending -> sent (handed over) -> delivered, or failed / undelivered (the provider's word). */
export const MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'delivered', 'failed', 'undelivered'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Words a template may use: {firstName}, {courier}, {title}, {ref}, {link}. */
export const TEMPLATE_FIELDS = ['firstName', 'courier', 'title', 'ref', 'link'] as const;
export const DEFAULT_TEMPLATE = 'Hi {firstName}, {title}. {link}';
export const MESSAGING_MESSAGES = {
  providerNotConnected: 'This courier has not connected SMS or WhatsApp yet',
  phoneInvalid: 'Enter the mobile number with its country code, e.g. +1 876 555 0123',
  codeInvalid: 'That code is not right. Check the latest text message and try again',
  codeExpired: 'That code has expired. Ask for a new one',
  noCodePending: 'Ask for a code first',
  phoneNotConfirmed: 'Confirm your mobile number first',
  signatureInvalid: 'The request signature is not valid',
  subscriptionInvalid: 'That push subscription is not usable',
  tooManyAttempts: 'Too many wrong codes. Ask for a new one',
  templateTooLong: 'Keep a template under 500 characters',
  accountSidInvalid: 'An Account SID starts with AC followed by 32 letters and digits',
} as const;

/** A mobile number as E.164: the plus, the country code and the number; spaces, dashes and brackets dropped. */
export function normalisePhone(raw: string): string | null {
  const compact = raw.replace(/[\s().-]/g, '');
  const withPlus = compact.startsWith('+') ? compact : compact.length === 10 ? `+1${compact}` : `+${compact}`;
  return /^\+[1-9]\d{7,14}$/.test(withPlus) ? withPlus : null;
}

export const phoneSchema = z
  .string({ error: MESSAGING_MESSAGES.phoneInvalid })
  .trim()
  .max(32, MESSAGING_MESSAGES.phoneInvalid)
  .transform((v, ctx) => {
    const phone = normalisePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: MESSAGING_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  });

const eventRuleSchema = z.strictObject({
  sms: z.boolean(),
  whatsapp: z.boolean(),
  template: z.string().trim().max(500, MESSAGING_MESSAGES.templateTooLong),
});
export type EventRule = z.infer<typeof eventRuleSchema>;
export const eventRulesSchema = z.partialRecord(z.enum(MESSAGE_EVENTS), eventRuleSchema);
export type EventRules = Partial<Record<MessageEvent, EventRule>>;

/** A courier's messaging provider (Twilio's Messages API, or the simulator speaking it) and its events. */
export const messagingSettingsSchema = z.object({
  connected: z.boolean(),
  /** The provider is not Twilio itself (the local simulator): every message says TEST. */
  testMode: z.boolean(),
  baseUrl: z.string(),
  accountSid: z.string().nullable(),
  hasAuthToken: z.boolean(),
  smsFrom: z.string().nullable(),
  whatsappFrom: z.string().nullable(),
  events: z.record(z.string(), eventRuleSchema),
  /** The addresses to give the provider for status callbacks and incoming replies. */
  statusCallbackUrl: z.string(),
  inboundUrl: z.string(),
});
export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;

export const saveMessagingSettingsSchema = z.strictObject({
  baseUrl: z.url({ error: 'Enter the provider address, e.g. https://api.twilio.com' }).max(200),
  accountSid: z
    .string()
    .trim()
    .regex(/^AC[0-9a-zA-Z]{32}$/, MESSAGING_MESSAGES.accountSidInvalid),
  /** Left out keeps the stored one. */
  authToken: z.string().trim().min(8, 'Enter the Auth Token').max(200).optional(),
  smsFrom: phoneSchema.nullable(),
  whatsappFrom: phoneSchema.nullable(),
  events: eventRulesSchema,
});
export type SaveMessagingSettings = z.input<typeof saveMessagingSettingsSchema>;

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  event: z.string(),
  to: z.string(),
  customerName: z.string().nullable(),
  body: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  test: z.boolean(),
  providerSid: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  statusAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** The customer's side: their number, whether it is confirmed, and the channels they chose per event. */
export const customerMessagingSchema = z.object({
  available: z.boolean(),
  testMode: z.boolean(),
  phone: z.string().nullable(),
  confirmed: z.boolean(),
  codePending: z.boolean(),
  optedOut: z.boolean(),
  /** The events the courier sends, with the channels it offers for each. */
  offered: z.array(z.object({ event: z.enum(MESSAGE_EVENTS), label: z.string(), channels: z.array(z.enum(MESSAGE_CHANNELS)) })),
  chosen: z.record(z.string(), z.array(z.enum(MESSAGE_CHANNELS))),
});
export type CustomerMessaging = z.infer<typeof customerMessagingSchema>;
export const requestPhoneCodeSchema = z.strictObject({ phone: phoneSchema });
export const confirmPhoneSchema = z.strictObject({
  code: z
    .string({ error: MESSAGING_MESSAGES.codeInvalid })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export const customerChannelsSchema = z.strictObject({
  chosen: z.partialRecord(z.enum(MESSAGE_EVENTS), z.array(z.enum(MESSAGE_CHANNELS)).max(2)),
});

/** Web Push: a browser's subscription as PushSubscription.toJSON() gives it. */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.url({ error: MESSAGING_MESSAGES.subscriptionInvalid }).max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, MESSAGING_MESSAGES.subscriptionInvalid),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, MESSAGING_MESSAGES.subscriptionInvalid),
  }),
  deviceLabel: z.string().trim().max(120).optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export const pushEndpointSchema = z.strictObject({ endpoint: z.url({ error: MESSAGING_MESSAGES.subscriptionInvalid }).max(1000) });
export const pushKeySchema = z.object({ publicKey: z.string() });
/** What the customer app's worker receives and shows. */
export const pushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;
