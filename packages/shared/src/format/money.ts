export type Currency = 'JMD' | 'USD';

// Made on first use: ICU's data (several MB) is paged in by the first Intl object, and a server
// that has formatted nothing yet need not hold it.
let wholeUnits: Intl.NumberFormat | undefined;

/**
 * A whole number as people read it: "5,000". An integer is grouped by hand, the same text: the
 * browser's first Intl object costs a phone's main thread about 50 ms, on the dashboard's first paint.
 */
export function formatCount(count: number): string {
  if (Number.isSafeInteger(count)) return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
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

/**
 * Typed money to integer cents, read digit by digit so no floating-point error creeps in:
 * "19.99" → 1999, "1,234.5" → 123450, " 7 " → 700. Commas may only group thousands; at most two
 * decimals; no sign, exponent or currency. Anything else ("", "abc", "1.999", "-5", "1,23") → null.
 */
export function parseCents(text: string): number | null {
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number((match[1] ?? '').replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * An amount a form or file already holds as a number (19.99) to integer cents, to the nearest
 * cent. The decimal digits are shifted, not multiplied, so 1.005 is 101 and 19.99 is 1999.
 */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) return Number.NaN;
  const [digits = '0', exponent = '0'] = String(Math.abs(amount)).split('e');
  const cents = Math.round(Number(`${digits}e${Number(exponent) + 2}`));
  return amount < 0 ? -cents : cents;
}
