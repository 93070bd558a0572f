import { type SQL, and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import {
  BATCH_MESSAGES,
  type BatchEmail,
  type BatchPreview,
  type BatchProgress,
  type BatchRecipient,
  type batchEmailInputSchema,
  type batchPreviewInputSchema,
  renderBatchTemplate,
} from '@courier/shared/schemas/emails';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { batchEmailRecipients } from '../../db/schema/batch-email-recipients';
import { batchEmails } from '../../db/schema/batch-emails';
import { branches } from '../../db/schema/branches';
import { customers } from '../../db/schema/customers';
import { emailOutbox } from '../../db/schema/email';
import { packages } from '../../db/schema/packages';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { courierScope } from '../../lib/courier-scope';

type BatchInput = z.output<typeof batchEmailInputSchema>;
type PreviewInput = z.output<typeof batchPreviewInputSchema>;
type Audience = Pick<BatchInput, 'audience' | 'branchId' | 'accountType'>;

/** The customers an audience reaches: active customers of the courier, narrowed by the audience. */
function audienceCondition(courierId: number, a: Audience): SQL {
  const base = [eq(customers.courierId, courierId), eq(customers.active, true)];
  switch (a.audience) {
    case 'branch':
      base.push(eq(customers.branchId, a.branchId ?? -1));
      break;
    case 'accountType':
      base.push(eq(customers.accountType, a.accountType ?? 'individual'));
      break;
    case 'ready':
      base.push(
        sql`exists (select 1 from ${packages} where ${packages.courierId} = ${customers.courierId} and ${packages.customerId} = ${customers.id} and ${packages.status} = 'ready_for_pickup')`,
      );
      break;
    case 'all':
      break;
  }
  const where = and(...base);
  if (!where) throw new Error('unreachable');
  return where;
}

async function assertBranch(db: Db, courierId: number, a: Audience): Promise<void> {
  if (a.audience !== 'branch' || a.branchId === null) return;
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, a.branchId), eq(branches.courierId, courierId)));
  if (!row) throw new AppError('not_found', 'Branch not found');
}

async function progressOf(db: Db, courierId: number, ids: number[]): Promise<Map<number, BatchProgress>> {
  const out = new Map<number, BatchProgress>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      batchId: emailOutbox.batchId,
      total: count(),
      sent: sql<number>`count(*) filter (where ${emailOutbox.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed')::int`,
      waiting: sql<number>`count(*) filter (where ${emailOutbox.status} in ('pending', 'sending'))::int`,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.courierId, courierId), inArray(emailOutbox.batchId, ids)))
    .groupBy(emailOutbox.batchId);
  for (const r of rows) {
    if (r.batchId !== null)
      out.set(r.batchId, { total: r.total, sent: Number(r.sent), failed: Number(r.failed), waiting: Number(r.waiting) });
  }
  return out;
}

function toBatch(row: typeof batchEmails.$inferSelect, progress: BatchProgress | undefined): BatchEmail {
  const p = progress ?? { total: 0, sent: 0, failed: 0, waiting: 0 };
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    audience: row.audience,
    branchId: row.audienceBranchId,
    accountType: row.audienceAccountType,
    status: row.status === 'draft' ? 'draft' : p.waiting > 0 ? 'sending' : 'completed',
    progress: p,
    createdAt: row.createdAt.toISOString(),
    queuedAt: row.queuedAt?.toISOString() ?? null,
  };
}

async function findBatch(db: Db, user: AuthUser, id: number, courierId?: number) {
  const scope = courierScope(user, courierId);
  const [row] = await db
    .select()
    .from(batchEmails)
    .where(and(eq(batchEmails.id, id), eq(batchEmails.courierId, scope)));
  if (!row) throw new AppError('not_found', BATCH_MESSAGES.notFound);
  return row;
}

export async function listBatches(db: Db, user: AuthUser, query: ListQuery & { courierId?: number }): Promise<Page<BatchEmail>> {
  const courierId = courierScope(user, query.courierId);
  const where = eq(batchEmails.courierId, courierId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(batchEmails)
      .where(where)
      .orderBy(desc(batchEmails.createdAt), desc(batchEmails.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(batchEmails).where(where),
  ]);
  const progress = await progressOf(
    db,
    courierId,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toBatch(r, progress.get(r.id))), total: total?.n ?? 0, page: query.page, limit: query.limit };
}

