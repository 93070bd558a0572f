import { z } from 'zod';

/** What an API key may do on the inbound API. */
export const API_SCOPES = ['packages:write', 'packages:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'packages:write': 'Send received packages',
  'packages:read': 'Read packages and their events',
};

export const INTEGRATION_MESSAGES = {
  keyNameRequired: 'Please enter a name for the key',
  scopesRequired: 'Choose at least one thing the key may do',
  keyNotFound: 'API key not found',
  keyMissing: 'Send your API key as "Authorization: Bearer <key>"',
  keyInvalid: 'This API key is not valid or has been revoked',
  scopeMissing: (scope: string) => `This API key may not do this: it needs the ${scope} scope`,
  idempotencyKeyShape: 'The Idempotency-Key must be 1 to 200 visible characters',
  idempotencyConflict: 'This Idempotency-Key was already used with a different request; use a new key for a new request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed; retry in a few seconds to get its answer',
  batchEmpty: 'Send at least one package',
  batchTooLarge: (max: number) => `Send at most ${max} packages in one batch`,
  packageNotFound: 'Package not found',
} as const;

export const createApiKeySchema = z.strictObject({
  name: z.string({ error: INTEGRATION_MESSAGES.keyNameRequired }).trim().min(1, INTEGRATION_MESSAGES.keyNameRequired).max(80),
  scopes: z.array(z.enum(API_SCOPES)).min(1, INTEGRATION_MESSAGES.scopesRequired),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeySchema>;
/** The new key, whole: shown once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKeyDto = z.infer<typeof createdApiKeySchema>;

/** A parcel the agent's system received, as the inbound API takes it. */
export const inboundPackageSchema = z
  .strictObject({
    trackingNumber: z.string().max(60),
    mailbox: z.string().max(32).optional(),
    consignee: z.string().max(120).optional(),
    weightLb: z.number(),
    lengthIn: z.number().optional(),
    widthIn: z.number().optional(),
    heightIn: z.number().optional(),
    pieces: z.number().int().optional(),
    merchant: z.string().max(100).optional(),
    description: z.string().max(200).optional(),
    declaredValueUsdCents: z.number().int().optional(),
    receivedDate: z.string().max(10).optional().describe('yyyy-mm-dd'),
  })
  .meta({
    example: {
      trackingNumber: '1Z999AA10123456784',
      mailbox: 'JXP-10001',
      weightLb: 3.5,
      lengthIn: 12,
      widthIn: 9,
      heightIn: 4,
      pieces: 1,
      merchant: 'Amazon',
      description: 'Headphones',
      declaredValueUsdCents: 14999,
      receivedDate: '2026-11-20',
    },
  });
export type InboundPackage = z.infer<typeof inboundPackageSchema>;

export const INBOUND_BATCH_MAX = 1000;
export const inboundBatchSchema = z.strictObject({
  packages: z.array(inboundPackageSchema).max(INBOUND_BATCH_MAX, INTEGRATION_MESSAGES.batchTooLarge(INBOUND_BATCH_MAX)),
});

export const inboundResultSchema = z.object({
  trackingNumber: z.string().nullable(),
  outcome: z.enum(['received', 'unknown', 'already_received', 'duplicate_in_file', 'invalid']),
  packageId: z.number().int().nullable(),
  packageNumber: z.string().nullable(),
  customer: z.string().nullable(),
  preAlertMatched: z.boolean(),
  messages: z.array(z.string()),
});
export const inboundBatchResultSchema = z.object({ results: z.array(inboundResultSchema) });

export const v1PackageSchema = z.object({
  id: z.number().int(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  status: z.string(),
  mailbox: z.string().nullable(),
  weightLb: z.number(),
  receivedAt: z.string(),
  updatedAt: z.string(),
});
export const v1PackageListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The id after which to continue (the previous page's nextCursor). */
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  trackingNumber: z.string().max(60).optional(),
});
export const v1PackageListSchema = z.object({ data: z.array(v1PackageSchema), nextCursor: z.number().int().nullable() });
export const v1EventSchema = z.object({
  status: z.string(),
  fromStatus: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export const v1EventsSchema = z.object({ data: z.array(v1EventSchema) });

/** What a courier's other systems can hear about. */
export const WEBHOOK_EVENTS = [
  'package.received',
  'package.status_changed',
  'invoice.issued',
  'payment.recorded',
  'delivery.completed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'package.received': 'Package received',
  'package.status_changed': 'Package status changed',
  'invoice.issued': 'Invoice issued',
  'payment.recorded': 'Payment recorded',
  'delivery.completed': 'Delivery completed',
};

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter the full address of your endpoint, starting with https://',
  urlNotHttps: 'The endpoint must use https://',
  urlPrivate: 'The endpoint must be on the internet: private, local and loopback addresses are refused',
  eventsRequired: 'Choose at least one event',
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
} as const;

export const createWebhookSchema = z.strictObject({
  url: z.string({ error: WEBHOOK_MESSAGES.urlInvalid }).trim().url(WEBHOOK_MESSAGES.urlInvalid).max(500),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, WEBHOOK_MESSAGES.eventsRequired),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type WebhookEndpointDto = z.infer<typeof webhookEndpointSchema>;
/** The new endpoint with its signing secret: shown once. */
export const createdWebhookSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  responseStatus: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;

export const PICKUP_MESSAGES = {
  listingUnreadable: 'The folder did not answer with a list of files (JSON: ["name.csv", …] or { "files": [{ "name": …, "url": … }] })',
  folderUnreachable: (status: string) => `The folder could not be read (${status})`,
  fileUnreachable: (name: string, status: string) => `${name} could not be downloaded (${status})`,
  notConfigured: 'Enter the address of the agent’s folder first',
  sftpUserMissing: 'Put the SFTP user name in the address: sftp://user@host/folder',
  sftpFingerprintMissing: 'Enter the SFTP server’s host key fingerprint (SHA256:…, as ssh-keygen -l prints it)',
  sftpSecretMissing: 'Enter the SFTP password or private key',
  sftpHostKeyMismatch: 'The SFTP server’s host key does not match the fingerprint you entered',
  sftpPrivateKeyBad: 'The private key is not one we can read (OpenSSH or PEM, without a passphrase)',
  rowsRefused: (file: string, refused: number, total: number) =>
    `${file}: ${refused.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows not imported`,
  fileFailed: (file: string) => `${file} could not be imported`,
  fixHint:
    'Fix the rows in the agent’s file and put it in the folder again under the same name: it is taken again, and rows already imported are not doubled.',
} as const;

/** The host key fingerprint as `ssh-keygen -l` prints it: SHA256: and 43 base64 characters. */
export const SFTP_FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}=?$/;

export const pickupSourceSchema = z.strictObject({
  url: z.string({ error: WEBHOOK_MESSAGES.urlInvalid }).trim().url(WEBHOOK_MESSAGES.urlInvalid).max(500),
  active: z.boolean(),
  /** SFTP: a new password or private key (left empty, the one saved before is kept). */
  password: z.string().max(200).optional(),
  privateKey: z.string().max(20_000).optional(),
  hostKeyFingerprint: z.string().trim().regex(SFTP_FINGERPRINT, PICKUP_MESSAGES.sftpFingerprintMissing).optional().or(z.literal('')),
});
export type PickupSourceInput = z.output<typeof pickupSourceSchema>;
/** What became of one file taken from the folder: rows imported and refused, or why it failed. */
export const pickupFileSchema = z.object({
  name: z.string(),
  importId: z.number().int().nullable(),
  error: z.string().nullable(),
  totalRows: z.number().int().nullable(),
  imported: z.number().int().nullable(),
  refused: z.number().int().nullable(),
  /** Rows were refused or the file failed: it is taken again once fixed. */
  needsFix: z.boolean(),
  takenAt: z.string(),
});
export type PickupFileDto = z.infer<typeof pickupFileSchema>;

export const pickupSourceDtoSchema = z.object({
  url: z.string().nullable(),
  active: z.boolean(),
  /** SFTP: which secret is saved (never the secret itself), and the pinned host key. */
  secretKind: z.enum(['password', 'private_key']).nullable(),
  hostKeyFingerprint: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** The latest files taken, newest first. */
  files: z.array(pickupFileSchema),
});
export type PickupSourceDto = z.infer<typeof pickupSourceDtoSchema>;
export const pickupRunSchema = z.object({
  files: z.array(pickupFileSchema),
});
