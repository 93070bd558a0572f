import { z } from 'zod';
import { CHARGE_LINE_KINDS, INVOICE_STATUSES, PAYMENT_METHODS } from '../constants/billing';
import { calendarDateSchema, courierListQuerySchema, idSchema, queryIdSchema, requiredQueryIdSchema, rowTimeZoneSchema } from './common';
import { releaseOverrideFields, releaseOverrideFormSchema } from './release';
import { formatAmount } from '../format/money';

/**
 * Invoices, payments, collection and reports (DOMAIN.md, Charges). The spec shows none of these
 * screens, so the wording is ours; it lives here so the forms and the API say the same thing.
 */
export const BILLING_MESSAGES = {
  invoiceNotFound: 'Invoice not found',
  paymentNotFound: 'Payment not found',
  customerNotFound: 'Customer not found',
  branchNotFound: 'Branch not found',
  chooseBranch: 'Choose a branch',
  choosePackages: 'Choose at least one package',
  choosePackage: 'Choose the package customs assessed',
  packagesNotReady: 'Only packages ready for pickup can be invoiced',
  packagesNotCustomers: 'Every package must belong to the chosen customer',
  packageAlreadyInvoiced: (pkg: string, invoiceNo: string) => `Package ${pkg} is already on invoice ${invoiceNo}`,
  invoiceVoid: 'This invoice is void',
  invoiceNotVoid: 'Only a void invoice can be re-issued',
  voidHasPayments: 'This invoice has payments; it cannot be voided',
  voidReasonRequired: 'Please give a reason for voiding the invoice',
  customsBelowPaid: 'The new total would be less than what has already been paid',
  packageNotOnInvoice: 'That package is not on this invoice',
  amountRequired: 'Please enter an amount',
  amountPositive: 'The amount must be greater than 0',
  moneyStep: 'Use at most two decimal places',
  chooseInvoice: 'Choose at least one invoice',
  duplicateInvoice: 'An invoice appears twice in this payment',
  invoiceCourierAmbiguous: 'These invoice numbers exist at more than one courier; open the invoice from its courier',
  invoicesOneCustomer: 'All invoices of one payment must belong to the same customer',
  referenceRequired: 'Please enter the bank transfer reference',
  tenderedCashOnly: 'Amount tendered applies to cash payments only',
  tenderedTooLow: (total: string) => `The amount tendered is less than the payment (JMD ${total})`,
  overpayment: (invoiceNo: string, balance: string) => `The payment is more than the balance of ${invoiceNo} (JMD ${balance})`,
  invoicePaid: (invoiceNo: string) => `Invoice ${invoiceNo} is already paid`,
  collectorRequired: "Please enter the collector's name",
  signatureRequired: 'Please sign in the box',
  signatureInvalid: 'The signature must be a PNG image',
  unpaidCollection: 'This invoice has an unpaid balance. A manager must permit collection.',
  alreadyCollected: 'The packages of this invoice have already been collected',
  nothingToCollect: 'No package of this invoice is ready for pickup',
  cashUpExists: 'The cash-up for this branch and day has already been recorded',
  cashUpMissing: 'No cash-up has been recorded for this branch and day yet',
  correctionReasonRequired: 'Please give a reason for the correction',
  cashUpCorrected: 'Cash-up corrected',
  dateRange: 'The start date must not be after the end date',
  invoiceIssued: 'Invoice issued',
  invoiceVoided: 'Invoice voided',
  invoiceReissued: 'Invoice re-issued',
  customsSaved: 'Customs assessment saved',
  paymentRecorded: 'Payment recorded',
  cashUpRecorded: 'Cash-up recorded',
  collected: 'Collection recorded: the packages are delivered',
  tillRequired: 'Choose the branch whose till takes this payment',
  refundTillRequired: 'Choose the branch whose till the cash is handed back from',
  alreadyOnTill: (branch: string) => `This payment is already on the till of ${branch}`,
  placedOnTill: (receiptNo: string, branch: string) => `${receiptNo} placed on the till of ${branch}`,
  onlineNotOnTill: 'Online payments are not taken at a till',
  creditNotOnTill: 'Account credit is not taken at a till',
} as const;

const CENTS_MAX = 1_000_000_000_00;
/** Money typed by a person in JMD (12.50) -> integer cents; the API takes cents. */
export const centsSchema = z
  .number({ error: BILLING_MESSAGES.amountRequired })
  .int(BILLING_MESSAGES.moneyStep)
  .positive(BILLING_MESSAGES.amountPositive)
  .max(CENTS_MAX, 'Amount is too large');

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

// ---------------------------------------------------------------------------------------------
// Payments

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

const isoDate = calendarDateSchema();

