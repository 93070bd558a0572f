import type { Carrier } from '../constants/packages';

/** Tracking numbers as scanners and people type them: case and separators do not matter. */
export function normaliseTrackingNumber(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * The carrier, from the tracking number's shape. Shapes overlap (a 20-digit number may be FedEx
 * or USPS), so the more specific patterns go first: USPS numbers of 20 digits start with 9.
 */
export function recogniseCarrier(raw: string): Carrier {
  const n = normaliseTrackingNumber(raw);
  if (/^1Z[0-9A-Z]{16}$/.test(n)) return 'UPS';
  if (/^TBA\d{9,15}$/.test(n)) return 'AMAZON';
  if (/^9\d{19,21}$/.test(n)) return 'USPS';
  if (/^\d{21,22}$/.test(n)) return 'USPS';
  if (/^[A-Z]{2}\d{9}US$/.test(n)) return 'USPS';
  if (/^\d{12}$|^\d{15}$|^\d{20}$/.test(n)) return 'FEDEX';
  if (/^\d{10}$/.test(n)) return 'DHL';
  if (/^JJ?D\d{16,20}$/.test(n)) return 'DHL';
  return 'OTHER';
}

/** Each carrier's own public tracking page, with the number in its query. */
const TRACKING_PAGES: Record<Exclude<Carrier, 'OTHER'>, (n: string) => string> = {
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FEDEX: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  DHL: (n) => `https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=${n}`,
  AMAZON: (n) => `https://track.amazon.com/tracking/${n}`,
};

/**
 * The carrier's public tracking page for a tracking number, or null when the carrier is not one
 * we know (or the number is not the carrier's shape: a link would only show the carrier's error).
 * The carrier stored on the package wins over the shape, since staff may have corrected it.
 */
export function carrierTrackingUrl(raw: string, carrier: Carrier = recogniseCarrier(raw)): string | null {
  if (carrier === 'OTHER') return null;
  const n = normaliseTrackingNumber(raw);
  if (!/^[0-9A-Z]{8,40}$/.test(n)) return null;
  return TRACKING_PAGES[carrier](encodeURIComponent(n));
}
