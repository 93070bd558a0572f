import { describe, expect, it } from 'vitest';
import { PACKAGE_STATUSES, type PackageStatus } from '../constants/packages';
import { STATUS_MESSAGES, canTransition, nextStatuses } from './package-status';

/** The legal moves, written out by hand from DOMAIN.md (not derived from the implementation). */
const LEGAL: Array<[PackageStatus, PackageStatus]> = [
  ['unknown', 'received'],
  ['unknown', 'abandoned'],
  ['received', 'in_transit'],
  ['received', 'on_hold'],
  ['received', 'abandoned'],
  ['in_transit', 'at_customs'],
  ['in_transit', 'on_hold'],
  ['at_customs', 'ready_for_pickup'],
  ['at_customs', 'on_hold'],
  ['ready_for_pickup', 'out_for_delivery'],
  ['ready_for_pickup', 'delivered'],
  ['ready_for_pickup', 'on_hold'],
  ['ready_for_pickup', 'abandoned'],
  ['out_for_delivery', 'delivered'],
  ['out_for_delivery', 'ready_for_pickup'],
  ['on_hold', 'abandoned'],
];
const isLegal = (from: PackageStatus, to: PackageStatus) => LEGAL.some(([f, t]) => f === from && t === to);

const pairs = PACKAGE_STATUSES.flatMap((from) => PACKAGE_STATUSES.map((to) => [from, to] as [PackageStatus, PackageStatus]));

describe('canTransition: every pair of statuses (outside on_hold returns)', () => {
  const context = { hasDeliveryRequest: true };
  it.each(pairs.filter(([from]) => from !== 'on_hold'))('%s -> %s', (from, to) => {
    const result = canTransition(from, to, context);
    expect(result.ok).toBe(isLegal(from, to));
    if (!result.ok) expect(result.message.length).toBeGreaterThan(10);
  });
});

describe('canTransition: clear messages when refused', () => {
  it('same status', () => {
    expect(canTransition('received', 'received')).toEqual({ ok: false, message: 'The package is already Received' });
  });
  it('final statuses', () => {
    expect(canTransition('delivered', 'received')).toEqual({ ok: false, message: 'A package that is Delivered cannot change status' });
    expect(canTransition('abandoned', 'received')).toEqual({ ok: false, message: 'A package that is Abandoned cannot change status' });
  });
  it('a skipped step', () => {
    expect(canTransition('received', 'delivered')).toEqual({ ok: false, message: 'A package cannot go from Received to Delivered' });
  });
  it('out for delivery needs a delivery request', () => {
    expect(canTransition('ready_for_pickup', 'out_for_delivery')).toEqual({ ok: false, message: STATUS_MESSAGES.needsDeliveryRequest });
    expect(canTransition('ready_for_pickup', 'out_for_delivery', { hasDeliveryRequest: false }).ok).toBe(false);
    expect(canTransition('ready_for_pickup', 'out_for_delivery', { hasDeliveryRequest: true }).ok).toBe(true);
  });
  it('cannot hold a package that is unknown, out for delivery or already delivered', () => {
    for (const from of ['unknown', 'out_for_delivery'] as const) expect(canTransition(from, 'on_hold').ok).toBe(false);
  });
});

describe('on_hold returns only to where it was', () => {
  const holdable: PackageStatus[] = ['received', 'in_transit', 'at_customs', 'ready_for_pickup'];
  for (const heldFrom of holdable) {
    it.each(PACKAGE_STATUSES.map((to) => [to]))(`held from ${heldFrom} -> %s`, (to) => {
      const result = canTransition('on_hold', to, { heldFrom });
      expect(result.ok).toBe(to === heldFrom || to === 'abandoned');
      // The two endings are reached only at the customer's request, and say so.
      const ending = to === 'returned_to_sender' || to === 'discarded';
      if (!result.ok && to !== 'on_hold')
        expect(result.message).toBe(ending ? STATUS_MESSAGES.leavingOnlyAsked : STATUS_MESSAGES.holdReturn(heldFrom));
    });
  }
  it('without a recorded origin it may only be abandoned', () => {
    expect(canTransition('on_hold', 'received')).toEqual({ ok: false, message: STATUS_MESSAGES.holdUnknownOrigin });
    expect(canTransition('on_hold', 'abandoned').ok).toBe(true);
  });
});

