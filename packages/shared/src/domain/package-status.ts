import { PACKAGE_STATUS_LABELS, type PackageStatus } from '../constants/packages';
import type { HazardLevel, HazardOutcome } from '../constants/warehouse';

/** What the transition depends on beyond the two statuses. */
export interface TransitionContext {
  /** For a package on hold: the status it was in when held; it may only return there. */
  heldFrom?: PackageStatus | null;
  /** out_for_delivery needs a delivery request for the package. */
  hasDeliveryRequest?: boolean;
  /** The parcel's hazard flag, if any: it decides whether the parcel may move on. */
  hazard?: { level: HazardLevel | null; outcome: HazardOutcome | null };
  /**
   * Where the parcel is in Jamaica and where its customer collects it (branch ids, names for the
   * message). A parcel is ready for pickup only where it is collected.
   */
  branches?: { at: number | null; collect: number | null; atName?: string | null; collectName?: string | null };
  /** The move is a branch transfer's send or arrival scan: the only way in and out of in_transfer. */
  viaTransfer?: boolean;
  /** The customer asked for the parcel to be returned to the sender or discarded: it leaves the normal flow. */
  leaving?: LeavingKind | null;
}

/** What a customer may ask be done with a parcel instead of forwarding it. */
export const LEAVING_KINDS = ['return', 'discard'] as const;
export type LeavingKind = (typeof LEAVING_KINDS)[number];
/** The final status each request ends in once staff record it done. */
export const LEAVING_STATUS: Record<LeavingKind, PackageStatus> = { return: 'returned_to_sender', discard: 'discarded' };
/** Where a parcel is still with us, so it can be sent back or discarded. */
export const LEAVABLE: ReadonlySet<PackageStatus> = new Set(['received', 'on_hold', 'at_customs', 'ready_for_pickup']);

export type TransitionResult = { ok: true } | { ok: false; message: string };

/**
 * The forward moves of DOMAIN.md. on_hold's way back depends on where it came from, so it is
 * handled in `canTransition`, not listed here.
 */
const FORWARD: Record<PackageStatus, readonly PackageStatus[]> = {
  unknown: ['received', 'abandoned'],
  received: ['in_transit', 'on_hold', 'abandoned'],
  in_transit: ['at_customs', 'on_hold'],
  // Cleared at a branch other than the customer's: it travels on a transfer.
  at_customs: ['ready_for_pickup', 'in_transfer', 'on_hold'],
  // Arrives where it is collected: ready there.
  in_transfer: ['ready_for_pickup'],
  // Collected at the counter (delivered), or taken out by a driver when a delivery was requested;
  // a customer who changed branch has it sent on a transfer.
  ready_for_pickup: ['out_for_delivery', 'delivered', 'in_transfer', 'on_hold', 'abandoned'],
  // A failed delivery brings the package back to the branch.
  out_for_delivery: ['delivered', 'ready_for_pickup'],
  delivered: [],
  on_hold: ['abandoned'],
  abandoned: [],
  // Voiding is its own action (a reason, the invoice and manifest let it go), never a status change.
  voided: [],
  // Consolidating is its own action (the repack makes a new parcel), never a status change.
  consolidated: [],
  // Reached only by recording the customer's request done (`leaving`), never offered as a button.
  returned_to_sender: [],
  discarded: [],
};

/** Statuses a package may be put on hold from (and so may return to). */
const HOLDABLE: ReadonlySet<PackageStatus> = new Set(['received', 'in_transit', 'at_customs', 'ready_for_pickup']);

/** The moves that take a parcel on towards the customer: a flagged parcel may be barred from them. */
const MOVING_ON: ReadonlySet<PackageStatus> = new Set([
  'in_transit',
  'at_customs',
  'in_transfer',
  'ready_for_pickup',
  'out_for_delivery',
  'delivered',
]);

const label = (s: PackageStatus) => PACKAGE_STATUS_LABELS[s];

export const STATUS_MESSAGES = {
  same: (s: PackageStatus) => `The package is already ${label(s)}`,
  final: (s: PackageStatus) => `A package that is ${label(s)} cannot change status`,
  illegal: (from: PackageStatus, to: PackageStatus) => `A package cannot go from ${label(from)} to ${label(to)}`,
  needsDeliveryRequest: 'A package goes out for delivery only with a delivery request',
  holdReturn: (heldFrom: PackageStatus) => `A package on hold can only return to ${label(heldFrom)}`,
  holdUnknownOrigin: 'This package on hold has no recorded status to return to',
  unknownNeedsCustomer: 'Assign an unknown package to a customer to receive it',
  hazardProhibited: 'The parcel is flagged prohibited: it cannot ship',
  hazardOutcome: (outcome: 'returned to the sender' | 'disposed of') => `The parcel is flagged to be ${outcome}: it cannot move on`,
  hazardUndecided: 'The parcel is flagged hazardous: choose sea, return or disposal before it ships',
  transferOnly: 'A parcel goes in transfer when its transfer is sent, and leaves it when the receiving branch scans it in',
  otherBranch: (atName?: string | null, collectName?: string | null) =>
    `The parcel is at ${atName ?? 'another branch'} and is collected at ${collectName ?? 'another branch'}: send it on a transfer; it is ready once it arrives there`,
  leaving: (kind: LeavingKind) =>
    `The customer asked for the parcel to be ${kind === 'return' ? 'returned to the sender' : 'discarded'}: it cannot move on`,
  leavingOnlyAsked: 'A parcel is returned to the sender or discarded only when its customer asks for it',
} as const;

