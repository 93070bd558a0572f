/** Billing vocabularies of DOMAIN.md (Charges), shared by the tables, the API and the screens. */
export const INVOICE_STATUSES = ['unpaid', 'partially_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  unpaid: 'Unpaid',
  partially_paid: 'Partially Paid',
  paid: 'Paid',
  void: 'Void',
};

export const PAYMENT_METHODS = ['cash', 'card', 'bank_transfer', 'online', 'account_credit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank Transfer',
  online: 'Online card',
  account_credit: 'Account credit',
};

/** A test-mode card payment, wherever it shows (badge, receipt, e-mail, report line). */
export const TEST_PAYMENT_LABEL = 'TEST';
export const TEST_PAYMENT_NOTE = 'TEST payment made in test mode: no money was taken.';
/** A report's line for one method, its test-mode payments on a line of their own: "Online card (TEST)". */
export const paymentMethodLine = (line: { method: PaymentMethod; test: boolean }) =>
  `${PAYMENT_METHOD_LABELS[line.method]}${line.test ? ` (${TEST_PAYMENT_LABEL})` : ''}`;

export const CHARGE_LINE_KINDS = [
  'freight',
  'membership_discount',
  'processing_fee',
  'gct',
  'customs_duty',
  'unknown_fee',
  'uncollected_fee',
  'switching_fee',
  'delivery_fee',
  'consolidation_fee',
  'hazard_fee',
  'contents_photo_fee',
  /** A return to the sender or a discard the customer asked for. */
  'return_fee',
  'shop_for_me',
  'storage_fee',
  'insurance',
  'fee',
  /** A coupon: a negative line naming it, after the taxes (it lowers what is owed, never a payment). */
  'coupon',
] as const;

/** Days a ready package may wait before it is uncollected. */
export const UNCOLLECTED_AFTER_DAYS = 15;
