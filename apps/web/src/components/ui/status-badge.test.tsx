import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STATUS_KINDS, type StatusKind } from '@courier/shared/format/status';
import { StatusBadge } from './status-badge';

/** What every badge must read and look like: kind, status, label, colour class. */
const EXPECTED: Array<[StatusKind, string, string, string]> = [
  ['package', 'unknown', 'Unknown', 'bg-red-100'],
  ['package', 'received', 'Received', 'bg-slate-100'],
  ['package', 'in_transit', 'In Transit', 'bg-blue-100'],
  ['package', 'at_customs', 'At Customs', 'bg-blue-100'],
  ['package', 'ready_for_pickup', 'Ready for Pickup', 'bg-status-action-bg'],
  ['package', 'out_for_delivery', 'Out for Delivery', 'bg-brand-100'],
  ['package', 'delivered', 'Delivered', 'bg-status-done-bg'],
  ['package', 'on_hold', 'On Hold', 'bg-yellow-100'],
  ['package', 'abandoned', 'Abandoned', 'bg-red-100'],
  ['package', 'voided', 'Voided', 'bg-slate-100'],
  ['package', 'consolidated', 'Consolidated', 'bg-slate-100'],
  ['package', 'in_transfer', 'In Transfer', 'bg-blue-100'],
  ['package', 'returned_to_sender', 'Returned to Sender', 'bg-slate-100'],
  ['package', 'discarded', 'Discarded', 'bg-slate-100'],
  ['manifest', 'open', 'Open', 'bg-slate-100'],
  ['manifest', 'closed', 'Closed', 'bg-yellow-100'],
  ['manifest', 'shipped', 'Shipped', 'bg-blue-100'],
  ['manifest', 'arrived', 'Arrived', 'bg-brand-100'],
  ['manifest', 'reconciled', 'Reconciled', 'bg-status-done-bg'],
  ['invoice', 'unpaid', 'Unpaid', 'bg-red-100'],
  ['invoice', 'partially_paid', 'Partially Paid', 'bg-yellow-100'],
  ['invoice', 'paid', 'Paid', 'bg-status-done-bg'],
  ['invoice', 'void', 'Void', 'bg-slate-100'],
  ['ticket', 'Pending', 'Pending', 'bg-yellow-100'],
  ['ticket', 'In Progress', 'In Progress', 'bg-blue-100'],
  ['ticket', 'Resolved', 'Resolved', 'bg-green-100'],
  ['delivery', 'requested', 'Requested', 'bg-yellow-100'],
  ['delivery', 'scheduled', 'Scheduled', 'bg-blue-100'],
  ['delivery', 'out_for_delivery', 'Out for Delivery', 'bg-brand-100'],
  ['delivery', 'delivered', 'Delivered', 'bg-status-done-bg'],
  ['delivery', 'cancelled', 'Cancelled', 'bg-slate-100'],
  ['preAlert', 'pending', 'Pending', 'bg-yellow-100'],
  ['preAlert', 'received', 'Received', 'bg-slate-100'],
  ['preAlert', 'cancelled', 'Cancelled', 'bg-slate-100'],
  ['claim', 'pending', 'Pending', 'bg-yellow-100'],
  ['claim', 'approved', 'Approved', 'bg-green-100'],
  ['claim', 'rejected', 'Rejected', 'bg-red-100'],
  ['transfer', 'draft', 'Draft', 'bg-slate-100'],
  ['transfer', 'sent', 'Sent', 'bg-blue-100'],
  ['transfer', 'received', 'Received', 'bg-slate-100'],
  ['transfer', 'cancelled', 'Cancelled', 'bg-slate-100'],
];

describe('StatusBadge', () => {
  it('the table above lists every status of every kind', () => {
    const listed = EXPECTED.map(([kind, status]) => `${kind}:${status}`).sort();
    const all = (Object.keys(STATUS_KINDS) as StatusKind[]).flatMap((k) => STATUS_KINDS[k].map((s) => `${k}:${s}`)).sort();
    expect(listed).toEqual(all);
  });

  it.each(EXPECTED)('%s %s reads "%s" in %s, never truncated', (kind, status, label, colour) => {
    render(<StatusBadge kind={kind} status={status as never} />);
    const badge = screen.getByText(label);
    expect(badge).toHaveClass(colour);
    expect(badge).toHaveClass('whitespace-nowrap');
    expect(badge).not.toHaveClass('truncate');
    expect(badge).toHaveAttribute('data-status', status);
  });

  it('a status shared by kinds looks the same in each', () => {
    const { container } = render(
      <>
        <StatusBadge kind="package" status="delivered" />
        <StatusBadge kind="delivery" status="delivered" />
        <StatusBadge kind="package" status="out_for_delivery" />
        <StatusBadge kind="delivery" status="out_for_delivery" />
      </>,
    );
    const [a, b, c, d] = [...container.querySelectorAll('span')].map((s) => s.className);
    expect(a).toBe(b);
    expect(c).toBe(d);
  });
});
