/**
 * A branch's end-of-day count against what its payments say. The drawer's counted cash includes
 * the opening float, which is not takings; a method left uncounted (null) is not in the difference.
 * Negative is a shortfall.
 */
export interface CashUpCount {
  openingFloatCents: number;
  countedCashCents: number;
  countedCardCents: number;
  countedBankTransferCents: number | null;
  countedOnlineCents: number | null;
}

export interface CashUpExpectation {
  expectedCashCents: number;
  expectedCardCents: number;
  expectedBankTransferCents: number;
  expectedOnlineCents: number;
}

export function cashUpDifference(count: CashUpCount, expected: CashUpExpectation): number {
  const uncounted = (counted: number | null, want: number) => (counted === null ? 0 : counted - want);
  return (
    count.countedCashCents -
    count.openingFloatCents -
    expected.expectedCashCents +
    (count.countedCardCents - expected.expectedCardCents) +
    uncounted(count.countedBankTransferCents, expected.expectedBankTransferCents) +
    uncounted(count.countedOnlineCents, expected.expectedOnlineCents)
  );
}

/** Change due for cash: what was tendered beyond the amount, or null while it does not cover it. */
export function changeDue(tenderedCents: number, amountCents: number): number | null {
  return tenderedCents >= amountCents ? tenderedCents - amountCents : null;
}
