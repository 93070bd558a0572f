import { type SQL, and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import { OUTBOX_MESSAGES, OUTBOX_STATUSES, type OutboxEntry, type OutboxSummary } from '@courier/shared/schemas/outbox';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema/email';
import { AppError } from '../../lib/errors';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { Mailer } from '../../lib/mailer';

const laneCondition = (courierId: number | null): SQL =>
  courierId === null ? isNull(emailOutbox.courierId) : eq(emailOutbox.courierId, courierId);

const OUTBOX_LIST: ListSpec = {
  sortable: { createdAt: emailOutbox.createdAt, status: emailOutbox.status, to: emailOutbox.toAddress, subject: emailOutbox.subject },
  searchable: [emailOutbox.toAddress, emailOutbox.subject],
  filterable: { status: { column: emailOutbox.status, kind: 'oneOf', values: OUTBOX_STATUSES } },
  defaultSort: { column: emailOutbox.createdAt, order: 'desc' },
  tieBreaker: emailOutbox.id,
};

function toEntry(row: typeof emailOutbox.$inferSelect): OutboxEntry {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    sendAfter: row.sendAfter.toISOString(),
  };
}

/** The outbox of one lane, newest first by default; bodies are never listed (they may hold secrets). */
export async function listOutbox(db: Db, courierId: number | null, query: ListQuery): Promise<Page<OutboxEntry>> {
  const clauses = listClauses(query, OUTBOX_LIST, [laneCondition(courierId)]);
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await db
          .select()
          .from(emailOutbox)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map(toEntry),
    count: async (where) => (await db.select({ n: count() }).from(emailOutbox).where(where))[0]?.n ?? 0,
  });
}

/** How many wait and how many failed, and whether the lane can send at all right now. */
export async function outboxSummary(db: Db, mailer: Mailer, courierId: number | null): Promise<OutboxSummary> {
  const rows = await db
    .select({ status: emailOutbox.status, n: count() })
    .from(emailOutbox)
    .where(and(laneCondition(courierId), inArray(emailOutbox.status, ['pending', 'sending', 'failed'])))
    .groupBy(emailOutbox.status);
  const n = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  const settings = await mailer.settingsFor(courierId);
  return { queued: n('pending') + n('sending'), failed: n('failed'), smtp: typeof settings === 'string' ? settings : 'configured' };
}

/**
 * Sends a failed (or still queued) mail again at once, with a fresh count of attempts. A sent
 * mail is not sent twice from here; a sensitive one given up has no body left to send.
 */
export async function retryOutboxMail(db: Db, mailer: Mailer, courierId: number | null, id: number): Promise<OutboxEntry> {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), laneCondition(courierId)));
  if (!row) throw new AppError('not_found', OUTBOX_MESSAGES.notFound);
  const blankSecret = row.sensitive && row.textBody === '';
  if ((row.status !== 'failed' && row.status !== 'pending') || blankSecret)
    throw new AppError('unprocessable', OUTBOX_MESSAGES.notRetryable);
  const updated = await mailer.requeue(courierId, id);
  if (!updated) throw new AppError('unprocessable', OUTBOX_MESSAGES.notRetryable);
  return toEntry(updated);
}
