import type { PackageStatus } from '../constants/packages';
import { formatJmd } from '../format/money';

/**
 * The release rule: a package leaves us (collected at the counter, taken out or handed
 * over by a driver, or marked delivered by a status change) only when its invoice is paid, or when
 * someone holding `release_override` lets it go with a reason. A package with no invoice is
 * invoiced first (DOMAIN.md: the invoice is issued when it is ready for pickup); a package on hold
 * never leaves.
 */
export const RELEASE_MESSAGES = {
  held: (packageNumber: string) => `${packageNumber} is on hold and cannot be released`,
  notInvoiced: (packageNumber: string) => `${packageNumber} has no invoice yet; issue its invoice before it leaves`,
  unpaid: (packageNumber: string, invoiceNo: string, balance: string) =>
    `${packageNumber} cannot be released: invoice ${invoiceNo} has ${balance} to pay. Take the payment first, or override with a reason.`,
  overrideNotAllowed: 'You do not have permission to release a package that is not paid',
  reasonRequired: 'Please enter the reason for releasing a package that is not paid',
  overrideLabel: 'Release without payment',
  reasonLabel: 'Reason for releasing without payment',
} as const;

/** The statuses in which a package has left us, or is leaving with a driver. */
export const LEAVING_STATUSES: readonly PackageStatus[] = ['out_for_delivery', 'delivered'];

export interface ReleaseFacts {
  packageNumber: string;
  status: PackageStatus;
  /** The package's invoice that is not void, or null when it has none. */
  invoice: { invoiceNo: string; balanceCents: number } | null;
  /**
   * It goes out with a driver to a zone that takes cash on delivery: the driver collects the
   * balance at the door and hands it over only when it is paid (the delivery is refused otherwise).
   */
  cashOnDeliveryDispatch?: boolean;
}

export interface ReleaseOverride {
  /** The person asked to release it although it is not paid. */
  requested: boolean;
  /** They hold the `release_override` permission. */
  permitted: boolean;
  reason?: string | null;
}

export type ReleaseRefusal = 'held' | 'not_invoiced' | 'unpaid' | 'override_not_allowed' | 'reason_required';
export type ReleaseVerdict = { ok: true; overridden: boolean } | { ok: false; refusal: ReleaseRefusal; message: string };

/** Whether the package may leave, and if not, why, in words for the person at the desk. */
export function releaseVerdict(facts: ReleaseFacts, override: ReleaseOverride | null): ReleaseVerdict {
  if (facts.status === 'on_hold') return { ok: false, refusal: 'held', message: RELEASE_MESSAGES.held(facts.packageNumber) };
  if (!facts.invoice) return { ok: false, refusal: 'not_invoiced', message: RELEASE_MESSAGES.notInvoiced(facts.packageNumber) };
  if (facts.invoice.balanceCents <= 0 || facts.cashOnDeliveryDispatch) return { ok: true, overridden: false };
  if (!override?.requested) {
    return {
      ok: false,
      refusal: 'unpaid',
      message: RELEASE_MESSAGES.unpaid(facts.packageNumber, facts.invoice.invoiceNo, formatJmd(facts.invoice.balanceCents)),
    };
  }
  if (!override.permitted) return { ok: false, refusal: 'override_not_allowed', message: RELEASE_MESSAGES.overrideNotAllowed };
  if (!override.reason?.trim()) return { ok: false, refusal: 'reason_required', message: RELEASE_MESSAGES.reasonRequired };
  return { ok: true, overridden: true };
}