export async function getBatch(db: Db, user: AuthUser, id: number, courierId?: number): Promise<BatchEmail> {
  const row = await findBatch(db, user, id, courierId);
  return toBatch(row, (await progressOf(db, row.courierId, [row.id])).get(row.id));
}

export async function createBatch(db: Db, user: AuthUser, input: BatchInput, courierId?: number): Promise<BatchEmail> {
  const scope = courierScope(user, courierId);
  await assertBranch(db, scope, input);
  const [row] = await db
    .insert(batchEmails)
    .values({
      courierId: scope,
      subject: input.subject,
      body: input.body,
      audience: input.audience,
      audienceBranchId: input.audience === 'branch' ? input.branchId : null,
      audienceAccountType: input.audience === 'accountType' ? input.accountType : null,
      createdBy: user.id,
    })
    .returning();
  if (!row) throw new Error('Batch insert returned nothing');
  return toBatch(row, undefined);
}

export async function updateBatch(db: Db, user: AuthUser, id: number, input: BatchInput, courierId?: number): Promise<BatchEmail> {
  const row = await findBatch(db, user, id, courierId);
  if (row.status !== 'draft') throw new AppError('conflict', BATCH_MESSAGES.alreadySent);
  await assertBranch(db, row.courierId, input);
  const [updated] = await db
    .update(batchEmails)
    .set({
      subject: input.subject,
      body: input.body,
      audience: input.audience,
      audienceBranchId: input.audience === 'branch' ? input.branchId : null,
      audienceAccountType: input.audience === 'accountType' ? input.accountType : null,
      updatedAt: new Date(),
    })
    .where(and(eq(batchEmails.id, row.id), eq(batchEmails.status, 'draft')))
    .returning();
  if (!updated) throw new AppError('conflict', BATCH_MESSAGES.alreadySent);
  return toBatch(updated, undefined);
}

export async function deleteBatch(db: Db, user: AuthUser, id: number, courierId?: number): Promise<void> {
  const row = await findBatch(db, user, id, courierId);
  if (row.status !== 'draft') throw new AppError('conflict', BATCH_MESSAGES.alreadySent);
  await db.delete(batchEmails).where(and(eq(batchEmails.id, row.id), eq(batchEmails.status, 'draft')));
}

/** How many customers the audience reaches, and the e-mail as one of them (the chosen one, or the first) would get it. */
export async function previewBatch(db: Db, user: AuthUser, input: PreviewInput, courierId?: number): Promise<BatchPreview> {
  const scope = courierScope(user, courierId);
  await assertBranch(db, scope, input);
  const where = audienceCondition(scope, input);
  const [[total], [recipient]] = await Promise.all([
    db.select({ n: count() }).from(customers).where(where),
    db
      .select({
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        mailboxNumber: customers.mailboxNumber,
      })
      .from(customers)
      .where(input.customerId ? and(where, eq(customers.id, input.customerId)) : where)
      .orderBy(asc(customers.lastName), asc(customers.id))
      .limit(1),
  ]);
  if (input.customerId && !recipient) throw new AppError('not_found', 'That customer is not in this audience');
  const values = recipient
    ? { firstName: recipient.firstName, mailbox: recipient.mailboxNumber }
    : { firstName: '{firstName}', mailbox: '{mailbox}' };
  return {
    recipientCount: total?.n ?? 0,
    recipient: recipient
      ? {
          id: recipient.id,
          name: `${recipient.firstName} ${recipient.lastName}`,
          email: recipient.email,
          mailboxNumber: recipient.mailboxNumber,
        }
      : null,
    subject: renderBatchTemplate(input.subject, values),
    body: renderBatchTemplate(input.body, values),
  };
}

/**
 * Queues one outbox mail per recipient, all in one transaction: either every recipient is queued
 * or none is. The batch row lock and the draft check stop a second send; the unique
 * (courier, batch, customer) index stops a customer being queued twice. The outbox worker then
 * sends them; a restart resumes from the outbox rows, so nothing is lost or sent again.
 */
