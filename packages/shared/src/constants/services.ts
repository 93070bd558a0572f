/** Vocabularies of the forwarding services a customer requests: consolidation and Shop For Me. */
export const CONSOLIDATION_STATUSES = ['requested', 'completed', 'cancelled'] as const;
export type ConsolidationStatus = (typeof CONSOLIDATION_STATUSES)[number];
export const CONSOLIDATION_STATUS_LABELS: Record<ConsolidationStatus, string> = {
  requested: 'Requested',
  completed: 'Consolidated',
  cancelled: 'Cancelled',
};

export const REPACK_OPTIONS = ['keep_boxes', 'remove_packaging'] as const;
export type RepackOption = (typeof REPACK_OPTIONS)[number];
export const REPACK_LABELS: Record<RepackOption, string> = {
  keep_boxes: 'Keep the original boxes',
  remove_packaging: 'Remove retail packaging',
};

/** Stored stages of a Shop For Me request; "paid" and "arrived" are read from its invoice and its expected packages. */
export const SHOP_REQUEST_STATUSES = ['requested', 'quoted', 'accepted', 'declined', 'purchased', 'cancelled'] as const;
export type ShopRequestStatus = (typeof SHOP_REQUEST_STATUSES)[number];
/** The stage a customer and staff see. */
export const SHOP_REQUEST_STAGES = [...SHOP_REQUEST_STATUSES, 'paid', 'arrived'] as const;
export type ShopRequestStage = (typeof SHOP_REQUEST_STAGES)[number];
export const SHOP_REQUEST_STAGE_LABELS: Record<ShopRequestStage, string> = {
  requested: 'Awaiting quote',
  quoted: 'Quoted',
  accepted: 'Awaiting payment',
  paid: 'Paid',
  declined: 'Declined',
  purchased: 'Purchased',
  arrived: 'Arrived',
  cancelled: 'Cancelled',
};

/** `CON-000001` and `SFM-000001`: the numbers a customer quotes. */
export const consolidationNumber = (n: number) => `CON-${String(n).padStart(6, '0')}`;
export const shopRequestNumber = (id: number) => `SFM-${String(id).padStart(6, '0')}`;
