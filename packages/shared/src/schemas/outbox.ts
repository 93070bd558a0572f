import { z } from 'zod';
import { listQuerySchema, queryIdSchema } from './common';

/** The outbox's states, as people read them: nothing is "sent" until the SMTP server took it. */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** Why mail waits, in the outbox summary. */
export const OUTBOX_SMTP_STATES = ['configured', 'paused', 'not_configured', 'port_not_allowed'] as const;

export const OUTBOX_MESSAGES = {
  notFound: 'E-mail not found',
  notRetryable: 'Only a failed or queued e-mail can be sent again',
  retried: 'E-mail queued to be sent again',
  notConfigured: (queued: number) =>
    `No SMTP server is configured: ${queued} e-mail${queued === 1 ? ' is' : 's are'} queued and will go out once one is saved.`,
  paused: (queued: number) =>
    `E-mail sending is paused: ${queued} e-mail${queued === 1 ? ' is' : 's are'} queued and will go out when it is re-activated.`,
} as const;

/** One outbox row as the courier admin sees it: who, what, where it stands; never the body. */
export const outboxEntrySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When a queued mail is next tried. */
  sendAfter: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxSummarySchema = z.object({
  queued: z.number().int(),
  failed: z.number().int(),
  smtp: z.enum(OUTBOX_SMTP_STATES),
});
export type OutboxSummary = z.infer<typeof outboxSummarySchema>;

/** The super admin names a courier, or none for the platform's own mail. */
export const outboxQuerySchema = listQuerySchema.extend({ courierId: queryIdSchema.optional() });
export const outboxScopeQuerySchema = z.object({ courierId: queryIdSchema.optional() });
