import { describe, expect, it } from 'vitest';
import { INVOICE_STATUS_LABELS } from '../constants/billing';
import { PACKAGE_STATUS_LABELS } from '../constants/packages';
import { DELIVERY_STATUS_LABELS } from '../schemas/deliveries';
import { STATUS_KINDS, STATUS_STYLES, type StatusKind, statusLabel, statusOptions, statusTone } from './status';

const kinds = Object.keys(STATUS_KINDS) as StatusKind[];

describe('one label and one colour per status', () => {
  it('covers every status of every kind, labels in title case', () => {
    for (const kind of kinds) {
      for (const status of STATUS_KINDS[kind]) {
        const label = statusLabel(kind, status);
        expect(label, `${kind} ${status}`).toMatch(/^[A-Z][a-z]*( (for|to|[A-Z][a-z]*))*$/);
        expect(label).not.toContain('_');
        expect(statusTone(kind, status)).toBeTruthy();
      }
    }
  });

  it('reads as the labels the documents and e-mails use', () => {
    for (const [s, label] of Object.entries(PACKAGE_STATUS_LABELS)) expect(statusLabel('package', s)).toBe(label);
    for (const [s, label] of Object.entries(INVOICE_STATUS_LABELS)) expect(statusLabel('invoice', s)).toBe(label);
    for (const [s, label] of Object.entries(DELIVERY_STATUS_LABELS)) expect(statusLabel('delivery', s)).toBe(label);
  });

  it('casts "In Transit" one way and keeps the fixed ticket colours', () => {
    expect(statusLabel('package', 'in_transit')).toBe('In Transit');
    expect(statusLabel('manifest', 'arrived')).toBe('Arrived');
    expect([statusTone('ticket', 'Pending'), statusTone('ticket', 'In Progress'), statusTone('ticket', 'Resolved')]).toEqual([
      'yellow',
      'blue',
      'green',
    ]);
  });

  it('has no entry that no kind uses', () => {
    const used = new Set(kinds.flatMap((k) => [...STATUS_KINDS[k]]));
    expect(Object.keys(STATUS_STYLES).filter((s) => !used.has(s as never))).toEqual([]);
  });

  it('shows an unknown value as it is, neutral', () => {
    expect(statusLabel('package', 'lost_at_sea')).toBe('lost_at_sea');
    expect(statusTone('package', 'lost_at_sea')).toBe('neutral');
  });

  it('gives a filter its options with the same labels', () => {
    expect(statusOptions('manifest')).toEqual([
      { value: 'open', label: 'Open' },
      { value: 'closed', label: 'Closed' },
      { value: 'shipped', label: 'Shipped' },
      { value: 'arrived', label: 'Arrived' },
      { value: 'reconciled', label: 'Reconciled' },
    ]);
  });
});
