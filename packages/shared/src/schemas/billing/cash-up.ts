import { z } from 'zod';
import { calendarDateSchema, idSchema, requiredQueryIdSchema } from '../common';
import { parseCents } from '../../format/money';
import { BILLING_MESSAGES, CENTS_MAX } from './messages';
import { unassignedPaymentSchema } from './payments';

// A branch's cash-up: the day's expected figures, the count and its corrections.

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
/** A count typed in the cash-up form to cents; empty is not counted. */
const cashUpCountField = z
  .string()
  .trim()
  .default('')
  .transform((text, ctx) => {
    if (text === '') return undefined;
    const cents = parseCents(text);
    if (cents !== null) return cents;
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
