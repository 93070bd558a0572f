import { describe, expect, it } from 'vitest';
import { creditEntryText } from './account-credit';

describe('a ledger entry reads once', () => {
  it.each([
    ['coupon', 'Coupon WELCOME10 on INV-000003', 'Coupon WELCOME10 on INV-000003'],
    ['used', 'Used on INV-000012 (receipt RCP-000040)', 'Used on INV-000012 (receipt RCP-000040)'],
    ['referral', 'Referral reward: Ann Lee paid their first invoice', 'Referral reward: Ann Lee paid their first invoice'],
    ['goodwill', 'Late delivery', 'Goodwill: Late delivery'],
    ['claim', 'CLM-000002 for PKG-1', 'Insurance claim: CLM-000002 for PKG-1'],
  ] as const)('%s: %s', (kind, description, text) => {
    expect(creditEntryText(kind, description)).toBe(text);
  });
});
