/** Package statuses of DOMAIN.md, in the order a package normally moves through them. */
export const PACKAGE_STATUSES = [
  'unknown',
  'received',
  'in_transit',
  'at_customs',
  // On a transfer between branches: sent, not yet scanned in where it is collected.
  'in_transfer',
  'ready_for_pickup',
  'out_for_delivery',
  'delivered',
  'on_hold',
  'abandoned',
  // Received by mistake and voided by staff: kept for the record, moves no more.
  'voided',
  // Repacked with others into a new parcel, which carries on: moves no more.
  'consolidated',
  // Sent back to the merchant, or discarded, at the customer's request: moves no more.
  'returned_to_sender',
  'discarded',
] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

export const PACKAGE_STATUS_LABELS: Record<PackageStatus, string> = {
  unknown: 'Unknown',
  received: 'Received',
  in_transit: 'In Transit',
  at_customs: 'At Customs',
  in_transfer: 'In Transfer',
  ready_for_pickup: 'Ready for Pickup',
  out_for_delivery: 'Out for Delivery',
  delivered: 'Delivered',
  on_hold: 'On Hold',
  abandoned: 'Abandoned',
  voided: 'Voided',
  consolidated: 'Consolidated',
  returned_to_sender: 'Returned to Sender',
  discarded: 'Discarded',
};

export const SHIPPING_MODES = ['AIR', 'SEA'] as const;
export type ShippingMode = (typeof SHIPPING_MODES)[number];

export const CARRIERS = ['UPS', 'FEDEX', 'USPS', 'AMAZON', 'DHL', 'OTHER'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const CARRIER_LABELS: Record<Carrier, string> = {
  UPS: 'UPS',
  FEDEX: 'FedEx',
  USPS: 'USPS',
  AMAZON: 'Amazon',
  DHL: 'DHL',
  OTHER: 'Other',
};

export const PRE_ALERT_STATUSES = ['pending', 'received', 'cancelled'] as const;
export type PreAlertStatus = (typeof PRE_ALERT_STATUSES)[number];

export const MANIFEST_STATUSES = ['open', 'closed', 'shipped', 'arrived', 'reconciled'] as const;
export type ManifestStatus = (typeof MANIFEST_STATUSES)[number];

/** A branch transfer: draft (loading) → sent → received, or cancelled before it is sent. */
export const TRANSFER_STATUSES = ['draft', 'sent', 'received', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const DELIVERY_REQUEST_STATUSES = ['requested', 'scheduled', 'out_for_delivery', 'delivered', 'cancelled'] as const;
export type DeliveryRequestStatus = (typeof DELIVERY_REQUEST_STATUSES)[number];

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** The uncollected fee applies to packages uncollected over 15 days. */
export const UNCOLLECTED_AFTER_DAYS = 15;
/** Pre-alert invoices and claim proofs: PDF, JPG or PNG, at most 10 MB (DOMAIN.md). */
export const INVOICE_MAX_BYTES = 10 * 1024 * 1024;
export const INVOICE_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
