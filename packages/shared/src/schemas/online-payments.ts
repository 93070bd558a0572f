import { z } from 'zod';
import { centsSchema, invoiceNoSchema, jmdAmountFieldSchema } from './billing';
import { idSchema } from './common';

/** Customers paying an invoice by card at the courier's gateway (WiPay), and refunds. */
export const ONLINE_PAYMENT_MESSAGES = {
  notSetUp: 'Card payments online are not set up for this courier. Pay by bank transfer or at the counter.',
  notInTestMode: 'This courier is not in test mode: the test gateway takes no payments for it.',
  simulatorResponseUrl: "response_url must be this server's own payment notification address",
  nothingToPay: 'This invoice has nothing left to pay',
  gatewayUnavailable: 'The card payment page could not be opened. Please try again in a few minutes.',
  notificationRefused: 'The payment notification was refused',
  accountNumberRequired: 'Enter the WiPay account number',
  accountNumberDigits: 'The WiPay account number is digits only',
  apiKeyRequired: 'Enter the WiPay API key',
  gatewaySaved: 'Online card payment settings saved',
  gatewayFailed: 'Failed to save online card payment settings',
  refundReasonRequired: 'Enter the reason for the refund',
  refundTooMuch: (left: string) => `The refund is more than what is left of this payment on that invoice (JMD ${left})`,
  refundChooseInvoice: 'This payment was spread over several invoices: choose the invoice to refund',
  refundInvoiceNotOnPayment: 'That invoice is not paid by this payment',
  refundRecorded: 'Refund recorded',
  refundManual: 'Refund recorded. Refund the card in your WiPay dashboard as well: WiPay has no refund call.',
} as const;

export const GATEWAY_ENVIRONMENTS = ['sandbox', 'live'] as const;
export const GATEWAY_FEE_STRUCTURES = ['merchant_absorb', 'customer_pay', 'split'] as const;
export const GATEWAY_FEE_STRUCTURE_LABELS: Record<(typeof GATEWAY_FEE_STRUCTURES)[number], string> = {
  merchant_absorb: 'We pay the card fee',
  customer_pay: 'The customer pays the card fee',
  split: 'Split the card fee',
};

/** The courier's WiPay account as the settings screen sees it: never the API key itself. */
export const gatewaySettingsSchema = z.object({
  provider: z.literal('wipay'),
  account_number: z.string(),
  api_key_set: z.boolean(),
  environment: z.enum(GATEWAY_ENVIRONMENTS),
  fee_structure: z.enum(GATEWAY_FEE_STRUCTURES),
  status: z.enum(['active', 'inactive']),
  updated_at: z.string(),
});
export type GatewaySettings = z.infer<typeof gatewaySettingsSchema>;
export const gatewaySettingsResponseSchema = z.object({
  data: gatewaySettingsSchema.nullable(),
  /** The courier is in test mode (the super admin's switch): card payments go to the test gateway. */
  test_mode: z.boolean(),
});

/** An empty api_key keeps the stored one; with none stored it is required (the server checks). */
export const gatewaySettingsInputSchema = z.strictObject({
  account_number: z
    .string({ error: ONLINE_PAYMENT_MESSAGES.accountNumberRequired })
    .trim()
    .min(1, ONLINE_PAYMENT_MESSAGES.accountNumberRequired)
    .max(32, ONLINE_PAYMENT_MESSAGES.accountNumberDigits)
    .regex(/^\d+$/, ONLINE_PAYMENT_MESSAGES.accountNumberDigits),
  api_key: z.string().trim().max(200, 'At most 200 characters').optional().default(''),
  environment: z.enum(GATEWAY_ENVIRONMENTS).default('sandbox'),
  fee_structure: z.enum(GATEWAY_FEE_STRUCTURES).default('merchant_absorb'),
  status: z.enum(['active', 'inactive']).default('active'),
});
export type GatewaySettingsInput = z.input<typeof gatewaySettingsInputSchema>;

/** Whether Pay now is offered, and whether it goes to the test gateway (nothing is charged). */
export const onlinePaymentAvailabilitySchema = z.object({ available: z.boolean(), test: z.boolean() });
export const checkoutResponseSchema = z.object({ redirectUrl: z.string() });

export const refundInputSchema = z.strictObject({
  amountCents: centsSchema,
  reason: z
    .string({ error: ONLINE_PAYMENT_MESSAGES.refundReasonRequired })
    .trim()
    .min(1, ONLINE_PAYMENT_MESSAGES.refundReasonRequired)
    .max(500, 'At most 500 characters'),
  /** Needed only when the payment was spread over several invoices. */
  invoiceNo: invoiceNoSchema.optional(),
  /** The till the money leaves; the person's own branch when left out (required for cash without one). */
  branchId: idSchema.optional(),
});
export type RefundInput = z.input<typeof refundInputSchema>;
export const refundResponseSchema = z.object({
  creditNoteNo: z.string(),
  invoiceNo: z.string(),
  amountCents: z.number().int(),
  balanceCents: z.number().int(),
  gatewayReference: z.string().nullable(),
  message: z.string(),
});

/** A refund as the invoice shows it. */
export const invoiceRefundSchema = z.object({
  creditNoteNo: z.string(),
  receiptNo: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  refundedByName: z.string().nullable(),
  gatewayReference: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceRefund = z.infer<typeof invoiceRefundSchema>;

/** The refund form: the payment, the amount as typed, and the reason (the till is checked beside it). */
export const refundFormSchema = refundInputSchema.pick({ reason: true }).extend({
  receiptNo: z.string(),
  amount: jmdAmountFieldSchema,
});
