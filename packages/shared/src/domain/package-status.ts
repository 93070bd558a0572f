import { PACKAGE_STATUS_LABELS, type PackageStatus } from '../constants/packages';

/** What the transition depends on beyond the two statuses. */
export interface TransitionContext {
  /** For a package on hold: the status it was in when held; it may only return there. */
  heldFrom?: PackageStatus | null;
  /** out_for_delivery needs a delivery request for the package. */
  hasDeliveryRequest?: boolean;
}

export type TransitionResult = { ok: true } | { ok: false; message: string };

/**
 * The forward moves of DOMAIN.md. on_hold's way back depends on where it came from, so it is
 * handled in `canTransition`, not listed here.
 */
const FORWARD: Record<PackageStatus, readonly PackageStatus[]> = {
  unknown: ['received', 'abandoned'],
  received: ['in_transit', 'on_hold', 'abandoned'],
  in_transit: ['at_customs', 'on_hold'],
  at_customs: ['ready_for_pickup', 'on_hold'],
  // Collected at the counter (delivered), or taken out by a driver when a delivery was requested.
  ready_for_pickup: ['out_for_delivery', 'delivered', 'on_hold', 'abandoned'],
  // A failed delivery brings the package back to the branch.
  out_for_delivery: ['delivered', 'ready_for_pickup'],
  delivered: [],
  on_hold: ['abandoned'],
  abandoned: [],
  // Voiding is its own action (a reason, the invoice and manifest let it go), never a status change.
  voided: [],
  // Consolidating is its own action (the repack makes a new parcel), never a status change.
  consolidated: [],
};

/** Statuses a package may be put on hold from (and so may return to). */
const HOLDABLE: ReadonlySet<PackageStatus> = new Set(['received', 'in_transit', 'at_customs', 'ready_for_pickup']);

const label = (s: PackageStatus) => PACKAGE_STATUS_LABELS[s];

export const STATUS_MESSAGES = {
  same: (s: PackageStatus) => `The package is already ${label(s)}`,
  final: (s: PackageStatus) => `A package that is ${label(s)} cannot change status`,
  illegal: (from: PackageStatus, to: PackageStatus) => `A package cannot go from ${label(from)} to ${label(to)}`,
  needsDeliveryRequest: 'A package goes out for delivery only with a delivery request',
  holdReturn: (heldFrom: PackageStatus) => `A package on hold can only return to ${label(heldFrom)}`,
  holdUnknownOrigin: 'This package on hold has no recorded status to return to',
  unknownNeedsCustomer: 'Assign an unknown package to a customer to receive it',
} as const;

/** Whether a package may move from `from` to `to`, with the reason when it may not. */
export function canTransition(from: PackageStatus, to: PackageStatus, context: TransitionContext = {}): TransitionResult {
  if (from === to) return { ok: false, message: STATUS_MESSAGES.same(from) };
  if (from === 'delivered' || from === 'abandoned' || from === 'voided' || from === 'consolidated')
    return { ok: false, message: STATUS_MESSAGES.final(from) };
  if (from === 'on_hold') {
    if (to === 'abandoned') return { ok: true };
    if (!context.heldFrom) return { ok: false, message: STATUS_MESSAGES.holdUnknownOrigin };
    if (to !== context.heldFrom) return { ok: false, message: STATUS_MESSAGES.holdReturn(context.heldFrom) };
    return { ok: true };
  }
  if (to === 'on_hold' && !HOLDABLE.has(from)) return { ok: false, message: STATUS_MESSAGES.illegal(from, to) };
  if (!FORWARD[from].includes(to)) return { ok: false, message: STATUS_MESSAGES.illegal(from, to) };
  if (to === 'out_for_delivery' && !context.hasDeliveryRequest) return { ok: false, message: STATUS_MESSAGES.needsDeliveryRequest };
  return { ok: true };
}

/** The statuses a package may move to next: the actions a screen offers for it. */
export function nextStatuses(from: PackageStatus, context: TransitionContext = {}): PackageStatus[] {
  const candidates: PackageStatus[] =
    from === 'on_hold' ? [...(context.heldFrom ? [context.heldFrom] : []), 'abandoned'] : [...FORWARD[from]];
  return candidates.filter((to) => canTransition(from, to, context).ok);
}