export const cashUpQuerySchema = z.object({ branchId: requiredQueryIdSchema(BILLING_MESSAGES.chooseBranch), date: isoDate });
/** One recorded count of a day: the first, or a correction of it (never edited in place). */
export const cashUpEntrySchema = z.object({
  id: z.number().int(),
  correctsId: z.number().int().nullable(),
  openingFloatCents: z.number().int(),
  countedCashCents: z.number().int(),
  countedCardCents: z.number().int(),
  countedBankTransferCents: z.number().int().nullable(),
  countedOnlineCents: z.number().int().nullable(),
  expectedCashCents: z.number().int(),
  expectedCardCents: z.number().int(),
  expectedBankTransferCents: z.number().int(),
  expectedOnlineCents: z.number().int(),
  differenceCents: z.number().int(),
  notes: z.string().nullable(),
  reason: z.string().nullable(),
  closedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type CashUpEntry = z.infer<typeof cashUpEntrySchema>;

export const cashUpExpectedSchema = z.object({
  branchId: z.number().int(),
  date: z.string(),
  expectedCashCents: z.number().int(),
  expectedCardCents: z.number().int(),
  expectedBankTransferCents: z.number().int(),
  expectedOnlineCents: z.number().int(),
  paymentCount: z.number().int(),
  /** The courier's time zone, which the day and the entries' times are in. */
  timeZone: z.string(),
  /** The day's figure: the latest entry (a correction when there is one). */
  recorded: cashUpEntrySchema.nullable(),
  /** Every entry of the day, oldest first: the first count and its corrections. */
  entries: z.array(cashUpEntrySchema),
  /** What was handed back over this till that day, by the refunded payment's method (already out of the expected figures). */
  refundedCents: z.number().int(),
  /** The courier's counter payments on no till, oldest first, until someone places them. */
  unassigned: z.array(unassignedPaymentSchema),
});
export type CashUpExpected = z.infer<typeof cashUpExpectedSchema>;

const countCents = z.number().int().min(0).max(CENTS_MAX);
export const recordCashUpSchema = z.strictObject({
  branchId: idSchema,
  date: isoDate,
  /** Cash in the drawer when the day began; the counted cash includes it. */
  openingFloatCents: countCents.default(0),
  countedCashCents: countCents,
  countedCardCents: countCents,
  /** Left out when not counted at the desk. */
  countedBankTransferCents: countCents.optional(),
  countedOnlineCents: countCents.optional(),
  notes: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export type RecordCashUpInput = z.input<typeof recordCashUpSchema>;

/** A correction: a new count of a recorded day, with why; the earlier entries stay as they were. */
export const correctCashUpSchema = recordCashUpSchema.extend({
  reason: z
    .string({ error: BILLING_MESSAGES.correctionReasonRequired })
    .trim()
    .min(1, BILLING_MESSAGES.correctionReasonRequired)
    .max(500, 'At most 500 characters'),
});
export type CorrectCashUpInput = z.input<typeof correctCashUpSchema>;

// ---------------------------------------------------------------------------------------------
// Collection (sign-signature)

/** A canvas PNG as a data URL; the server checks the decoded bytes too. At most ~700 KB. */
export const SIGNATURE_MAX_CHARS = 1_000_000;
export const collectSchema = z.strictObject({
  collectorName: z.string().trim().min(1, BILLING_MESSAGES.collectorRequired).max(120, 'At most 120 characters'),
  signature: z
    .string({ error: BILLING_MESSAGES.signatureRequired })
    .min(1, BILLING_MESSAGES.signatureRequired)
    .max(SIGNATURE_MAX_CHARS, 'The signature image is too large')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, BILLING_MESSAGES.signatureInvalid),
  /** Someone holding `release_override` lets an invoice with a balance be collected, with a reason. */
  ...releaseOverrideFields,
});
export type CollectInput = z.input<typeof collectSchema>;

/** The counter's collection as typed: who collects, the pad's PNG ('' until signed) and the release override. */
export const collectFormSchema = z.object({
  collectorName: collectSchema.shape.collectorName,
  signature: collectSchema.shape.signature,
  override: releaseOverrideFormSchema,
});

export const collectionViewSchema = z.object({
  invoice: invoiceDetailSchema,
  canOverride: z.boolean(),
});

/** GET /billing/rates: what the courier charges, the inputs of `computeCharges`. */
export const courierRatesSchema = z.object({
  rates: z.array(z.object({ weightLbs: z.number(), costCents: z.number().int(), status: z.enum(['active', 'inactive']) })),
  additionalPoundCents: z.number().int(),
  processingFees: z.array(z.object({ minLbs: z.number(), maxLbs: z.number(), feeCents: z.number().int() })),
  gctPercent: z.number(),
  unknownFeeCents: z.number().int(),
  uncollectedFeeCents: z.number().int(),
  switchingFeeCents: z.number().int(),
  exchangeRateJmdPerUsd: z.number(),
  rateSheetUrl: z.string().nullable(),
});
export type CourierRatesView = z.infer<typeof courierRatesSchema>;

// ---------------------------------------------------------------------------------------------
// Reports

export const REPORT_GRANULARITIES = ['day', 'week', 'month'] as const;
export const reportQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    granularity: z.enum(REPORT_GRANULARITIES).default('day'),
    courierId: queryIdSchema.optional(),
  })
  .refine((q) => q.from <= q.to, { message: BILLING_MESSAGES.dateRange, path: ['from'] });
export type ReportQuery = z.input<typeof reportQuerySchema>;

export const REPORT_NAMES = [
  'revenue',
  'payments-by-method',
  'payments-by-branch',
  'packages-by-status',
  'packages-received',
  'ageing',
  'top-customers',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(REPORT_GRANULARITIES),
  totals: z.object({ invoicedCents: z.number().int(), collectedCents: z.number().int(), outstandingCents: z.number().int() }),
  revenue: z.array(z.object({ period: z.string(), invoicedCents: z.number().int(), collectedCents: z.number().int() })),
  /** One line per method; test-mode payments on lines of their own (`test`). */
  paymentsByMethod: z.array(
    z.object({ method: z.enum(PAYMENT_METHODS), test: z.boolean(), count: z.number().int(), amountCents: z.number().int() }),
  ),
  paymentsByBranch: z.array(z.object({ branch: z.string(), count: z.number().int(), amountCents: z.number().int() })),
  packagesByStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
  packagesReceived: z.array(z.object({ day: z.string(), count: z.number().int() })),
  ageing: z.array(z.object({ bucket: z.string(), count: z.number().int(), balanceCents: z.number().int() })),
  topCustomers: z.array(
    z.object({ customer: z.string(), mailboxNumber: z.string(), invoicedCents: z.number().int(), paidCents: z.number().int() }),
  ),
});
export type Report = z.infer<typeof reportSchema>;

