/**
 * What we may know of a payment card: its brand, last four digits and expiry. The number itself
 * goes to the card processor once and is never kept (the processor's token is kept instead).
 */
export const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Discover', 'JCB', 'Card'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The digits of a typed card number (spaces and dashes dropped), or null when anything else is in it. */
export function cardDigits(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** The Luhn check every card number passes (a mistyped digit fails it). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The brand by the number's first digits (the networks' published ranges). */
export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'Visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Mastercard';
  if (two === 34 || two === 37) return 'American Express';
  if (/^6011|^65/.test(digits)) return 'Discover';
  if (four >= 3528 && four <= 3589) return 'JCB';
  return 'Card';
}

/** Whether a card expiring at the end of `month`/`year` can still be used on `today`. */
export function cardExpired(month: number, year: number, today: Date): boolean {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  return year < y || (year === y && month < m);
}

/** A four-digit year from what was typed ("28" or "2028"). */
export const fullYear = (year: number) => (year < 100 ? 2000 + year : year);

/** "Visa ending 1111, expires 12/28", as a saved card is shown and mailed. */
export function maskedCard(card: { brand: string; last4: string; expiryMonth: number; expiryYear: number }): string {
  return `${card.brand} ending ${card.last4}, expires ${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`;
}
