import { INVOICE_STATUSES } from '../constants/billing';
import {
  CLAIM_STATUSES,
  DELIVERY_REQUEST_STATUSES,
  MANIFEST_STATUSES,
  PACKAGE_STATUSES,
  PRE_ALERT_STATUSES,
  TRANSFER_STATUSES,
} from '../constants/packages';
import { TICKET_STATUSES } from '../schemas/tickets';

/**
 * One label and one colour per status, wherever a status shows: packages, manifests, invoices,
 * tickets, deliveries (and pre-alerts and claims). Labels are title case ("In Transit", "Ready for
 * Pickup"); a status value that several kinds share (delivered, cancelled, pending, received) reads
 * and looks the same in each.
 */
export const STATUS_KINDS = {
  package: PACKAGE_STATUSES,
  manifest: MANIFEST_STATUSES,
  invoice: INVOICE_STATUSES,
  ticket: TICKET_STATUSES,
  delivery: DELIVERY_REQUEST_STATUSES,
  preAlert: PRE_ALERT_STATUSES,
  claim: CLAIM_STATUSES,
  transfer: TRANSFER_STATUSES,
} as const;
export type StatusKind = keyof typeof STATUS_KINDS;
export type StatusOf<K extends StatusKind> = (typeof STATUS_KINDS)[K][number];
type AnyStatus = StatusOf<StatusKind>;

/**
 * The badge colours (the web's Badge tones). A colour says what to do: `action` (solid) is a thing
 * waiting on its reader (ready for pickup), `done` (quiet) a finished one; yellow warns (held,
 * partly paid), blue informs (on its way), red is a problem.
 */
export type StatusTone = 'neutral' | 'yellow' | 'blue' | 'green' | 'red' | 'brand' | 'action' | 'done';

export const STATUS_STYLES: Record<AnyStatus, { label: string; tone: StatusTone }> = {
  // Packages (DOMAIN.md order).
  unknown: { label: 'Unknown', tone: 'red' },
  received: { label: 'Received', tone: 'neutral' },
  in_transit: { label: 'In Transit', tone: 'blue' },
  at_customs: { label: 'At Customs', tone: 'blue' },
  in_transfer: { label: 'In Transfer', tone: 'blue' },
  ready_for_pickup: { label: 'Ready for Pickup', tone: 'action' },
  out_for_delivery: { label: 'Out for Delivery', tone: 'brand' },
  delivered: { label: 'Delivered', tone: 'done' },
  on_hold: { label: 'On Hold', tone: 'yellow' },
  abandoned: { label: 'Abandoned', tone: 'red' },
  voided: { label: 'Voided', tone: 'neutral' },
  consolidated: { label: 'Consolidated', tone: 'neutral' },
  returned_to_sender: { label: 'Returned to Sender', tone: 'neutral' },
  discarded: { label: 'Discarded', tone: 'neutral' },
  // Manifests.
  open: { label: 'Open', tone: 'neutral' },
  closed: { label: 'Closed', tone: 'yellow' },
  shipped: { label: 'Shipped', tone: 'blue' },
  arrived: { label: 'Arrived', tone: 'brand' },
  reconciled: { label: 'Reconciled', tone: 'done' },
  // Invoices.
  unpaid: { label: 'Unpaid', tone: 'red' },
  partially_paid: { label: 'Partially Paid', tone: 'yellow' },
  paid: { label: 'Paid', tone: 'done' },
  void: { label: 'Void', tone: 'neutral' },
  // Tickets (Pending yellow, In Progress blue, Resolved green).
  Pending: { label: 'Pending', tone: 'yellow' },
  'In Progress': { label: 'In Progress', tone: 'blue' },
  Resolved: { label: 'Resolved', tone: 'green' },
  // Deliveries (out_for_delivery and delivered as packages).
  requested: { label: 'Requested', tone: 'yellow' },
  scheduled: { label: 'Scheduled', tone: 'blue' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  // Pre-alerts (received as packages) and claims.
  pending: { label: 'Pending', tone: 'yellow' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
  // Branch transfers (received and cancelled as above).
  draft: { label: 'Draft', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'blue' },
};

const FALLBACK = { tone: 'neutral' as StatusTone };

/** The label of a status ("In Transit"); an unknown value is shown as it is. */
export function statusLabel<K extends StatusKind>(_kind: K, status: StatusOf<K> | string): string {
  return STATUS_STYLES[status as AnyStatus]?.label ?? status;
}

/** The colour of a status; neutral for an unknown value. */
export function statusTone<K extends StatusKind>(_kind: K, status: StatusOf<K> | string): StatusTone {
  return (STATUS_STYLES[status as AnyStatus] ?? FALLBACK).tone;
}

/** A status filter's options for a kind: every status with its label. */
export function statusOptions(kind: StatusKind): Array<{ value: string; label: string }> {
  return STATUS_KINDS[kind].map((value) => ({ value, label: statusLabel(kind, value) }));
}
