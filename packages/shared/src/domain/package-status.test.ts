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
      if (!result.ok && to !== 'on_hold') expect(result.message).toBe(STATUS_MESSAGES.holdReturn(heldFrom));
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
