import { describe, expect, it } from 'vitest';
import { normaliseTrackingNumber, recogniseCarrier } from './carrier';

describe('recogniseCarrier', () => {
  it.each([
    ['1Z999AA10123456784', 'UPS'],
    ['1z 999 aa1 0123 4567 84', 'UPS'],
    ['TBA123456789012', 'AMAZON'],
    ['tba304958671000', 'AMAZON'],
    ['123456789012', 'FEDEX'],
    ['123456789012345', 'FEDEX'],
    ['61299998820991234567', 'FEDEX'],
    ['9400111899223197428490', 'USPS'],
    ['92055901755477000000', 'USPS'],
    ['030612345678901234567', 'USPS'],
    ['EC123456785US', 'USPS'],
    ['1234567890', 'DHL'],
    ['ABC-123', 'OTHER'],
    ['12345', 'OTHER'],
    ['1Z999AA1012345678', 'OTHER'],
    ['', 'OTHER'],
  ])('%s -> %s', (tracking, carrier) => expect(recogniseCarrier(tracking)).toBe(carrier));
});

describe('normaliseTrackingNumber', () => {
  it('drops spaces and dashes and upper-cases', () => {
    expect(normaliseTrackingNumber(' 1z-999 aa1 ')).toBe('1Z999AA1');
  });
});
