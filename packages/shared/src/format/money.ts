export type Currency = 'JMD' | 'USD';

// Made on first use: ICU's data (several MB) is paged in by the first Intl object, and a server
// that has formatted nothing yet need not hold it.
let wholeUnits: Intl.NumberFormat | undefined;

/** A whole number as people read it: "5,000". */
export function formatCount(count: number): string {
  wholeUnits ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return wholeUnits.format(count);
}

/**
 * The amount alone, from integer cents: "15,054.75" (for tables, CSVs and documents whose column
 * or line already names the currency). Exact for any cents: no floating-point rounding.
 */
export function formatAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${formatCount(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The amount as plain decimal text, no grouping: "15054.75" (what a form field is filled with, a
 * spreadsheet column sums, a payment gateway expects). Exact for any cents.
 */
export function formatDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Money as a person reads it, always naming its currency: "JMD 15,054.75", "USD 28.33". A bare
 * "$" would not say whether it is Jamaican or US dollars, and both appear on the same screens.
 */
export function formatMoney(cents: number, currency: Currency = 'JMD'): string {
  return `${currency} ${formatAmount(cents)}`;
}

/** Whole units for tables of round prices: "JMD 4,250". */
export function formatWholeMoney(units: number, currency: Currency = 'JMD'): string {
  return `${currency} ${formatCount(units)}`;
}

/** "JMD 15,054.75" from cents. */
export const formatJmd = (cents: number): string => formatMoney(cents, 'JMD');
/** "USD 28.33" from cents (declared values, the calculator's US prices). */
export const formatUsd = (cents: number): string => formatMoney(cents, 'USD');
