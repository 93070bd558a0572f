import { describe, expect, it, vi } from 'vitest';
import { formatAmount, formatCount, formatDecimal, formatMoney, formatWholeMoney, parseCents, toCents } from './money';

describe('money', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1505475, '15,054.75'],
    [-64250, '-642.50'],
    [100000000001, '1,000,000,000.01'],
  ])('%i cents is %s', (cents, text) => {
    expect(formatAmount(cents)).toBe(text);
  });

  it('always names the currency, JMD by default', () => {
    expect(formatMoney(1505475)).toBe('JMD 15,054.75');
    expect(formatMoney(2833, 'USD')).toBe('USD 28.33');
    expect(formatMoney(1505475)).not.toContain('$');
    expect(formatWholeMoney(4250)).toBe('JMD 4,250');
  });

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1505475, '15054.75'],
    [-64250, '-642.50'],
    [-5, '-0.05'],
    [100000000001, '1000000000.01'],
  ])('%i cents is the plain decimal %s', (cents, text) => {
    expect(formatDecimal(cents)).toBe(text);
  });

  it.each([
    ['19.99', 1999],
    ['1,234.5', 123450],
    ['1,500.50', 150050],
    ['1234567.89', 123456789],
    ['7', 700],
    [' 7 ', 700],
    ['0.1', 10],
    ['0.29', 29],
    ['0', 0],
    ['1.10', 110],
    ['90071992547409.91', 9007199254740991],
    ['90071992547409.92', null],
    ['', null],
    ['  ', null],
    ['abc', null],
    ['12abc', null],
    ['1.999', null],
    ['-5', null],
    ['+5', null],
    ['1e3', null],
    ['.5', null],
    ['5.', null],
    ['1,23', null],
    ['1,5,00', null],
    ['12345,678', null],
    ['JMD 5', null],
    ['$5', null],
    ['Infinity', null],
    ['0x10', null],
  ])('typed %j is %s cents', (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });

  it.each([
    [19.99, 1999],
    [0.29, 29],
    [1.005, 101],
    [1234.5, 123450],
    [4.35, 435],
    [0, 0],
    [-12.34, -1234],
    [1e-7, 0],
    [1e21, 1e23],
  ])('the number %d is %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('a number that is not an amount is no cents', () => {
    expect(toCents(Number.NaN)).toBeNaN();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeNaN();
  });
});

describe('formatCount', () => {
  it('groups whole numbers as Intl does, without making an Intl object', async () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    vi.resetModules();
    const fresh = await import('./money');
    const made = vi.spyOn(Intl, 'NumberFormat');
    for (const n of [0, 7, 999, 1000, -1000, 12345, -123456, 1234567, 15054, Number.MAX_SAFE_INTEGER]) {
      expect(fresh.formatCount(n)).toBe(intl.format(n));
    }
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    expect(formatCount(1234.6)).toBe('1,235');
  });
});
