import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, cashUpFormSchema, issueInvoiceFormSchema, recordPaymentFormSchema } from './billing';

const invoices = [
  { invoiceNo: 'INV-1', balanceCents: 50_000 },
  { invoiceNo: 'INV-2', balanceCents: 20_000 },
];
const schema = recordPaymentFormSchema(invoices);
const messages = (value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('recordPaymentFormSchema', () => {
  it('turns typed amounts into allocations, skipping empty ones, and keeps the tendered cash', () => {
    const r = schema.parse({ method: 'cash', reference: ' ', tendered: '1,000.00', amounts: ['500', ''] });
    expect(r).toEqual({
      method: 'cash',
      reference: undefined,
      allocations: [{ invoiceNo: 'INV-1', amountCents: 50_000 }],
      tenderedCents: 100_000,
    });
  });

  it('refuses an amount above its invoice balance on that amount, without "choose an invoice"', () => {
    expect(messages({ method: 'card', amounts: ['', '300'] })).toEqual([['amounts.1', BILLING_MESSAGES.overpayment('INV-2', '200.00')]]);
  });

  it('asks for an invoice when no amount is typed, and for the bank reference', () => {
    expect(messages({ method: 'bank_transfer', amounts: [] })).toEqual(
      expect.arrayContaining([
        ['amounts', BILLING_MESSAGES.chooseInvoice],
        ['reference', BILLING_MESSAGES.referenceRequired],
      ]),
    );
  });

  it('checks the tendered cash only for cash', () => {
    expect(messages({ method: 'cash', tendered: '1.234', amounts: ['1'] })).toEqual([['tendered', BILLING_MESSAGES.moneyStep]]);
    expect(messages({ method: 'card', tendered: '1.234', amounts: ['1'] })).toEqual([]);
  });
});

describe('issueInvoiceFormSchema', () => {
  it('turns the ticked ids into numbers and asks for at least one package', () => {
    expect(issueInvoiceFormSchema.parse({ packageIds: ['3', '12'] })).toEqual({ packageIds: [3, 12] });
    const r = issueInvoiceFormSchema.safeParse({ packageIds: [] });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(BILLING_MESSAGES.choosePackages);
  });
});

describe('cashUpFormSchema', () => {
  it('counts an empty required field as 0, an empty optional one as not counted', () => {
    expect(cashUpFormSchema(false).parse({ openingFloatCents: '', countedCashCents: '1,500.50', countedCardCents: '0' })).toEqual({
      openingFloatCents: 0,
      countedCashCents: 150_050,
      countedCardCents: 0,
      countedBankTransferCents: undefined,
      countedOnlineCents: undefined,
      notes: undefined,
      reason: undefined,
    });
  });

  it('refuses a count with three decimals and asks a correction for its reason', () => {
    const r = cashUpFormSchema(true).safeParse({ countedCashCents: '1.234', reason: '  ' });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['countedCashCents', BILLING_MESSAGES.moneyStep],
      ['reason', BILLING_MESSAGES.correctionReasonRequired],
    ]);
  });
});
