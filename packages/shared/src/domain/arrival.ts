import type { PackageStatus, ShippingMode } from '../constants/packages';
import { addDays } from './datetime';

/** Customs days a courier starts with, and the most it may set. */
export const DEFAULT_CUSTOMS_DAYS = 2;
export const MAX_CUSTOMS_DAYS = 30;
/** When a manifest names only its departure: a flight lands the next day, a vessel in about a week. */
export const TRANSIT_DAYS: Record<ShippingMode, number> = { AIR: 1, SEA: 7 };

/** Statuses still on their way to the customer's branch: the only ones with an estimate. */
const ON_THE_WAY: ReadonlySet<PackageStatus> = new Set(['received', 'in_transit', 'at_customs']);

export interface ArrivalInput {
  status: PackageStatus;
  mode: ShippingMode;
  /** The manifest's dates (calendar days, YYYY-MM-DD); null when the package is on none. */
  departureDate: string | null;
  arrivalDate: string | null;
  /** The calendar day (courier's zone) the manifest was marked arrived, when it was. */
  arrivedDay: string | null;
  customsDays: number;
}

/**
 * The day a package should be ready at the branch: the day its flight or vessel lands (as recorded
 * when the manifest arrived, else as scheduled, else its departure plus the usual transit) plus the
 * courier's customs days. Null when it is not on a dated manifest or no longer on its way.
 */
export function estimateArrival(input: ArrivalInput): string | null {
  if (!ON_THE_WAY.has(input.status)) return null;
  const landed =
    input.arrivedDay ?? input.arrivalDate ?? (input.departureDate ? addDays(input.departureDate, TRANSIT_DAYS[input.mode]) : null);
  return landed ? addDays(landed, input.customsDays) : null;
}
