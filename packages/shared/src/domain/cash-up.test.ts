import { describe, expect, it } from 'vitest';
import { cashUpDifference, changeDue } from './cash-up';

const expected = {
  expectedCashCents: 5000_00,
  expectedCardCents: 2000_00,
  expectedBankTransferCents: 1000_00,
  expectedOnlineCents: 500_00,
};

describe('cash-up difference', () => {
  it.each([
    ['all as expected, float counted in the drawer', 1000_00, 6000_00, 2000_00, null, null, 0],
    ['cash short by 100', 1000_00, 5900_00, 2000_00, null, null, -100_00],
    ['card over by 50', 0, 5000_00, 2050_00, null, null, 50_00],
    ['transfers counted and short', 0, 5000_00, 2000_00, 900_00, null, -100_00],
    ['online counted and right', 0, 5000_00, 2000_00, null, 500_00, 0],
  ])('%s', (_name, float, cash, card, transfer, online, diff) => {
    expect(
      cashUpDifference(
        {
          openingFloatCents: float,
          countedCashCents: cash,
          countedCardCents: card,
          countedBankTransferCents: transfer,
          countedOnlineCents: online,
        },
        expected,
      ),
    ).toBe(diff);
  });
});

describe('change due', () => {
  it.each([
    [1000_00, 757_25, 242_75],
    [757_25, 757_25, 0],
    [700_00, 757_25, null],
  ])('tendered %s for %s -> %s', (tendered, amount, change) => expect(changeDue(tendered, amount)).toBe(change));
});
