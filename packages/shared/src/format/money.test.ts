import { describe, expect, it } from 'vitest';
import { formatAmount, formatDecimal, formatMoney, formatWholeMoney } from './money';

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
});
