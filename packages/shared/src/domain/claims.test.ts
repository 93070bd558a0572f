import { describe, expect, it } from 'vitest';
import { INSURANCE_MESSAGES } from '../schemas/insurance';
import { claimReasonsOpen, claimRefusal } from './claims';

const pkg = (status: string, over: Partial<Parameters<typeof claimRefusal>[0]> = {}) => ({
  status,
  heldFrom: null,
  insured: true,
  hasLiveClaim: false,
  ...over,
});

describe('when a claim may be opened', () => {
  it.each([
    ['received', ['lost']],
    ['in_transit', ['lost']],
    ['at_customs', ['damaged', 'lost']],
    ['ready_for_pickup', ['damaged', 'lost']],
    ['out_for_delivery', ['damaged', 'lost']],
    ['delivered', ['damaged', 'lost']],
  ])('%s: %j', (status, reasons) => {
    expect(claimReasonsOpen(pkg(status))).toEqual(reasons);
  });

  it('a hold counts where it was held', () => {
    expect(claimReasonsOpen(pkg('on_hold', { heldFrom: 'received' }))).toEqual(['lost']);
    expect(claimReasonsOpen(pkg('on_hold', { heldFrom: 'ready_for_pickup' }))).toEqual(['damaged', 'lost']);
  });

  it('says why not, in the words the API answers with', () => {
    expect(claimRefusal(pkg('received'), 'damaged')).toBe(INSURANCE_MESSAGES.notArrived);
    expect(claimRefusal(pkg('delivered', { insured: false }), 'lost')).toBe(INSURANCE_MESSAGES.notInsured);
    expect(claimRefusal(pkg('delivered', { hasLiveClaim: true }), 'damaged')).toBe(INSURANCE_MESSAGES.claimOpen);
    expect(claimReasonsOpen(pkg('delivered', { hasLiveClaim: true }))).toEqual([]);
    expect(claimRefusal(pkg('delivered'), 'damaged')).toBeNull();
  });
});
