import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_TABLE } from '../constants/rates';
import {
  type ChargeInputs,
  type ChargePackage,
  billableWeight,
  computeCharges,
  customsDutyFor,
  freightFor,
  membershipTier,
  percentOf,
  processingFeeFor,
} from './charges';
import { customsRatesInForce, defaultCustomsRates } from './customs';

const RATES = DEFAULT_RATE_TABLE.map((r) => ({ weightLbs: r.weightLbs, costCents: r.costJmd * 100, status: 'active' as const }));
const FEES = [
  { minLbs: 0.5, maxLbs: 10, feeCents: 300_00 },
  { minLbs: 10, maxLbs: 20, feeCents: 500_00 },
];

function inputs(packages: Partial<ChargePackage>[], over: Partial<ChargeInputs> = {}): ChargeInputs {
  return {
    packages: packages.map((p, i) => ({ ref: i + 1, label: `PKG${i + 1}`, weightLbs: 1, declaredValueUsdCents: 0, ...p })),
    rates: RATES,
    additionalPoundCents: 350_00,
    lifetimeDeliveredCount: 0,
    processingFees: FEES,
    gctPercent: 16.5,
    exchangeRateJmdPerUsd: 150,
    unknownFeeCents: 500_00,
    uncollectedFeeCents: 300_00,
    switchingFeeCents: 200_00,
    ...over,
  };
}

describe('billableWeight rounds up to the next whole pound', () => {
  it.each([
    [0.1, 1],
    [1, 1],
    [1.01, 2],
    [2.0000001, 2],
    [9.5, 10],
    [10, 10],
    [10.2, 11],
  ])('%s lb -> %s lb', (w, expected) => expect(billableWeight(w)).toBe(expected));

  it.each([0, -1, Number.NaN])('refuses %s', (w) => expect(() => billableWeight(w)).toThrow(RangeError));
});

describe('freightFor', () => {
  it.each([
    [1, 650_00],
    [5, 2250_00],
    [10, 4250_00],
    // beyond the last row: 4250 + 1 x 350, + 5 x 350
    [11, 4600_00],
    [15, 6000_00],
  ])('%s lb on the default table -> %s cents', (lbs, cents) => expect(freightFor(lbs, RATES, 350_00)).toBe(cents));

  it('ignores inactive rates', () => {
    const rates = RATES.map((r) => (r.weightLbs === 2 ? { ...r, status: 'inactive' as const, costCents: 1 } : r));
    // No active 2 lb row: the next heavier active row (3 lb) applies.
    expect(freightFor(2, rates, 350_00)).toBe(1450_00);
    const lastInactive = RATES.map((r) => (r.weightLbs === 10 ? { ...r, status: 'inactive' as const } : r));
    // 10 lb is now beyond the last active row (9 lb, 3850): one extra pound.
    expect(freightFor(10, lastInactive, 350_00)).toBe(3850_00 + 350_00);
  });

  it('charges the additional-pound rate per pound when no rate is active', () => {
    expect(freightFor(3, [], 350_00)).toBe(1050_00);
  });
});

describe('processingFeeFor', () => {
  it.each([
    [0.1, 0],
    [0.5, 300_00],
    [5, 300_00],
    // exactly on the shared 10 lb boundary: the lighter range wins
    [10, 300_00],
    [10.01, 500_00],
    [20, 500_00],
    [20.5, 0],
  ])('%s lb -> %s cents', (lbs, cents) => expect(processingFeeFor(lbs, FEES)).toBe(cents));
});

describe('membershipTier', () => {
  it.each([
    [0, null],
    [49, null],
    [50, 'Bronze'],
    [99, 'Bronze'],
    [100, 'Silver'],
    [150, 'Gold'],
    [299, 'Gold'],
    [300, 'Platinum'],
    [5000, 'Platinum'],
  ])('%s delivered -> %s', (n, name) => expect(membershipTier(n)?.name ?? null).toBe(name));
});

