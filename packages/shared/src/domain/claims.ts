import { CLAIM_REASONS, INSURANCE_MESSAGES } from '../schemas/insurance';

/**
 * When a claim may be opened on a package: one rule for the API (which refuses) and the package
 * page (which offers only what the API would accept).
 */
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/**
 * Where a parcel must be for a damage claim: arrived in Jamaica (at customs or later, or held
 * there). Before that, it has not reached the customer's side, and nothing can be seen damaged.
 */
export const ARRIVED_STATUSES = ['at_customs', 'ready_for_pickup', 'out_for_delivery', 'delivered', 'abandoned'] as const;
export const hasArrived = (status: string, heldFrom: string | null) =>
  (ARRIVED_STATUSES as readonly string[]).includes(status) ||
  (status === 'on_hold' && heldFrom !== null && (ARRIVED_STATUSES as readonly string[]).includes(heldFrom));

export interface ClaimSubject {
  status: string;
  heldFrom: string | null;
  insured: boolean;
  /** A claim on it is open or approved (a declined one leaves room for another). */
  hasLiveClaim: boolean;
}

/** Why a claim for this reason cannot be opened now, or null when it can. */
export function claimRefusal(pkg: ClaimSubject, reason: ClaimReason): string | null {
  if (!pkg.insured) return INSURANCE_MESSAGES.notInsured;
  // Damage is seen once the parcel has arrived in Jamaica, not while it is still on its way.
  if (reason === 'damaged' && !hasArrived(pkg.status, pkg.heldFrom)) return INSURANCE_MESSAGES.notArrived;
  if (pkg.hasLiveClaim) return INSURANCE_MESSAGES.claimOpen;
  return null;
}

/** The reasons a claim may be opened for now (none, lost only, or damaged and lost). */
export const claimReasonsOpen = (pkg: ClaimSubject): ClaimReason[] => CLAIM_REASONS.filter((r) => claimRefusal(pkg, r) === null);