/** "12.50" typed in a form -> 1250 cents; NaN when it is not a money amount. */
export function parseJmdToCents(text: string): number {
  const t = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return Number.NaN;
  const [whole = '0', frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** A JMD amount as a form field holds it ("1,500.50") to cents: required, at most two decimals, above 0. */
export const jmdAmountFieldSchema = z
  .string()
  .trim()
  .min(1, BILLING_MESSAGES.amountRequired)
  .transform((text, ctx) => {
    const cents = parseJmdToCents(text);
    if (!Number.isNaN(cents)) return cents;
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
        const cents = parseJmdToCents(text);
        const refused = Number.isNaN(cents)
          ? BILLING_MESSAGES.moneyStep
          : cents <= 0
            ? BILLING_MESSAGES.amountPositive
            : cents > inv.balanceCents
              ? BILLING_MESSAGES.overpayment(inv.invoiceNo, formatAmount(inv.balanceCents))
              : null;
        if (refused) {
          amountRefused = true;
          ctx.addIssue({ code: 'custom', path: ['amounts', i], message: refused });
        } else allocations.push({ invoiceNo: inv.invoiceNo, amountCents: cents });
      });
      // Only cash is tendered; the field is hidden for the other methods.
      const tenderedText = form.method === 'cash' ? form.tendered.trim() : '';
      const tenderedCents = tenderedText === '' ? undefined : parseJmdToCents(tenderedText);
      if (tenderedCents !== undefined && Number.isNaN(tenderedCents)) {
        ctx.addIssue({ code: 'custom', path: ['tendered'], message: BILLING_MESSAGES.moneyStep });
      }
      const payment = {
        method: form.method,
        reference: form.reference.trim() || undefined,
        allocations,
        tenderedCents: tenderedCents === undefined || Number.isNaN(tenderedCents) ? undefined : tenderedCents,
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

/** A count typed in the cash-up form to cents; empty is not counted. */
const cashUpCountField = z
  .string()
  .trim()
  .default('')
  .transform((text, ctx) => {
    if (text === '') return undefined;
    const cents = parseJmdToCents(text);
    if (!Number.isNaN(cents)) return cents;
    ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.moneyStep });
    return z.NEVER;
  });
/** A count the cash-up needs: empty is 0. */
const cashUpRequiredCountField = cashUpCountField.transform((cents) => cents ?? 0);
const trimmedOrNone = z
  .string()
  .trim()
  .default('')
  .transform((t) => t || undefined);

/** The cash-up count form as typed (JMD amounts); a correction also needs its reason. */
export function cashUpFormSchema(correcting: boolean) {
  return z.object({
    openingFloatCents: cashUpRequiredCountField,
    countedCashCents: cashUpRequiredCountField,
    countedCardCents: cashUpRequiredCountField,
    countedBankTransferCents: cashUpCountField,
    countedOnlineCents: cashUpCountField,
    notes: trimmedOrNone,
    reason: correcting
      ? z
          .string()
          .trim()
          .min(1, BILLING_MESSAGES.correctionReasonRequired)
          .transform((t): string | undefined => t)
      : trimmedOrNone,
  });
}

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
      const cents = parseJmdToCents(text);
      if (!Number.isNaN(cents)) return cents;
      ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.moneyStep });
      return z.NEVER;
    }),
});
