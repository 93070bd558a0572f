import { formatWeight } from '@courier/shared/format/weight';
import type { ScanCode } from '@courier/shared/domain/scan';

/** What a scan means on the assignment station: a package to take up, or the mailbox for it. */
export type AssignStep = 'find' | 'assign';

/**
 * With no package waiting every scan is looked up as a package. With one waiting, a mailbox
 * assigns it and a package number or carrier number takes up that package instead.
 */
export function nextAssignStep(waiting: boolean, code: ScanCode | null): AssignStep {
  return waiting && code?.kind === 'mailbox' ? 'assign' : 'find';
}

export const UNKNOWN_ASSIGN_MESSAGES = {
  found: (p: { packageNumber: string; trackingNumber: string; weightLb: number }) =>
    `${p.packageNumber} (${p.trackingNumber}, ${formatWeight(p.weightLb)} lb): now scan the customer’s mailbox`,
  assigned: (p: { packageNumber: string; customerName: string | null; mailboxNumber: string | null }) =>
    `${p.packageNumber} assigned to ${p.customerName ?? 'the customer'}${p.mailboxNumber ? ` (${p.mailboxNumber})` : ''}`,
} as const;