describe('nextStatuses', () => {
  it.each([
    ['unknown', {}, ['received', 'abandoned']],
    ['received', {}, ['in_transit', 'on_hold', 'abandoned']],
    ['in_transit', {}, ['at_customs', 'on_hold']],
    ['at_customs', {}, ['ready_for_pickup', 'on_hold']],
    ['ready_for_pickup', {}, ['delivered', 'on_hold', 'abandoned']],
    ['ready_for_pickup', { hasDeliveryRequest: true }, ['out_for_delivery', 'delivered', 'on_hold', 'abandoned']],
    ['out_for_delivery', {}, ['delivered', 'ready_for_pickup']],
    ['delivered', {}, []],
    ['abandoned', {}, []],
    ['on_hold', { heldFrom: 'at_customs' }, ['at_customs', 'abandoned']],
    ['on_hold', {}, ['abandoned']],
  ] as const)('%s %o', (from, context, expected) => {
    expect(nextStatuses(from, context)).toEqual(expected);
  });
});

describe('the hazard rule', () => {
  const dispose = { level: 'hazardous', outcome: 'dispose' } as const;
  const undecided = { level: 'hazardous', outcome: null } as const;
  it.each([
    ['received', 'in_transit', dispose, STATUS_MESSAGES.hazardOutcome('disposed of')],
    ['in_transit', 'at_customs', dispose, STATUS_MESSAGES.hazardOutcome('disposed of')],
    ['at_customs', 'ready_for_pickup', dispose, STATUS_MESSAGES.hazardOutcome('disposed of')],
    ['received', 'in_transit', { level: 'prohibited', outcome: 'return' }, STATUS_MESSAGES.hazardOutcome('returned to the sender')],
    ['received', 'in_transit', { level: 'prohibited', outcome: null }, STATUS_MESSAGES.hazardProhibited],
    ['received', 'in_transit', undecided, STATUS_MESSAGES.hazardUndecided],
  ] as const)('%s -> %s with %o is refused', (from, to, hazard, message) => {
    expect(canTransition(from, to, { hazard })).toEqual({ ok: false, message });
  });
  it.each([
    ['received', 'in_transit', { level: 'hazardous', outcome: 'sea' }],
    ['received', 'in_transit', { level: null, outcome: null }],
    ['received', 'on_hold', dispose],
    ['received', 'abandoned', dispose],
    ['received', 'on_hold', undecided],
  ] as const)('%s -> %s with %o is allowed', (from, to, hazard) => {
    expect(canTransition(from, to, { hazard }).ok).toBe(true);
  });
  it('a parcel to be disposed of is offered only a hold or abandoning', () => {
    expect(nextStatuses('received', { hazard: dispose })).toEqual(['on_hold', 'abandoned']);
    expect(nextStatuses('received', { hazard: undecided })).toEqual(['on_hold', 'abandoned']);
  });
});

