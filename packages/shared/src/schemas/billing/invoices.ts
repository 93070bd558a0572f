import { z } from 'zod';
import { CHARGE_LINE_KINDS, INVOICE_STATUSES, PAYMENT_METHODS } from '../../constants/billing';
import { courierListQuerySchema, idSchema, queryIdSchema, rowTimeZoneSchema } from '../common';
import { parseCents } from '../../format/money';
import { BILLING_MESSAGES, CENTS_MAX } from './messages';

// Invoices: the list, the detail, issuing, customs assessment and voiding.

export const invoiceNoSchema = z.string().trim().min(1).max(32);
export const invoiceNoParamSchema = z.object({ invoiceNo: invoiceNoSchema });
export const invoiceListQuerySchema = courierListQuerySchema.extend({
  customerId: queryIdSchema.optional(),
});

export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  courierId: z.number().int(),
  courierName: z.string(),
  timeZone: rowTimeZoneSchema,
  invoiceNo: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  status: z.enum(INVOICE_STATUSES),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  packageCount: z.number().int(),
  issuedAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceLineSchema = z.object({
  kind: z.enum(CHARGE_LINE_KINDS),
  description: z.string(),
  packageId: z.number().int().nullable(),
  amountCents: z.number().int(),
  /** The fee (and the version's first day) that made the line; null for freight, discount, duty and delivery. */
  fee: z.object({ name: z.string(), effectiveFrom: z.string() }).nullable().default(null),
});

export const invoicePackageSchema = z.object({
  id: z.number().int(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  description: z.string().nullable(),
  weightLb: z.number(),
  declaredValueUsdCents: z.number().int().nullable(),
  /** The duty the rules compute from the declared value; an assessment replaces it. */
  computedDutyCents: z.number().int(),
  customsAssessedCents: z.number().int().nullable(),
  status: z.string(),
});

/** One customs assessment in an invoice's history: the computed and the assessed figure, who and when. */
export const customsHistoryEntrySchema = z.object({
  packageId: z.number().int(),
  packageNumber: z.string(),
  computedCents: z.number().int(),
  assessedBeforeCents: z.number().int().nullable(),
  assessedCents: z.number().int().nullable(),
  totalBeforeCents: z.number().int(),
  totalAfterCents: z.number().int(),
  byName: z.string().nullable(),
  at: z.string(),
});

export const invoicePaymentSchema = z.object({
  receiptNo: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  amountCents: z.number().int(),
  paidAt: z.string(),
  /** A test-mode card payment: no money was taken. */
  test: z.boolean(),
});

/** A refund as the invoice reads it: a numbered credit note against the invoice. */
export const creditNoteSchema = z.object({
  creditNoteNo: z.string(),
  receiptNo: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  customerEmail: z.string(),
  branchName: z.string().nullable(),
  freightCents: z.number().int(),
  discountCents: z.number().int(),
  processingCents: z.number().int(),
  gctCents: z.number().int(),
  customsCents: z.number().int(),
  feesCents: z.number().int(),
  membershipTier: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  replacesInvoiceNo: z.string().nullable(),
  replacedByInvoiceNo: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  packages: z.array(invoicePackageSchema),
  customsHistory: z.array(customsHistoryEntrySchema),
  payments: z.array(invoicePaymentSchema),
  /** Refunds against this invoice: each lowers what was owed and what was paid alike. */
  creditNotes: z.array(creditNoteSchema),
  creditedCents: z.number().int(),
  /** The courier's bank transfer details, one entry per line. */
  bankDetails: z.array(z.string()),
  collectedAt: z.string().nullable(),
  collectorName: z.string().nullable(),
  /** The ID checked at the counter when an authorised person collected ("Passport A1234567"). */
  collectorId: z.string().nullable().optional(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const issueInvoiceSchema = z.strictObject({
  customerId: idSchema,
  packageIds: z.array(idSchema).min(1, BILLING_MESSAGES.choosePackages).max(100),
});
export type IssueInvoiceInput = z.input<typeof issueInvoiceSchema>;
/** The issue-invoice form: the ticked packages' ids as their checkboxes hold them. */
export const issueInvoiceFormSchema = z.object({
  packageIds: z
    .array(z.string())
    .default([])
    .transform((ids) => ids.map(Number))
    .pipe(issueInvoiceSchema.shape.packageIds),
});

export const billablePackagesQuerySchema = z.object({ customerId: queryIdSchema });
export const billablePackageSchema = z.object({
  id: z.number().int(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  description: z.string().nullable(),
  weightLb: z.number(),
  readyAt: z.string().nullable(),
});

export const customsAssessmentSchema = z.strictObject({
  packageId: idSchema,
  /** The duty customs assessed in JMD cents; null returns to the computed duty. */
  assessedCents: z.number().int().min(0).max(CENTS_MAX).nullable(),
});
export type CustomsAssessmentInput = z.input<typeof customsAssessmentSchema>;

export const voidInvoiceSchema = z.strictObject({
  reason: z.string().trim().min(1, BILLING_MESSAGES.voidReasonRequired).max(500, 'At most 500 characters'),
});
export type VoidInvoiceInput = z.input<typeof voidInvoiceSchema>;
/** The customs form: the package chosen (a radio's value) and the assessed duty as typed, empty for the computed one. */
export const customsFormSchema = z.object({
  packageId: z
    .string({ error: BILLING_MESSAGES.choosePackage })
    .min(1, BILLING_MESSAGES.choosePackage)
    .transform((id) => Number(id)),
  amount: z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === '') return null;
      const cents = parseCents(text);
      if (cents !== null) return cents;
      ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.moneyStep });
      return z.NEVER;
    }),
});
