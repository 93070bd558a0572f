import { describe, expect, it } from 'vitest';
import { RELEASE_MESSAGES } from '../domain/release';
import { BILLING_MESSAGES } from './billing';
import { DELIVERY_MESSAGES, deliverFormSchema, scheduleDeliveryFormSchema } from './deliveries';
import { releaseOverrideFormSchema } from './release';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
/** The message a form shows per field: the first issue of each path, as the form resolver keeps it. */
const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => {
  const first = new Map<string, string>();
  for (const i of result.error?.issues ?? []) if (!first.has(i.path.join('.'))) first.set(i.path.join('.'), i.message);
  return [...first];
};

describe('releaseOverrideFormSchema', () => {
  it('sends nothing unless asked, and asks for the reason once asked', () => {
    expect(releaseOverrideFormSchema.parse({ overrideReason: 'ignored' })).toEqual({});
    expect(issues(releaseOverrideFormSchema.safeParse({ allowUnpaid: true, overrideReason: '  ' }))).toEqual([
      ['overrideReason', RELEASE_MESSAGES.reasonRequired],
    ]);
    expect(releaseOverrideFormSchema.parse({ allowUnpaid: true, overrideReason: ' Manager ' })).toEqual({
      allowUnpaid: true,
      overrideReason: 'Manager',
    });
  });
});

describe('deliverFormSchema', () => {
  const base = { recipientName: 'Ann', signature: PNG, override: {} };
  it('reads the cash collected as cents: empty and zero are none, commas allowed', () => {
    expect(deliverFormSchema.parse({ ...base, collected: '' }).collected).toBeUndefined();
    expect(deliverFormSchema.parse({ ...base, collected: '0.00' }).collected).toBeUndefined();
    expect(deliverFormSchema.parse({ ...base, collected: '1,500.5' }).collected).toBe(150_050);
  });
  it('says every problem in our words', () => {
    expect(issues(deliverFormSchema.safeParse({ recipientName: ' ', signature: '', override: {}, collected: '1.234' }))).toEqual([
      ['recipientName', DELIVERY_MESSAGES.recipientRequired],
      ['signature', DELIVERY_MESSAGES.signatureRequired],
      ['collected', BILLING_MESSAGES.moneyStep],
    ]);
  });
});

describe('scheduleDeliveryFormSchema', () => {
  it('turns the typed driver and stop into numbers, an empty stop into none', () => {
    expect(scheduleDeliveryFormSchema.parse({ scheduledDate: '2099-03-04', driverId: '5', stopOrder: '' })).toEqual({
      scheduledDate: '2099-03-04',
      driverId: 5,
      stopOrder: undefined,
    });
  });
  it('asks for the date and driver, and a whole stop number', () => {
    expect(issues(scheduleDeliveryFormSchema.safeParse({ scheduledDate: '', driverId: '', stopOrder: '1.5' }))).toEqual([
      ['scheduledDate', DELIVERY_MESSAGES.scheduleDateRequired],
      ['driverId', DELIVERY_MESSAGES.driverRequired],
      ['stopOrder', 'Please enter a whole number'],
    ]);
  });
});