const FINAL: ReadonlySet<PackageStatus> = new Set(['delivered', 'abandoned', 'voided', 'consolidated', 'returned_to_sender', 'discarded']);

/**
 * The customer's request to return or discard: the parcel moves on by no path (not shipped, not
 * released), and ends in its request's status from wherever it waits with us.
 */
export function leavingBlock(from: PackageStatus, to: PackageStatus, leaving: LeavingKind | null | undefined): string | null {
  const ending = to === 'returned_to_sender' || to === 'discarded';
  if (ending) return leaving && LEAVING_STATUS[leaving] === to && LEAVABLE.has(from) ? null : STATUS_MESSAGES.leavingOnlyAsked;
  if (leaving && MOVING_ON.has(to)) return STATUS_MESSAGES.leaving(leaving);
  return null;
}

/**
 * The branch rule: a parcel is ready for pickup only at the branch where its customer collects it.
 * Null when the move is allowed (or either branch is unknown).
 */
export function branchBlock(from: PackageStatus, to: PackageStatus, branches: TransitionContext['branches']): string | null {
  // A failed delivery or a hold coming back is already where it was ready.
  if (to !== 'ready_for_pickup' || (from !== 'at_customs' && from !== 'in_transfer')) return null;
  if (!branches?.at || !branches.collect || branches.at === branches.collect) return null;
  return STATUS_MESSAGES.otherBranch(branches.atName, branches.collectName);
}

/**
 * The hazard rule for a move, or null when the flag allows it. A prohibited parcel never ships; one
 * being returned or disposed of goes no further; a hazardous one ships only once sea is chosen.
 */
export function hazardBlock(to: PackageStatus, hazard: TransitionContext['hazard']): string | null {
  if (!hazard?.level || !MOVING_ON.has(to)) return null;
  if (hazard.outcome === 'return') return STATUS_MESSAGES.hazardOutcome('returned to the sender');
  if (hazard.outcome === 'dispose') return STATUS_MESSAGES.hazardOutcome('disposed of');
  if (hazard.level === 'prohibited') return STATUS_MESSAGES.hazardProhibited;
  if (hazard.outcome === null) return STATUS_MESSAGES.hazardUndecided;
  return null;
}

/** Whether a package may move from `from` to `to`, with the reason when it may not. */
export function canTransition(from: PackageStatus, to: PackageStatus, context: TransitionContext = {}): TransitionResult {
  if (from === to) return { ok: false, message: STATUS_MESSAGES.same(from) };
  if (FINAL.has(from)) return { ok: false, message: STATUS_MESSAGES.final(from) };
  const leaving = leavingBlock(from, to, context.leaving);
  if (leaving) return { ok: false, message: leaving };
  if (to === 'returned_to_sender' || to === 'discarded') return { ok: true };
  const hazard = hazardBlock(to, context.hazard);
  if (hazard) return { ok: false, message: hazard };
  if (from === 'on_hold') {
    if (to === 'abandoned') return { ok: true };
    if (!context.heldFrom) return { ok: false, message: STATUS_MESSAGES.holdUnknownOrigin };
    if (to !== context.heldFrom) return { ok: false, message: STATUS_MESSAGES.holdReturn(context.heldFrom) };
    return { ok: true };
  }
  if ((from === 'in_transfer' || to === 'in_transfer') && !context.viaTransfer) return { ok: false, message: STATUS_MESSAGES.transferOnly };
  if (to === 'on_hold' && !HOLDABLE.has(from)) return { ok: false, message: STATUS_MESSAGES.illegal(from, to) };
  if (!FORWARD[from].includes(to)) return { ok: false, message: STATUS_MESSAGES.illegal(from, to) };
  if (to === 'out_for_delivery' && !context.hasDeliveryRequest) return { ok: false, message: STATUS_MESSAGES.needsDeliveryRequest };
  const branch = branchBlock(from, to, context.branches);
  if (branch) return { ok: false, message: branch };
  return { ok: true };
}

/** The statuses a package may move to next: the actions a screen offers for it. */
export function nextStatuses(from: PackageStatus, context: TransitionContext = {}): PackageStatus[] {
  const candidates: PackageStatus[] =
    from === 'on_hold' ? [...(context.heldFrom ? [context.heldFrom] : []), 'abandoned'] : [...FORWARD[from]];
  return candidates.filter((to) => canTransition(from, to, context).ok);
}
