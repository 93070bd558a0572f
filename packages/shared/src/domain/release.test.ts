import { describe, expect, it } from 'vitest';
import { RELEASE_MESSAGES, type ReleaseFacts, type ReleaseOverride, releaseVerdict } from './release';

const pkg = (over: Partial<ReleaseFacts> = {}): ReleaseFacts => ({
  packageNumber: 'PKG-000001',
  status: 'ready_for_pickup',
  invoice: { invoiceNo: 'INV-000001', balanceCents: 1_132_100 },
  ...over,
});
const paid = pkg({ invoice: { invoiceNo: 'INV-000001', balanceCents: 0 } });
const manager: ReleaseOverride = { requested: true, permitted: true, reason: 'Customer paid by bank transfer; reference to follow' };

describe('releaseVerdict', () => {
  const cases: Array<[string, ReleaseFacts, ReleaseOverride | null, ReturnType<typeof releaseVerdict>]> = [
    ['a paid invoice releases', paid, null, { ok: true, overridden: false }],
    [
      'an overpaid (credit) invoice releases',
      pkg({ invoice: { invoiceNo: 'INV-000001', balanceCents: -100 } }),
      null,
      { ok: true, overridden: false },
    ],
    ['an override on a paid invoice is not counted', paid, manager, { ok: true, overridden: false }],
    [
      'a balance is refused with the amount',
      pkg(),
      null,
      { ok: false, refusal: 'unpaid', message: RELEASE_MESSAGES.unpaid('PKG-000001', 'INV-000001', 'JMD 11,321.00') },
    ],
    [
      'an override without the permission is refused',
      pkg(),
      { ...manager, permitted: false },
      { ok: false, refusal: 'override_not_allowed', message: RELEASE_MESSAGES.overrideNotAllowed },
    ],
    [
      'an override without a reason is refused',
      pkg(),
      { ...manager, reason: '   ' },
      { ok: false, refusal: 'reason_required', message: RELEASE_MESSAGES.reasonRequired },
    ],
    ['an override with the permission and a reason releases', pkg(), manager, { ok: true, overridden: true }],
    [
      'a package with no invoice is invoiced first, override or not',
      pkg({ invoice: null }),
      manager,
      { ok: false, refusal: 'not_invoiced', message: RELEASE_MESSAGES.notInvoiced('PKG-000001') },
    ],
    [
      'a held package never leaves, even paid and overridden',
      pkg({ status: 'on_hold', invoice: paid.invoice }),
      manager,
      { ok: false, refusal: 'held', message: RELEASE_MESSAGES.held('PKG-000001') },
    ],
  ];
  it.each(cases)('%s', (_name, facts, override, expected) => {
    expect(releaseVerdict(facts, override)).toEqual(expected);
  });
});
