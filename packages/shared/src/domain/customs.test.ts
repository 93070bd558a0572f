import { describe, expect, it } from 'vitest';
import { type CustomsRate, type TariffClass, customsFor, customsRatesInForce, defaultCustomsRates } from './customs';

const RATES = defaultCustomsRates();
const on = (day: string) => customsRatesInForce(RATES, day);
const parts = (b: ReturnType<typeof customsFor>) => Object.fromEntries(b.parts.map((p) => [p.part, p.cents]));

describe('customsFor: a Jamaican entry on the CIF value, by hand', () => {
  it.each<[string, string, number, number, TariffClass, Record<string, number>, number]>([
    // US$200 x 150 = 30,000.00 + freight 1,850.00 = CIF 31,850.00; duty 20% 6,370.00; SCF 0.3% 95.55;
    // levy 0.5% 159.25; GCT 15% of 38,474.80 = 5,771.22; CAF 2,500.00; stamp 100.00 = 14,996.02
    [
      'general, US$200, freight 1,850',
      '2026-11-28',
      200_00,
      1850_00,
      'general',
      { import_duty: 6370_00, scf: 95_55, environmental_levy: 159_25, import_gct: 5771_22, caf: 2500_00, stamp_duty: 100_00 },
      14_996_02,
    ],
    // US$800 x 150 = 120,000.00 + 4,250.00 = CIF 124,250.00; duty 0%; SCF 372.75; levy 621.25;
    // GCT 15% of 125,244.00 = 18,786.60; CAF 2,500.00; stamp 100.00 = 22,380.60
    [
      'computer, US$800, freight 4,250',
      '2026-11-28',
      800_00,
      4250_00,
      'computers',
      { scf: 372_75, environmental_levy: 621_25, import_gct: 18_786_60, caf: 2500_00, stamp_duty: 100_00 },
      22_380_60,
    ],
    // US$300 x 150 = CIF 45,000.00; duty 20% 9,000.00; SCF 135.00; levy 225.00; GCT 25% of 54,360.00 = 13,590.00
    [
      'phone, US$300, GCT 25%',
      '2026-11-28',
      300_00,
      0,
      'mobile_phones',
      { import_duty: 9000_00, scf: 135_00, environmental_levy: 225_00, import_gct: 13_590_00, caf: 2500_00, stamp_duty: 100_00 },
      25_550_00,
    ],
    // Before 1 April 2020 import GCT was 16.5%: CIF 30,000.00; duty 6,000.00; SCF 90.00; levy 150.00;
    // GCT 16.5% of 36,240.00 = 5,979.60
    [
      'general, US$200 in 2019',
      '2019-06-01',
      200_00,
      0,
      'general',
      { import_duty: 6000_00, scf: 90_00, environmental_levy: 150_00, import_gct: 5979_60, caf: 2500_00, stamp_duty: 100_00 },
      14_819_60,
    ],
    // In 2023 the de minimis was US$50: US$80 is dutiable. CIF 12,000.00; duty 2,400.00; SCF 36.00;
    // levy 60.00; GCT 15% of 14,496.00 = 2,174.40
    [
      'US$80 in 2023 (de minimis US$50)',
      '2023-06-01',
      80_00,
      0,
      'general',
      { import_duty: 2400_00, scf: 36_00, environmental_levy: 60_00, import_gct: 2174_40, caf: 2500_00, stamp_duty: 100_00 },
      7270_40,
    ],
  ])('%s', (_name, day, fob, freight, tariffClass, expected, total) => {
    const entry = customsFor({ fobUsdCents: fob, freightJmdCents: freight, tariffClass, exchangeRateJmdPerUsd: 150 }, on(day));
    expect(entry.deMinimis).toBe(false);
    expect(parts(entry)).toEqual(expected);
    expect(entry.totalCents).toBe(total);
  });

  it.each([
    [100_00, true],
    [100_01, false],
    [0, true],
  ])('US$%s cents today: de minimis %s (the whole value is dutiable above it)', (fob, free) => {
    const entry = customsFor({ fobUsdCents: fob, freightJmdCents: 1850_00, exchangeRateJmdPerUsd: 150 }, on('2026-11-28'));
    expect(entry.deMinimis).toBe(free);
    if (free) expect(entry.totalCents).toBe(0);
    // US$100.01 x 150 = 15,001.50 + 1,850.00 = CIF 16,851.50: duty 20% = 3,370.30 (on the whole value)
    else expect(parts(entry).import_duty).toBe(3370_30);
  });

  it('stamp duty only when CIF is over J$5,500', () => {
    const cheap: CustomsRate[] = on('2026-11-28').map((r) => (r.part === 'de_minimis' ? { ...r, thresholdCents: 0 } : r));
    // US$30 x 150 = CIF 4,500.00: no stamp duty; 20% duty 900.00
    const entry = customsFor({ fobUsdCents: 30_00, freightJmdCents: 0, exchangeRateJmdPerUsd: 150 }, cheap);
    expect(parts(entry).stamp_duty).toBeUndefined();
    expect(parts(entry).import_duty).toBe(900_00);
  });

  it('a rate written after an invoice was issued is not seen when it is priced again', () => {
    const later: CustomsRate = {
      part: 'import_duty',
      tariffClass: null,
      percentBps: 2500,
      amountCents: 0,
      thresholdCents: 0,
      effectiveFrom: '2026-01-01',
      source: 'test',
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const before = customsRatesInForce([...RATES, later], '2026-06-01', '2026-06-01T12:00:00.000Z');
    const after = customsRatesInForce([...RATES, later], '2026-06-01');
    const subject = { fobUsdCents: 200_00, freightJmdCents: 0, exchangeRateJmdPerUsd: 150 };
    expect(parts(customsFor(subject, before)).import_duty).toBe(6000_00);
    expect(parts(customsFor(subject, after)).import_duty).toBe(7500_00);
  });

  it('every default rate names its source', () => {
    for (const r of RATES) expect(r.source.length).toBeGreaterThan(20);
  });
});