describe('the branch rule and transfers', () => {
  const elsewhere = { at: 1, collect: 2, atName: 'May Pen', collectName: 'Chapelton' };
  const here = { at: 2, collect: 2 };
  it('a parcel cleared at another branch than its customer collects at is not ready there', () => {
    expect(canTransition('at_customs', 'ready_for_pickup', { branches: elsewhere })).toEqual({
      ok: false,
      message: 'The parcel is at May Pen and is collected at Chapelton: send it on a transfer; it is ready once it arrives there',
    });
    expect(canTransition('at_customs', 'ready_for_pickup', { branches: here }).ok).toBe(true);
    expect(nextStatuses('at_customs', { branches: elsewhere })).toEqual(['on_hold']);
  });
  it('in and out of transfer only by a transfer', () => {
    expect(canTransition('at_customs', 'in_transfer')).toEqual({ ok: false, message: STATUS_MESSAGES.transferOnly });
    expect(canTransition('in_transfer', 'ready_for_pickup')).toEqual({ ok: false, message: STATUS_MESSAGES.transferOnly });
    expect(canTransition('at_customs', 'in_transfer', { viaTransfer: true }).ok).toBe(true);
    expect(canTransition('ready_for_pickup', 'in_transfer', { viaTransfer: true }).ok).toBe(true);
    expect(canTransition('received', 'in_transfer', { viaTransfer: true }).ok).toBe(false);
    expect(nextStatuses('in_transfer')).toEqual([]);
  });
  it('a parcel arriving on a transfer is ready only at its own branch', () => {
    expect(canTransition('in_transfer', 'ready_for_pickup', { viaTransfer: true, branches: here }).ok).toBe(true);
    expect(canTransition('in_transfer', 'ready_for_pickup', { viaTransfer: true, branches: elsewhere }).ok).toBe(false);
  });
  it('a failed delivery comes back ready where it was', () => {
    expect(canTransition('out_for_delivery', 'ready_for_pickup', { branches: elsewhere }).ok).toBe(true);
  });
  it('a parcel to be disposed of does not travel on a transfer', () => {
    expect(canTransition('at_customs', 'in_transfer', { viaTransfer: true, hazard: { level: 'hazardous', outcome: 'dispose' } }).ok).toBe(
      false,
    );
  });
});

describe("the customer's return or discard", () => {
  it.each([
    ['received', 'in_transit', 'return', STATUS_MESSAGES.leaving('return')],
    ['at_customs', 'ready_for_pickup', 'discard', STATUS_MESSAGES.leaving('discard')],
    ['ready_for_pickup', 'delivered', 'return', STATUS_MESSAGES.leaving('return')],
    ['ready_for_pickup', 'out_for_delivery', 'discard', STATUS_MESSAGES.leaving('discard')],
    ['received', 'discarded', 'return', STATUS_MESSAGES.leavingOnlyAsked],
    ['received', 'returned_to_sender', null, STATUS_MESSAGES.leavingOnlyAsked],
    ['in_transit', 'returned_to_sender', 'return', STATUS_MESSAGES.leavingOnlyAsked],
    ['out_for_delivery', 'discarded', 'discard', STATUS_MESSAGES.leavingOnlyAsked],
  ] as const)('%s -> %s when %s was asked is refused', (from, to, leaving, message) => {
    expect(canTransition(from, to, { leaving, hasDeliveryRequest: true })).toEqual({ ok: false, message });
  });
  it.each([
    ['received', 'returned_to_sender', 'return'],
    ['on_hold', 'returned_to_sender', 'return'],
    ['ready_for_pickup', 'discarded', 'discard'],
    ['at_customs', 'discarded', 'discard'],
    ['received', 'on_hold', 'return'],
  ] as const)('%s -> %s when %s was asked is allowed', (from, to, leaving) => {
    expect(canTransition(from, to, { leaving }).ok).toBe(true);
  });
  it('a hazardous parcel the customer asked to return may still be returned', () => {
    const hazard = { level: 'prohibited', outcome: null } as const;
    expect(canTransition('received', 'returned_to_sender', { leaving: 'return', hazard }).ok).toBe(true);
  });
  it('a returned or discarded parcel moves no more, and neither ending is offered as a button', () => {
    expect(canTransition('returned_to_sender', 'received')).toEqual({ ok: false, message: STATUS_MESSAGES.final('returned_to_sender') });
    expect(canTransition('discarded', 'abandoned').ok).toBe(false);
    expect(nextStatuses('received', { leaving: 'return' })).toEqual(['on_hold', 'abandoned']);
  });
});
