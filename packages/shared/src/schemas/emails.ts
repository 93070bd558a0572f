import { z } from 'zod';
import { idSchema } from './common';

/** all customers, one branch, one account type, or customers with packages ready for pickup. */
export const BATCH_AUDIENCES = ['all', 'branch', 'accountType', 'ready'] as const;
export type BatchAudience = (typeof BATCH_AUDIENCES)[number];
export const BATCH_AUDIENCE_LABELS: Record<BatchAudience, string> = {
  all: 'All customers',
  branch: 'Customers of a branch',
  accountType: 'Individual or business accounts',
  ready: 'Customers with packages ready',
};
/** Stored: a draft, or queued to the outbox; the progress comes from the outbox rows. */
export const BATCH_STATUSES = ['draft', 'queued'] as const;
export const BATCH_PROGRESS_STATUSES = ['draft', 'sending', 'completed'] as const;
export const BATCH_PLACEHOLDERS = ['{firstName}', '{mailbox}'] as const;

export const BATCH_MESSAGES = {
  subjectRequired: 'Please enter a subject',
  bodyRequired: 'Please enter the message',
  branchRequired: 'Please choose a branch',
  accountTypeRequired: 'Please choose an account type',
  noRecipients: 'No customers match this audience',
  alreadySent: 'This batch e-mail has already been sent',
  notFound: 'Batch e-mail not found',
  saved: 'Batch e-mail saved',
  queued: 'Batch e-mail queued for sending',
} as const;

const batchEmailFields = {
  subject: z.string().trim().min(1, BATCH_MESSAGES.subjectRequired).max(200),
  body: z.string().trim().min(1, BATCH_MESSAGES.bodyRequired).max(20_000),
  audience: z.enum(BATCH_AUDIENCES),
  branchId: idSchema.nullable().default(null),
  accountType: z.enum(['individual', 'business']).nullable().default(null),
};

/** A branch audience needs the branch, an account-type audience the type. */
function audienceComplete(v: { audience: BatchAudience; branchId: number | null; accountType: string | null }, ctx: z.RefinementCtx) {
  if (v.audience === 'branch' && v.branchId === null)
    ctx.addIssue({ code: 'custom', message: BATCH_MESSAGES.branchRequired, path: ['branchId'] });
  if (v.audience === 'accountType' && v.accountType === null) {
    ctx.addIssue({ code: 'custom', message: BATCH_MESSAGES.accountTypeRequired, path: ['accountType'] });
  }
}

export const batchEmailInputSchema = z.strictObject(batchEmailFields).superRefine(audienceComplete);
/** Preview before saving: the composed e-mail and, optionally, the customer to render it for. */
export const batchPreviewInputSchema = z
  .strictObject({ ...batchEmailFields, customerId: idSchema.nullable().default(null) })
  .superRefine(audienceComplete);
export type BatchEmailInput = z.input<typeof batchEmailInputSchema>;

export const batchProgressSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  waiting: z.number().int(),
});
export type BatchProgress = z.infer<typeof batchProgressSchema>;

export const batchEmailSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  audience: z.enum(BATCH_AUDIENCES),
  branchId: z.number().int().nullable(),
  accountType: z.enum(['individual', 'business']).nullable(),
  status: z.enum(BATCH_PROGRESS_STATUSES),
  progress: batchProgressSchema,
  createdAt: z.string(),
  queuedAt: z.string().nullable(),
});
export type BatchEmail = z.infer<typeof batchEmailSchema>;

export const batchPreviewSchema = z.object({
  recipientCount: z.number().int(),
  recipient: z.object({ id: z.number().int(), name: z.string(), email: z.string(), mailboxNumber: z.string() }).nullable(),
  subject: z.string(),
  body: z.string(),
});
export type BatchPreview = z.infer<typeof batchPreviewSchema>;

export const batchRecipientSchema = z.object({
  customerId: z.number().int(),
  name: z.string(),
  email: z.string(),
  mailboxNumber: z.string(),
  status: z.enum(['waiting', 'sent', 'failed']),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type BatchRecipient = z.infer<typeof batchRecipientSchema>;

/** Fills `{firstName}` and `{mailbox}`; other braces are left as written. */
export function renderBatchTemplate(text: string, values: { firstName: string; mailbox: string }): string {
  return text.replaceAll('{firstName}', values.firstName).replaceAll('{mailbox}', values.mailbox);
}
