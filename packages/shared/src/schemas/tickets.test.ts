import { describe, expect, it } from 'vitest';
import { BELL_BADGE_CAP, SIDEBAR_BADGE_CAP } from '../constants/limits';
import { statusTone } from '../format/status';
import { TICKET_STATUSES, capBadge, customerBadgeCount } from './tickets';

describe('ticket badges', () => {
  it.each([
    [0, BELL_BADGE_CAP, '0'],
    [99, BELL_BADGE_CAP, '99'],
    [100, BELL_BADGE_CAP, '99+'],
    [9, SIDEBAR_BADGE_CAP, '9'],
    [10, SIDEBAR_BADGE_CAP, '9+'],
  ])('%i with cap %i shows %s', (count, cap, shown) => {
    expect(capBadge(count, cap)).toBe(shown);
  });

  it('the customer badge counts unread tickets with at least one staff message, and clears once read', () => {
    const staff = { user_id: 4 };
    const customer = { user_id: null };
    const unread = [
      { unread: true, messages: [customer] },
      { unread: true, messages: [customer, staff] },
      { unread: true, messages: [staff, staff] },
    ];
    expect(customerBadgeCount(unread)).toBe(2);
    expect(customerBadgeCount(unread.map((t) => ({ ...t, unread: false })))).toBe(0);
  });

  it('colours the statuses', () => {
    expect(Object.fromEntries(TICKET_STATUSES.map((s) => [s, statusTone('ticket', s)]))).toEqual({
      Pending: 'yellow',
      'In Progress': 'blue',
      Resolved: 'green',
    });
  });
});
