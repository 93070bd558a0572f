import { z } from 'zod';
import { PAYMENT_METHODS } from '../../constants/billing';
import { courierListQuerySchema, idSchema, queryIdSchema, rowTimeZoneSchema } from '../common';
import { formatAmount, parseCents } from '../../format/money';
import { invoiceNoSchema } from './invoices';
import { BILLING_MESSAGES, centsSchema } from './messages';

// Payments at the counter: recording one, the receipt, the till it is on.

/** Account credit draws from the customer's ledger (no till, no money taken). */
export const STAFF_PAYMENT_METHODS = ['cash', 'card', 'bank_transfer', 'account_credit'] as const;

export const recordPaymentSchema = z
  .strictObject({
    method: z.enum(STAFF_PAYMENT_METHODS),
    reference: z.string().trim().max(100, 'At most 100 characters').optional(),
    notes: z.string().trim().max(500, 'At most 500 characters').optional(),
    branchId: idSchema.optional(),
    allocations: z
      .array(z.strictObject({ invoiceNo: invoiceNoSchema, amountCents: centsSchema }))
      .min(1, BILLING_MESSAGES.chooseInvoice)
      .max(50),
    /** Cash handed over at the counter; the change due is what it exceeds the payment by. */
    tenderedCents: centsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.tenderedCents !== undefined) {
      const total = value.allocations.reduce((s, a) => s + a.amountCents, 0);
      if (value.method !== 'cash') ctx.addIssue({ code: 'custom', path: ['tenderedCents'], message: BILLING_MESSAGES.tenderedCashOnly });
      else if (value.tenderedCents < total) {
        ctx.addIssue({ code: 'custom', path: ['tenderedCents'], message: BILLING_MESSAGES.tenderedTooLow(formatAmount(total)) });
      }
    }
    if (value.method === 'bank_transfer' && !value.reference) {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: BILLING_MESSAGES.referenceRequired });
    }
    const seen = new Set<string>();
    for (const a of value.allocations) {
      if (seen.has(a.invoiceNo)) ctx.addIssue({ code: 'custom', path: ['allocations'], message: BILLING_MESSAGES.duplicateInvoice });
      seen.add(a.invoiceNo);
    }
  });
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  courierId: z.number().int(),
  courierName: z.string(),
  timeZone: rowTimeZoneSchema,
  receiptNo: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  amountCents: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  branchName: z.string().nullable(),
  takenByName: z.string().nullable(),
  tenderedCents: z.number().int().nullable(),
  changeCents: z.number().int().nullable(),
  /** A test-mode card payment: no money was taken. */
  test: z.boolean(),
  invoiceNos: z.array(z.string()),
  paidAt: z.string(),
  /** What was given back of it, and the credit notes that say so. */
  refundedCents: z.number().int(),
  creditNoteNos: z.array(z.string()),
});
export type Payment = z.infer<typeof paymentSchema>;

/** Places a payment taken without a branch on a branch's till (its cash-up then counts it). */
export const placeOnTillSchema = z.strictObject({ branchId: idSchema });
export type PlaceOnTillInput = z.input<typeof placeOnTillSchema>;

/** A counter payment that belongs to no till yet (taken by someone without a branch). */
export const unassignedPaymentSchema = z.object({
  receiptNo: z.string(),
  customerName: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number().int(),
  takenByName: z.string().nullable(),
  paidAt: z.string(),
});
export type UnassignedPayment = z.infer<typeof unassignedPaymentSchema>;

export const paymentListQuerySchema = courierListQuerySchema;
export const receiptParamSchema = z.object({ receiptNo: z.string().trim().min(1).max(32) });

/** A receipt on the courier's A4/Letter paper, or `thermal`: the 80 mm roll of a receipt printer. */
export const RECEIPT_FORMATS = ['page', 'thermal'] as const;
export type ReceiptFormat = (typeof RECEIPT_FORMATS)[number];
export const receiptQuerySchema = z.object({
  courierId: queryIdSchema.optional(),
  format: z.enum(RECEIPT_FORMATS, { error: "Format must be 'page' or 'thermal'" }).default('page'),
});
/** A JMD amount as a form field holds it ("1,500.50") to cents: required, at most two decimals, above 0. */
export const jmdAmountFieldSchema = z
  .string()
  .trim()
  .min(1, BILLING_MESSAGES.amountRequired)
  .transform((text, ctx) => {
    const cents = parseCents(text);
    if (cents !== null) return cents;
    ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.moneyStep });
    return z.NEVER;
  })
  .pipe(z.number().positive(BILLING_MESSAGES.amountPositive));

/**
 * The record-payment form as typed: an amount per open invoice (by its place in `invoices`), the cash
 * tendered and a reference, turned into a payment. Each amount is checked against its invoice's balance.
 */
export function recordPaymentFormSchema(invoices: ReadonlyArray<{ invoiceNo: string; balanceCents: number }>) {
  return z
    .object({
      method: z.enum(STAFF_PAYMENT_METHODS),
      reference: z.string().default(''),
      tendered: z.string().default(''),
      amounts: z.array(z.string().optional()).default([]),
    })
    .transform((form, ctx): RecordPaymentInput => {
      const allocations: Array<{ invoiceNo: string; amountCents: number }> = [];
      let amountRefused = false;
      invoices.forEach((inv, i) => {
        const text = form.amounts[i]?.trim() ?? '';
        if (text === '') return;
        const cents = parseCents(text);
        const refused =
          cents === null
            ? BILLING_MESSAGES.moneyStep
            : cents <= 0
              ? BILLING_MESSAGES.amountPositive
              : cents > inv.balanceCents
                ? BILLING_MESSAGES.overpayment(inv.invoiceNo, formatAmount(inv.balanceCents))
                : null;
        if (refused) {
          amountRefused = true;
          ctx.addIssue({ code: 'custom', path: ['amounts', i], message: refused });
        } else if (cents !== null) allocations.push({ invoiceNo: inv.invoiceNo, amountCents: cents });
      });
      // Only cash is tendered; the field is hidden for the other methods.
      const tenderedText = form.method === 'cash' ? form.tendered.trim() : '';
      const tenderedCents = tenderedText === '' ? undefined : parseCents(tenderedText);
      if (tenderedCents === null) {
        ctx.addIssue({ code: 'custom', path: ['tendered'], message: BILLING_MESSAGES.moneyStep });
      }
      const payment = {
        method: form.method,
        reference: form.reference.trim() || undefined,
        allocations,
        tenderedCents: tenderedCents ?? undefined,
      };
      const parsed = recordPaymentSchema.safeParse(payment);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if (field === 'reference') ctx.addIssue({ code: 'custom', path: ['reference'], message: issue.message });
          else if (field === 'tenderedCents') ctx.addIssue({ code: 'custom', path: ['tendered'], message: issue.message });
          // An amount already refused on its invoice leaves no allocation: say that, not "Choose at least one invoice".
          else if (!amountRefused) ctx.addIssue({ code: 'custom', path: ['amounts'], message: issue.message });
        }
      }
      return payment;
    });
}
