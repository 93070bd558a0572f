import { describe, expect, it } from 'vitest';
import { classifyScan, SCAN_MESSAGES, scanProblem } from './scan';

describe('classifyScan', () => {
  it.each([
    // Our own label, as the Code 128 decodes it and as people type it.
    ['PKG-000009', { kind: 'package_number', value: 'PKG-000009' }],
    ['pkg000009', { kind: 'package_number', value: 'PKG-000009' }],
    [' Pkg-000009 ', { kind: 'package_number', value: 'PKG-000009' }],
    ['PKG-1234567', { kind: 'package_number', value: 'PKG-1234567' }],
    // Carriers, by shape.
    ['1Z999AA10123456784', { kind: 'tracking', value: '1Z999AA10123456784', carrier: 'UPS' }],
    ['1z 999 aa1 0123 4567 84', { kind: 'tracking', value: '1Z999AA10123456784', carrier: 'UPS' }],
    ['123456789012', { kind: 'tracking', value: '123456789012', carrier: 'FEDEX' }],
    ['123456789012345', { kind: 'tracking', value: '123456789012345', carrier: 'FEDEX' }],
    ['61299998820991234567', { kind: 'tracking', value: '61299998820991234567', carrier: 'FEDEX' }],
    ['9400111899223197428490', { kind: 'tracking', value: '9400111899223197428490', carrier: 'USPS' }],
    ['030612345678901234567', { kind: 'tracking', value: '030612345678901234567', carrier: 'USPS' }],
    ['ec123456785us', { kind: 'tracking', value: 'EC123456785US', carrier: 'USPS' }],
    ['1234567890', { kind: 'tracking', value: '1234567890', carrier: 'DHL' }],
    ['JD014600006281230701', { kind: 'tracking', value: 'JD014600006281230701', carrier: 'DHL' }],
    ['TBA304958671000', { kind: 'tracking', value: 'TBA304958671000', carrier: 'AMAZON' }],
    // Mailbox numbers: the courier's code, a hyphen, the number.
    ['JXP-10001', { kind: 'mailbox', value: 'JXP-10001' }],
    ['jxp10001', { kind: 'mailbox', value: 'JXP-10001' }],
    ['M2X-10044', { kind: 'mailbox', value: 'M2X-10044' }],
    // Anything else readable is an unrecognised tracking number.
    ['AUDIT-7', { kind: 'tracking', value: 'AUDIT7', carrier: 'OTHER' }],
    ['12345', { kind: 'tracking', value: '12345', carrier: 'OTHER' }],
  ])('%s', (raw, expected) => expect(classifyScan(raw)).toEqual(expected));

  it.each([[''], ['   '], ['PKG-000009/1'], ['x'.repeat(41)], ['PKG-0000141ZAUDITB0000000000000000000000000']])('refuses %j', (raw) =>
    expect(classifyScan(raw)).toBeNull(),
  );
});

describe('scanProblem', () => {
  it('says why in our words', () => {
    expect(scanProblem('')).toBe(SCAN_MESSAGES.empty);
    expect(scanProblem('1'.repeat(41))).toBe(SCAN_MESSAGES.tooLong);
    expect(scanProblem('PKG#9')).toBe(SCAN_MESSAGES.unreadable);
    expect(scanProblem('PKG-000009')).toBeNull();
  });
});