export async function sendBatch(db: Db, user: AuthUser, id: number, courierId?: number): Promise<BatchEmail> {
  const scope = courierScope(user, courierId);
  await db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(batchEmails)
      .where(and(eq(batchEmails.id, id), eq(batchEmails.courierId, scope)))
      .for('update');
    if (!batch) throw new AppError('not_found', BATCH_MESSAGES.notFound);
    if (batch.status !== 'draft') throw new AppError('conflict', BATCH_MESSAGES.alreadySent);
    const audience = { audience: batch.audience, branchId: batch.audienceBranchId, accountType: batch.audienceAccountType };
    await tx.execute(sql`
      insert into ${batchEmailRecipients} (courier_id, batch_id, customer_id, email)
      select ${customers.courierId}, ${batch.id}, ${customers.id}, ${customers.email}
      from ${customers} where ${audienceCondition(scope, audience)}
      on conflict do nothing`);
    await tx.execute(sql`
      insert into ${emailOutbox} (courier_id, to_address, subject, text_body, batch_id)
      select r.courier_id, r.email,
        replace(replace(${batch.subject}::text, '{firstName}', c.first_name), '{mailbox}', c.mailbox_number),
        replace(replace(${batch.body}::text, '{firstName}', c.first_name), '{mailbox}', c.mailbox_number),
        r.batch_id
      from ${batchEmailRecipients} r join ${customers} c on c.id = r.customer_id
      where r.batch_id = ${batch.id} and r.outbox_id is null`);
    await tx.execute(sql`
      update ${batchEmailRecipients} r set outbox_id = o.id
      from ${emailOutbox} o
      where r.batch_id = ${batch.id} and r.outbox_id is null and o.batch_id = r.batch_id and o.to_address = r.email`);
    const [n] = await tx.select({ n: count() }).from(batchEmailRecipients).where(eq(batchEmailRecipients.batchId, batch.id));
    const recipients = n?.n ?? 0;
    if (recipients === 0) throw new AppError('bad_request', BATCH_MESSAGES.noRecipients);
    await tx
      .update(batchEmails)
      .set({ status: 'queued', queuedAt: new Date(), recipientCount: recipients, updatedAt: new Date() })
      .where(eq(batchEmails.id, batch.id));
  });
  return getBatch(db, user, id, courierId);
}

export async function batchRecipients(
  db: Db,
  user: AuthUser,
  id: number,
  query: { page: number; limit: number; status?: 'waiting' | 'sent' | 'failed'; courierId?: number },
): Promise<Page<BatchRecipient>> {
  const batch = await findBatch(db, user, id, query.courierId);
  const statusCondition =
    query.status === 'sent'
      ? eq(emailOutbox.status, 'sent')
      : query.status === 'failed'
        ? eq(emailOutbox.status, 'failed')
        : query.status === 'waiting'
          ? sql`(${emailOutbox.status} is null or ${emailOutbox.status} in ('pending', 'sending'))`
          : undefined;
  const where = and(eq(batchEmailRecipients.courierId, batch.courierId), eq(batchEmailRecipients.batchId, batch.id), statusCondition);
  const base = () =>
    db
      .select({
        customerId: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: batchEmailRecipients.email,
        mailboxNumber: customers.mailboxNumber,
        status: emailOutbox.status,
        sentAt: emailOutbox.sentAt,
        error: emailOutbox.lastError,
      })
      .from(batchEmailRecipients)
      .innerJoin(customers, eq(customers.id, batchEmailRecipients.customerId))
      .leftJoin(emailOutbox, eq(emailOutbox.id, batchEmailRecipients.outboxId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: count() })
      .from(batchEmailRecipients)
      .leftJoin(emailOutbox, eq(emailOutbox.id, batchEmailRecipients.outboxId))
      .where(where),
  ]);
  return {
    data: rows.map((r) => ({
      customerId: r.customerId,
      name: `${r.firstName} ${r.lastName}`,
      email: r.email,
      mailboxNumber: r.mailboxNumber,
      status: r.status === 'sent' ? 'sent' : r.status === 'failed' ? 'failed' : 'waiting',
      sentAt: r.sentAt?.toISOString() ?? null,
      error: r.error,
    })),
    total: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** Unused-outbox guard for tests and the report: recipients never linked to an outbox row. */
export async function unlinkedRecipients(db: Db, batchId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(batchEmailRecipients)
    .where(and(eq(batchEmailRecipients.batchId, batchId), isNull(batchEmailRecipients.outboxId)));
  return row?.n ?? 0;
}
