import { z } from 'zod';
import { calendarDateSchema, courierListQuerySchema, rowTimeZoneSchema } from './common';

/** The audit log as people read it: who, what, when, before -> after (Admin -> Audit log). */
export const AUDIT_MESSAGES = {
  dateRange: 'The start date must not be after the end date',
  useDate: 'Use a date like 2026-01-31',
} as const;

/**
 * Every action the API writes to the audit log, as people read it in the log's "What" column
 * (`lib/audit.ts` takes only these, so an action without a label does not compile).
 */
export const AUDIT_ACTION_LABELS = {
  'account_credit.goodwill_added': 'Goodwill credit added',
  'account_credit.referral_rewarded': 'Referral reward credited',
  'additional_fees.hazard_fee_updated': 'Hazard return/disposal fee changed',
  'additional_fees.updated': 'Additional fees changed',
  'branch.created': 'Branch added',
  'branch.deleted': 'Branch deleted',
  'branch.updated': 'Branch changed',
  'cash_up.corrected': 'Cash-up corrected',
  'consolidation.cancelled': 'Consolidation cancelled',
  'consolidation.completed': 'Packages consolidated',
  'consolidation.package_held': 'New arrival held for consolidation',
  'consolidation.requested': 'Consolidation requested',
  'cash_up.recorded': 'Cash-up recorded',
  'coupon.created': 'Coupon created',
  'coupon.redeemed': 'Coupon used',
  'coupon.updated': 'Coupon updated',
  'courier.activated': 'Courier reactivated',
  'courier.api_key_rotated': 'API key replaced',
  'courier.bank_details_updated': 'Bank details changed',
  'courier.company_updated': 'Company details changed',
  'courier.created': 'Courier created',
  'courier.logo_updated': 'Logo changed',
  'courier.payment_test_mode_off': 'Payment test mode turned off',
  'courier.payment_test_mode_on': 'Payment test mode turned on',
  'courier.rate_sheet_updated': 'Rate sheet changed',
  'courier.shipping_addresses_updated': 'US shipping addresses changed',
  'courier.smtp_insecure_allowed': 'E-mail without TLS allowed',
  'courier.smtp_tls_required': 'E-mail over TLS required',
  'courier.suspended': 'Courier suspended',
  'courier.updated': 'Courier changed',
  'courier_invitation.accepted': 'Courier invitation accepted',
  'courier_invitation.revoked': 'Courier invitation withdrawn',
  'courier_invitation.sent': 'Courier invitation sent',
  'customer.activated': 'Customer reactivated',
  'customer.deactivated': 'Customer deactivated',
  'customer.insurance_default_changed': 'Insure every package changed',
  'customer.registered_walk_in': 'Walk-in customer registered',
  'customer.updated': 'Customer changed',
  'delivery_location.created': 'Delivery location added',
  'delivery_location.deleted': 'Delivery location deleted',
  'delivery_location.updated': 'Delivery location changed',
  'domain.approved': 'Host name approved',
  'fee.created': 'Fee added',
  'fee.version_added': 'Fee rate changed from a date',
  'domain.rejected': 'Host name rejected',
  'domain.removed': 'Host name removed',
  'domain.requested': 'Host name requested',
  'email_config.test_failed': 'Test e-mail failed',
  'email_config.test_sent': 'Test e-mail sent',
  'email_config.updated': 'E-mail settings changed',
  'embed.updated': 'Embedding settings changed',
  'insurance_claim.decided': 'Insurance claim decided',
  'insurance_claim.opened': 'Insurance claim opened',
  'impersonation.issued': 'Impersonation link issued',
  'impersonation.started': 'Impersonation started',
  'invoice.collected': 'Packages collected',
  'invoice.collected_with_balance': 'Packages collected with a balance due',
  'invoice.customs_assessed': 'Customs assessed',
  'invoice.delivery_fee_released': 'Delivery fee removed',
  'invoice.fees_added': 'Fees added to invoice',
  'invoice.issued': 'Invoice issued',
  'invoice.recomputed': 'Invoice recalculated',
  'invoice.reissued': 'Invoice reissued',
  'invoice.voided': 'Invoice voided',
  'label_printer.created': 'Label printer added',
  'label_printer.deleted': 'Label printer removed',
  'manifest.corrected': 'Manifest corrected',
  'manifest.departure_moved': 'Manifest departure moved',
  'manifest.split_confirmed': 'Manifest split confirmed',
  'online_payment.recorded': 'Online payment received',
  'online_payment.refused': 'Online payment refused',
  'online_payment.started': 'Online payment started',
  'package.corrected': 'Package corrected',
  'api_key.created': 'Integration API key created',
  'api_key.revoked': 'Integration API key revoked',
  'webhook.created': 'Webhook endpoint added',
  'webhook.disabled': 'Webhook endpoint disabled',
  'package.imported': 'Packages imported from the warehouse agent’s file',
  'package.hazard_cleared': 'Package hazard flag removed',
  'package.hazard_flagged': 'Package flagged hazardous or prohibited',
  'package.contents_photo_requested': 'Photo of contents requested by the customer',
  'package.contents_photo_cancelled': 'Photo of contents cancelled by the customer',
  'package.contents_photo_done': 'Photo of contents taken',
  'package.contents_given': 'Customer gave the value and contents of a package',
  'package.hold_released': 'Package hold released',
  'package.insurance_changed': 'Package insurance changed',
  'package.photo_added': 'Package photo added',
  'package.invoice_uploaded': 'Package invoice uploaded',
  'package.release_overridden': 'Package released with a balance due',
  'package.voided': 'Package voided',
  'payment.placed_on_till': 'Payment placed on a till',
  'payment.recorded': 'Payment recorded',
  'payment.refunded': 'Payment refunded',
  'payment_gateway.updated': 'Payment gateway changed',
  'platform.default_courier_set': 'Default courier chosen',
  'platform.settings_updated': 'Platform settings changed',
  'processing_fee.created': 'Processing fee added',
  'processing_fee.deleted': 'Processing fee deleted',
  'processing_fee.updated': 'Processing fee changed',
  'public_content.updated': 'Public site content changed',
  'referral_rewards.updated': 'Referral rewards changed',
  'role.created': 'Role added',
  'role.deleted': 'Role deleted',
  'role.updated': 'Role changed',
  'shipping_rate.created': 'Shipping rate added',
  'shipping_rate.deleted': 'Shipping rate deleted',
  'shipping_rate.updated': 'Shipping rate changed',
  // Written before the services' prices moved into the fee engine; older audit rows keep it.
  'service_fees.updated': 'Service fees changed',
  'shop_request.accepted': 'Shop For Me quote accepted',
  'shop_request.declined': 'Shop For Me quote declined',
  'shop_request.purchased': 'Shop For Me purchase recorded',
  'shop_request.quoted': 'Shop For Me request quoted',
  'staff.activated': 'Staff member reactivated',
  'shelf.created': 'Shelf added',
  'shelf.deleted': 'Shelf removed',
  'staff.created': 'Staff member added',
  'staff.deactivated': 'Staff member deactivated',
  'staff.password_reset': 'Staff password reset',
  'staff.updated': 'Staff member changed',
  'statement.sent': 'Monthly statement sent',
  'two_factor.disabled': 'Two-step sign-in turned off',
  'two_factor.enabled': 'Two-step sign-in turned on',
  'two_factor.recovery_code_used': 'Signed in with a recovery code',
  'two_factor.reset': "Someone's two-step sign-in reset",
  'two_factor_policy.updated': 'Two-step sign-in requirement for staff changed',
  'user.password_changed': 'Own password changed',
  'user.profile_updated': 'Own profile changed',
  'user.registered': 'Account registered',
  'warehouse_settings.updated': 'Warehouse settings changed',
  'messaging_settings.updated': 'SMS and WhatsApp settings changed',
  'customer_phone.opted_out': 'Customer replied STOP to messages',
  'customer_phone.opted_in': 'Customer replied START to messages',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
/** An action's first word (`payment.recorded` -> payment): what the log's Kind column shows and filters by. */
export type AuditKind = AuditAction extends `${infer Kind}.${string}` ? Kind : never;

/** The kinds of change the log can be filtered by, one for each first word of an action. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  account_credit: 'Account credit',
  additional_fees: 'Additional fees',
  api_key: 'Integration API keys',
  branch: 'Branches',
  cash_up: 'Cash-up',
  consolidation: 'Consolidation',
  coupon: 'Coupons',
  courier: 'Company settings',
  courier_invitation: 'Courier invitations',
  customer: 'Customers',
  customer_phone: 'Customer mobile numbers',
  delivery_location: 'Delivery locations',
  domain: 'Host names',
  email_config: 'E-mail settings',
  embed: 'Embedding',
  fee: 'Fees',
  impersonation: 'Impersonation',
  insurance_claim: 'Insurance claims',
  messaging_settings: 'SMS and WhatsApp settings',
  invoice: 'Invoices',
  label_printer: 'Label printers',
  manifest: 'Manifests',
  online_payment: 'Online payments',
  package: 'Packages',
  payment: 'Payments',
  payment_gateway: 'Payment gateway',
  platform: 'Platform settings',
  processing_fee: 'Processing fees',
  public_content: 'Public site content',
  role: 'Roles and permissions',
  service_fees: 'Service fees',
  shelf: 'Shelves',
  shipping_rate: 'Shipping rates',
  shop_request: 'Shop For Me',
  staff: 'Staff',
  two_factor: 'Two-step sign-in',
  two_factor_policy: 'Two-step sign-in requirement',
  user: 'Accounts',
  warehouse_settings: 'Warehouse settings',
  webhook: 'Webhooks',
  referral_rewards: 'Referral rewards',
  statement: 'Statements',
};

/** A key as words ("cash_up.corrected" -> "Cash up corrected"): for rows written before their action had a label. */
const asWords = (key: string) => {
  const words = key.replaceAll(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** What an audit action says in the log: its label, never the raw key. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? asWords(action);
}

/** What an audit kind says in the log: its label, never the raw key. */
export function auditKindLabel(kind: string): string {
  return (AUDIT_KIND_LABELS as Record<string, string>)[kind] ?? asWords(kind);
}

export const auditListQuerySchema = courierListQuerySchema
  .extend({ from: calendarDateSchema(AUDIT_MESSAGES.useDate).optional(), to: calendarDateSchema(AUDIT_MESSAGES.useDate).optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: AUDIT_MESSAGES.dateRange, path: ['from'] });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  courierId: z.number().int().nullable(),
  courierName: z.string().nullable(),
  /** The courier's time zone (the default for platform rows), which the time is shown in. */
  timeZone: rowTimeZoneSchema,
  actorType: z.enum(['user', 'customer', 'system']),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  kind: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** What it was, when the row says (settings, corrections); null otherwise. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** What it became, or what was done. */
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The people who appear in a courier's log, for the "person" filter. */
export const auditActorSchema = z.object({
  actorType: z.enum(['user', 'customer', 'system']),
  actorId: z.number().int().nullable(),
  name: z.string(),
});
