import type { Carrier } from '../constants/packages';
import { normaliseTrackingNumber, recogniseCarrier } from './carrier';

/**
 * One reading of whatever a scan gun, a camera or a person typed into a scan field. Every screen
 * that takes a scan classifies it here, so our own label (`PKG-000009`, also `pkg000009`), a
 * carrier's tracking number and a customer's mailbox number mean the same thing everywhere.
 */
export const SCAN_KINDS = ['package_number', 'tracking', 'mailbox'] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

export interface ScanCode {
  kind: ScanKind;
  /** The form the database keeps: `PKG-000009`, `1Z999AA10123456784`, `JXP-10001`. */
  value: string;
  /** Only for tracking numbers: the carrier recognised by the number's shape. */
  carrier?: Carrier;
}

/** The longest code a scan field takes (a tracking number is at most 40 characters). */
export const SCAN_MAX_LENGTH = 40;

export const SCAN_MESSAGES = {
  empty: 'Scan or type a code',
  tooLong: `A code has at most ${SCAN_MAX_LENGTH} characters: scan again`,
  unreadable: 'That is not a package number, tracking number or mailbox number',
  notFound: (value: string) => `Nothing found for ${value}`,
  voided: (packageNumber: string, reason: string | null) =>
    `${packageNumber} was voided${reason ? ` (${reason})` : ''}: it is kept for the record and cannot be used`,
  notAPackage: (value: string) => `${value} is a mailbox number, not a package`,
  ourNumberNotTracking: (value: string) => `${value} is one of our package numbers, not a carrier's tracking number`,
} as const;

const PACKAGE_NUMBER = /^PKG(\d{6,})$/;
/** A mailbox as we print it: the courier's code, a hyphen, the number (JXP-10001). */
const MAILBOX_WITH_HYPHEN = /^([A-Z0-9]{2,8})-(\d{4,})$/;
/** The same typed without the hyphen; the code is then letters only, or it would be ambiguous. */
const MAILBOX_WITHOUT_HYPHEN = /^([A-Z]{2,8})(\d{4,})$/;

export const packageNumberOf = (n: number) => `PKG-${String(n).padStart(6, '0')}`;

/** The scan's reading, or null when it cannot be any of our codes (empty, too long, odd characters). */
export function classifyScan(raw: string): ScanCode | null {
  const upper = raw.trim().toUpperCase();
  const compact = normaliseTrackingNumber(upper);
  if (compact === '' || compact.length > SCAN_MAX_LENGTH || !/^[A-Z0-9]+$/.test(compact)) return null;
  const pkg = PACKAGE_NUMBER.exec(compact);
  if (pkg) return { kind: 'package_number', value: `PKG-${pkg[1]}` };
  const carrier = recogniseCarrier(compact);
  if (carrier !== 'OTHER') return { kind: 'tracking', value: compact, carrier };
  const mailbox = MAILBOX_WITH_HYPHEN.exec(upper.replace(/\s+/g, '')) ?? MAILBOX_WITHOUT_HYPHEN.exec(compact);
  if (mailbox) return { kind: 'mailbox', value: `${mailbox[1]}-${mailbox[2]}` };
  return { kind: 'tracking', value: compact, carrier: 'OTHER' };
}

/** Why a scan cannot be read, in our words, or null when it can. */
export function scanProblem(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed === '') return SCAN_MESSAGES.empty;
  if (normaliseTrackingNumber(trimmed).length > SCAN_MAX_LENGTH) return SCAN_MESSAGES.tooLong;
  return classifyScan(trimmed) ? null : SCAN_MESSAGES.unreadable;
}
