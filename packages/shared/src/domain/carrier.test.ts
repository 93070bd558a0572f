import { describe, expect, it } from 'vitest';
import { carrierTrackingUrl, normaliseTrackingNumber, recogniseCarrier } from './carrier';

describe('recogniseCarrier', () => {
  it.each([
    ['1Z999AA10123456784', 'UPS'],
    ['1z 999 aa1 0123 4567 84', 'UPS'],
    ['1Z12345E0205271688', 'UPS'],
    ['TBA123456789012', 'AMAZON'],
    ['tba304958671000', 'AMAZON'],
    ['TBA-0000-0000-0', 'AMAZON'],
    ['123456789012', 'FEDEX'],
    ['123456789012345', 'FEDEX'],
    ['61299998820991234567', 'FEDEX'],
    ['9400111899223197428490', 'USPS'],
    ['9400 1118 9922 3197 4284 90', 'USPS'],
    ['92055901755477000000', 'USPS'],
    ['030612345678901234567', 'USPS'],
    ['4201234567899400111899', 'USPS'],
    ['EC123456785US', 'USPS'],
    ['1234567890', 'DHL'],
    ['JD014600003828950123', 'DHL'],
    ['ABC-123', 'OTHER'],
    ['12345', 'OTHER'],
    ['1Z999AA1012345678', 'OTHER'],
    ['12345678901', 'OTHER'],
    ['TBA12345', 'OTHER'],
    ['', 'OTHER'],
  ])('%s -> %s', (tracking, carrier) => expect(recogniseCarrier(tracking)).toBe(carrier));
});

describe('normaliseTrackingNumber', () => {
  it('drops spaces and dashes and upper-cases', () => {
    expect(normaliseTrackingNumber(' 1z-999 aa1 ')).toBe('1Z999AA1');
  });
});

describe('carrierTrackingUrl', () => {
  it.each([
    ['1z999aa10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    ['123456789012', 'https://www.fedex.com/fedextrack/?trknbr=123456789012'],
    ['9400 1118 9922 3197 4284 90', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490'],
    ['1234567890', 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=1234567890'],
    ['TBA304958671000', 'https://track.amazon.com/tracking/TBA304958671000'],
    ['ABC-123', null],
    ['', null],
  ])('%s -> %s', (tracking, url) => expect(carrierTrackingUrl(tracking)).toBe(url));

  it('follows the carrier the package records over the shape', () => {
    expect(carrierTrackingUrl('123456789012', 'UPS')).toBe('https://www.ups.com/track?tracknum=123456789012');
    expect(carrierTrackingUrl('1Z999AA10123456784', 'OTHER')).toBeNull();
  });

  it('never links a number that is not a tracking number', () => {
    expect(carrierTrackingUrl('<script>', 'UPS')).toBeNull();
  });
});