describe('percentOf rounds half-up to the cent', () => {
  it.each([
    [100_00, 16.5, 16_50],
    [1, 50, 1],
    [3, 16.5, 0],
    [650_00, 0, 0],
    [650_00, 100, 650_00],
    [333, 12, 40],
  ])('%s x %s%% -> %s', (cents, pct, expected) => expect(percentOf(cents, pct)).toBe(expected));
});

describe('customsDutyFor', () => {
  it.each([
    [0, 0],
    [100_00, 0],
    [100_01, Math.round(100_01 * 150 * 0.2)],
    [250_00, 7500_00],
  ])('USD cents %s -> JMD cents %s', (usd, jmd) => expect(customsDutyFor(usd, 150)).toBe(jmd));
});

describe('computeCharges', () => {
  it('one 0.1 lb package: 1 lb freight, GCT on freight, nothing else', () => {
    const r = computeCharges(inputs([{ weightLbs: 0.1 }]));
    expect(r.lines).toEqual([
      { kind: 'freight', description: 'Freight PKG1 (1 lb)', packageRef: 1, amountCents: 650_00 },
      { kind: 'gct', description: 'GCT 16.5% on freight', packageRef: null, amountCents: 107_25 },
    ]);
    expect(r.totalCents).toBe(757_25);
  });

  it('GCT 0 adds no line; GCT 100 doubles the freight only', () => {
    const zero = computeCharges(inputs([{ weightLbs: 3 }], { gctPercent: 0 }));
    expect(zero.lines.some((l) => l.kind === 'gct')).toBe(false);
    expect(zero.totalCents).toBe(1450_00 + 300_00);
    const hundred = computeCharges(inputs([{ weightLbs: 3 }], { gctPercent: 100 }));
    expect(hundred.gctCents).toBe(1450_00);
    expect(hundred.totalCents).toBe(1450_00 * 2 + 300_00);
  });

  it('a full invoice adds up to the cent', () => {
    const r = computeCharges(
      inputs(
        [
          { weightLbs: 10, declaredValueUsdCents: 150_00, assignedFromUnknown: true },
          { weightLbs: 12.3, declaredValueUsdCents: 99_99, uncollected: true, switchedBranch: true },
          { weightLbs: 2, declaredValueUsdCents: 400_00, customsOverrideCents: 1234_56 },
        ],
        { lifetimeDeliveredCount: 150, deliveryFeeCents: 800_00 },
      ),
    );
    // freight: 4250 + (4250 + 3 x 350 = 5300) + 1050 = 10600
    expect(r.freightCents).toBe(10600_00);
    // Gold 12%
    expect(r.tier?.name).toBe('Gold');
    expect(r.discountCents).toBe(1272_00);
    // GCT 16.5% of 9328.00 = 1539.12
    expect(r.gctCents).toBe(1539_12);
    // processing: 300 (10 lb, boundary) + 500 + 300
    expect(r.processingCents).toBe(1100_00);
    // customs: 150 x 0.2 x 150 = 4500; none at 99.99; override 1234.56
    expect(r.customsCents).toBe(4500_00 + 1234_56);
    // fees: unknown 500 + uncollected 300 + switching 200 + delivery 800
    expect(r.feesCents).toBe(1800_00);
    const expected = 10600_00 - 1272_00 + 1539_12 + 1100_00 + 5734_56 + 1800_00;
    expect(r.totalCents).toBe(expected);
    expect(r.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(expected);
    expect(r.lines.filter((l) => l.kind === 'customs_duty').map((l) => l.description)).toEqual([
      'Customs duty PKG1 (20% of USD 150.00 at 150)',
      'Customs duty PKG3 (assessed by customs; computed 12000.00)',
    ]);
  });

  it('a customs override of 0 removes the computed duty', () => {
    const r = computeCharges(inputs([{ weightLbs: 1, declaredValueUsdCents: 500_00, customsOverrideCents: 0 }]));
    expect(r.customsCents).toBe(0);
  });

  it('beyond the last rate row with inactive rows ignored', () => {
    const rates = [...RATES, { weightLbs: 20, costCents: 1, status: 'inactive' as const }];
    const r = computeCharges(inputs([{ weightLbs: 14 }], { rates, gctPercent: 0, processingFees: [] }));
    expect(r.totalCents).toBe(4250_00 + 4 * 350_00);
  });
});

describe('customs assessment replaces the computed duty of its package', () => {
  // USD 200 at 150 -> computed 6000.00; USD 50 -> none (under the threshold)
  it.each([
    ['no assessment: the computed duty stands', 200_00, null, 6000_00, 6000_00, 1],
    ['assessed lower: one line, at the assessed figure', 200_00, 4000_00, 6000_00, 4000_00, 1],
    ['assessed higher: one line, at the assessed figure', 200_00, 7500_00, 6000_00, 7500_00, 1],
    ['assessed 0: the duty is waived, no line', 200_00, 0, 6000_00, 0, 0],
    ['no computed duty, assessed: one line', 50_00, 1500_00, 0, 1500_00, 1],
    ['no computed duty, no assessment: no line', 50_00, null, 0, 0, 0],
  ])('%s', (_name, declared, assessed, computed, charged, lineCount) => {
    const r = computeCharges(
      inputs([{ weightLbs: 1, declaredValueUsdCents: declared, customsOverrideCents: assessed }], { gctPercent: 0 }),
    );
    const duty = r.lines.filter((l) => l.kind === 'customs_duty');
    expect(duty).toHaveLength(lineCount);
    expect(duty.reduce((s, l) => s + l.amountCents, 0)).toBe(charged);
    expect(r.customs).toEqual([{ ref: 1, computedCents: computed, assessedCents: assessed, chargedCents: charged }]);
    expect(r.customsCents).toBe(charged);
    // The total moves by exactly (assessed - computed), never by the assessed amount on top.
    const unassessed = computeCharges(inputs([{ weightLbs: 1, declaredValueUsdCents: declared }], { gctPercent: 0 }));
    expect(r.totalCents - unassessed.totalCents).toBe(charged - computed);
  });

  it('leaves the other packages of the invoice alone', () => {
    const r = computeCharges(
      inputs(
        [
          { ref: 1, label: 'A', weightLbs: 1, declaredValueUsdCents: 0 },
          { ref: 2, label: 'B', weightLbs: 1, declaredValueUsdCents: 200_00, customsOverrideCents: 4000_00 },
        ],
        { gctPercent: 0 },
      ),
    );
    expect(r.lines.filter((l) => l.kind === 'customs_duty').map((l) => [l.packageRef, l.amountCents])).toEqual([[2, 4000_00]]);
    expect(r.customs.map((c) => c.chargedCents)).toEqual([0, 4000_00]);
  });
});

describe('computeCharges with the fee engine', () => {
  const v = (over: Partial<import('./fees').FeeVersion>): import('./fees').FeeVersion => ({
    feeId: 1,
    versionId: 10,
    code: null,
    name: 'Fee',
    appliesTo: 'package',
    method: 'fixed',
    amountCents: 0,
    percentBps: 0,
    minimumCents: 0,
    bands: [],
    bandBasis: 'weight',
    freeDays: 0,
    gctApplies: false,
    effectiveFrom: '2026-01-01',
    effectiveTo: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  });

  it('names the version behind each of the fees every courier has, and leaves the figures as they were', () => {
    const plain = computeCharges(inputs([{ weightLbs: 3, assignedFromUnknown: true }]));
    const named = computeCharges(
      inputs([{ weightLbs: 3, assignedFromUnknown: true }], {
        specFees: {
          gct: { versionId: 7, gctApplies: false },
          unknown_fee: { versionId: 8, gctApplies: false },
          processing_fee: { versionId: 9, gctApplies: false },
        },
      }),
    );
    expect(named.lines.map(({ feeVersionId: _, ...l }) => l)).toEqual(plain.lines);
    expect(named.lines.map((l) => [l.kind, l.feeVersionId ?? null])).toEqual([
      ['freight', null],
      ['processing_fee', 9],
      ['gct', 7],
      ['unknown_fee', 8],
    ]);
  });

  it('insurance on insured packages, storage on packages that left, own fees per package and per invoice, GCT on fees marked so', () => {
    const r = computeCharges(
      inputs(
        [
          { weightLbs: 1, declaredValueUsdCents: 200_00, insured: true, storageDays: 10 },
          { weightLbs: 1, declaredValueUsdCents: 10_00, insured: false, storageDays: null },
        ],
        {
          processingFees: [],
          insuranceFee: v({ versionId: 21, name: 'Insurance', method: 'percent_value', percentBps: 200, minimumCents: 600_00 }),
          storageFee: v({ versionId: 22, name: 'Storage', appliesTo: 'storage_day', amountCents: 50_00, freeDays: 7, gctApplies: true }),
          packageFees: [v({ versionId: 23, name: 'Handling', amountCents: 100_00 })],
          invoiceFees: [v({ versionId: 24, name: 'Paperwork', appliesTo: 'invoice', method: 'per_item', amountCents: 75_00 })],
        },
      ),
    );
    const by = (kind: string) => r.lines.filter((l) => l.kind === kind).map((l) => [l.description, l.amountCents, l.feeVersionId]);
    // US$200 at 150 = JMD 30,000: 2% = 600.00, the minimum.
    expect(by('insurance')).toEqual([['Insurance PKG1 (USD 200.00 declared)', 600_00, 21]]);
    expect(by('storage_fee')).toEqual([['Storage PKG1 (3 days after 7 free)', 150_00, 22]]);
    expect(by('fee')).toEqual([
      ['Handling PKG1', 100_00, 23],
      ['Handling PKG2', 100_00, 23],
      ['Paperwork', 150_00, 24],
    ]);
    // GCT 16.5% on freight 1,300 and the storage 150 (marked): 239.25.
    expect(by('gct')).toEqual([['GCT 16.5% on freight and fees', 239_25, undefined]]);
    expect(r.totalCents).toBe(r.lines.reduce((s, l) => s + l.amountCents, 0));
    expect(r.feesCents).toBe(600_00 + 150_00 + 200_00 + 150_00);
  });
});

describe('freight bills the greater of actual and volumetric weight', () => {
  it.each([
    // actual, volumetric, billed lb, basis
    [2, 6.91, 7, 'volumetric'],
    [10, 6.91, 10, 'actual'],
    [6.91, 6.91, 7, 'actual'],
  ] as const)('actual %s lb, volumetric %s lb -> %s lb (%s)', (weightLbs, volumetricWeightLbs, lbs, basis) => {
    const result = computeCharges(inputs([{ weightLbs, volumetricWeightLbs }], { processingFees: [], gctPercent: 0 }));
    const freight = result.lines.find((l) => l.kind === 'freight');
    expect(freight?.amountCents).toBe(freightFor(lbs, RATES, 350_00));
    expect(freight?.description).toBe(
      `Freight PKG1 (${lbs} lb, ${basis} weight billed: actual ${weightLbs} lb, volumetric ${volumetricWeightLbs} lb)`,
    );
  });

  it('without a volumetric weight the line is as before', () => {
    const result = computeCharges(inputs([{ weightLbs: 2, volumetricWeightLbs: null }]));
    expect(result.lines[0]?.description).toBe('Freight PKG1 (2 lb)');
  });

  it('the processing fee stays on the actual weight', () => {
    const heavy = computeCharges(inputs([{ weightLbs: 2, volumetricWeightLbs: 15 }]));
    expect(heavy.lines.find((l) => l.kind === 'processing_fee')?.amountCents).toBe(300_00);
  });
});

describe('the hazardous return/disposal fee', () => {
  it.each([
    [undefined, 0, 0],
    [0, 0, 0],
    [1500_00, 1, 1500_00],
  ])('fee %s cents: %s line(s), fees %s cents, no GCT on it', (hazardFeeCents, lines, fees) => {
    const r = computeCharges(inputs([{ weightLbs: 1, hazardFeeCents }], { processingFees: [] }));
    const hazard = r.lines.filter((l) => l.kind === 'hazard_fee');
    expect(hazard).toHaveLength(lines);
    expect(hazard.map((l) => [l.packageRef, l.amountCents])).toEqual(lines ? [[1, fees]] : []);
    expect(r.feesCents).toBe(fees);
    expect(r.gctCents).toBe(computeCharges(inputs([{ weightLbs: 1 }], { processingFees: [] })).gctCents);
    expect(r.totalCents).toBe(r.lines.reduce((s, l) => s + l.amountCents, 0));
  });
});

describe('computeCharges with customs rates: each part of the entry is its own line', () => {
  const today = customsRatesInForce(defaultCustomsRates(), '2026-11-28');

  it('USD 200 of general goods, 3.2 lb: the entry on CIF, by hand', () => {
    const result = computeCharges(inputs([{ weightLbs: 3.2, declaredValueUsdCents: 200_00 }], { gctPercent: 15, customsRates: today }));
    // Freight 4 lb 1,850.00; processing 300.00; GCT 15% of 1,850.00 = 277.50. CIF 30,000.00 + 1,850.00 =
    // 31,850.00: duty 20% 6,370.00; SCF 0.3% 95.55; levy 0.5% 159.25; GCT 15% of 38,474.80 = 5,771.22;
    // CAF 2,500.00; stamp duty 100.00 (CIF over 5,500.00): customs 14,996.02
    const customs = result.lines.filter((l) => l.kind === 'customs_duty');
    expect(customs.map((l) => [l.description, l.amountCents])).toEqual([
      ['Import duty PKG1 (20% of CIF 31,850.00)', 6370_00],
      ['Standard compliance fee (SCF) PKG1 (0.3% of CIF 31,850.00)', 95_55],
      ['Environmental levy PKG1 (0.5% of CIF 31,850.00)', 159_25],
      ['GCT on import PKG1 (15% of 38,474.80 (CIF, duty, SCF and levy))', 5771_22],
      ['Customs administrative fee (CAF) PKG1 (flat per entry)', 2500_00],
      ['Stamp duty PKG1 (flat when CIF is over 5,500.00)', 100_00],
    ]);
    expect(result.customsCents).toBe(14_996_02);
    expect(result.gctCents).toBe(277_50);
    expect(result.totalCents).toBe(1850_00 + 300_00 + 277_50 + 14_996_02);
    expect(result.customs[0]).toMatchObject({ computedCents: 14_996_02, assessedCents: null, chargedCents: 14_996_02 });
  });

  it('customs assessed: one line at the assessed amount replaces every part', () => {
    const result = computeCharges(
      inputs([{ weightLbs: 3.2, declaredValueUsdCents: 200_00, customsOverrideCents: 9000_00 }], { gctPercent: 15, customsRates: today }),
    );
    const customs = result.lines.filter((l) => l.kind === 'customs_duty');
    expect(customs).toHaveLength(1);
    expect(customs[0]).toMatchObject({ amountCents: 9000_00, description: 'Customs duty PKG1 (assessed by customs; computed 14996.02)' });
  });

  it('four parcels each under USD 100 pay no duty; as one parcel of USD 360 they pay the entry', () => {
    const apart = computeCharges(
      inputs(
        [90_00, 90_00, 90_00, 90_00].map((v) => ({ declaredValueUsdCents: v })),
        { customsRates: today },
      ),
    );
    expect(apart.customsCents).toBe(0);
    // One parcel 1 lb, freight 650.00: CIF 54,000.00 + 650.00 = 54,650.00; duty 10,930.00; SCF 163.95;
    // levy 273.25; GCT 15% of 66,017.20 = 9,902.58; CAF 2,500.00; stamp 100.00 = 23,869.78
    const together = computeCharges(inputs([{ declaredValueUsdCents: 360_00 }], { customsRates: today }));
    expect(together.customsCents).toBe(23_869_78);
  });
});
