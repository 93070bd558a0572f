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
