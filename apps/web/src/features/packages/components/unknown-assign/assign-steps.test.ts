import { describe, expect, it } from 'vitest';
import { classifyScan } from '@courier/shared/domain/scan';
import { UNKNOWN_ASSIGN_MESSAGES, nextAssignStep } from './assign-steps';

describe('what a scan means on the unknown-package assignment station', () => {
  it.each([
    [false, 'PKG-000012', 'find'],
    [false, 'JXP-10001', 'find'],
    [true, 'JXP-10001', 'assign'],
    [true, 'jxp10001', 'assign'],
    [true, 'pkg000012', 'find'],
    [true, '1Z999AA10123456784', 'find'],
    [true, '!!', 'find'],
  ] as const)('waiting %s, scan %s: %s', (waiting, code, step) => {
    expect(nextAssignStep(waiting, classifyScan(code))).toBe(step);
  });

  it('says what was found and to whom it went', () => {
    expect(UNKNOWN_ASSIGN_MESSAGES.found({ packageNumber: 'PKG-000012', trackingNumber: '1Z9', weightLb: 2.5 })).toBe(
      'PKG-000012 (1Z9, 2.50 lb): now scan the customer’s mailbox',
    );
    expect(UNKNOWN_ASSIGN_MESSAGES.assigned({ packageNumber: 'PKG-000012', customerName: 'Ann Lee', mailboxNumber: 'JXP-10001' })).toBe(
      'PKG-000012 assigned to Ann Lee (JXP-10001)',
    );
  });
});
