import { describe, expect, it } from 'vitest';
import { saveCardInputSchema } from '../schemas/saved-cards';
import { cardBrandOf, cardDigits, cardExpired, luhnValid, maskedCard } from './card';

describe('card rules', () => {
  it.each([
    ['4012 0000 0002 0006', true],
    ['4012000000020007', false],
    ['5100-2700-0000-0031', true],
    ['378282246310005', true],
    ['4111111111111112', false],
  ])('%s passes the Luhn check: %s', (typed, valid) => {
    const digits = cardDigits(typed);
    expect(digits !== null && luhnValid(digits)).toBe(valid);
  });

  it.each([
    ['4012000000020006', 'Visa'],
    ['5100270000000031', 'Mastercard'],
    ['2221000000000009', 'Mastercard'],
    ['341111000000009', 'American Express'],
    ['6011111111111111', 'Discover'],
    ['3528111111111108', 'JCB'],
    ['9999999999999995', 'Card'],
  ])('%s is a %s', (digits, brand) => expect(cardBrandOf(digits)).toBe(brand));

  it('a card is good through the last day of its expiry month', () => {
    const today = new Date('2026-11-29T12:00:00Z');
    expect(cardExpired(11, 2026, today)).toBe(false);
    expect(cardExpired(10, 2026, today)).toBe(true);
    expect(cardExpired(1, 2027, today)).toBe(false);
  });

  it('shows brand, last four and expiry only', () => {
    expect(maskedCard({ brand: 'Visa', last4: '0006', expiryMonth: 3, expiryYear: 2030 })).toBe('Visa ending 0006, expires 03/30');
  });

  it('the form refuses letters, a wrong digit, a bad expiry and a short code in our words', () => {
    const result = saveCardInputSchema.safeParse({ cardholderName: '', cardNumber: '4012 0000 0002 0007', expiry: '13/30', cvv: '12' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        'Enter the name on the card',
        'This card number is not valid: check the digits',
        'Enter the expiry as MM/YY',
        'Enter the 3 or 4 digit security code from the back of the card',
      ]),
    );
    expect(
      saveCardInputSchema.safeParse({ cardholderName: 'K', cardNumber: '4012000000020006', expiry: '12/35', cvv: '123' }).success,
    ).toBe(true);
  });
});
