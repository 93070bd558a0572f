import { and, count, desc, eq } from 'drizzle-orm';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import type { Page } from '@courier/shared/schemas/common';
import {
  type AssistedPurchaseRecord,
  CONTACT_SUBJECT_LABELS,
  type ContactMessageRecord,
  type ContactSubject,
  PUBLIC_MESSAGES,
} from '@courier/shared/schemas/public';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { type AssistedPurchaseItemRow, assistedPurchaseRequests } from '../../db/schema/assisted-purchase-requests';
import { contactMessages } from '../../db/schema/contact-messages';
import { couriers } from '../../db/schema/couriers';
import { AppError } from '../../lib/errors';
import { createShopRequest } from '../forwarding/index';

interface PublicCourier {
  id: number;
  name: string;
  email: string | null;
}

/** The active courier of an api key (the default key when the visitor brought none). */
async function courierForApiKey(db: Db, apiKey: string | undefined): Promise<PublicCourier> {
  const [row] = await db
    .select({ id: couriers.id, name: couriers.name, email: couriers.email })
    .from(couriers)
    .where(and(eq(couriers.apiKey, apiKey ?? DEFAULT_API_KEY), eq(couriers.status, 'active')))
    .limit(1);
  if (!row) throw new AppError('not_found', PUBLIC_MESSAGES.courierNotFound);
  return row;
}

/** The public form's Shop For Me request: stored for the courier (and the account with that e-mail), both told. */
export async function createAssistedPurchaseRequest(
  ctx: AppContext,
  input: { apiKey?: string; name: string; email: string; items: AssistedPurchaseItemRow[]; notes: string },
): Promise<number> {
  const courier = await courierForApiKey(ctx.db, input.apiKey);
  return createShopRequest(
    { db: ctx.db, mailer: ctx.mailer },
    {
      courierId: courier.id,
      courierEmail: courier.email,
      customerId: null,
      name: input.name,
      email: input.email,
      items: input.items,
      notes: input.notes,
    },
  );
}

export async function createContactMessage(
  ctx: AppContext,
  input: { apiKey?: string; name: string; email: string; subject: ContactSubject; message: string },
): Promise<number> {
  const courier = await courierForApiKey(ctx.db, input.apiKey);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ courierId: courier.id, name: input.name, email: input.email, subject: input.subject, message: input.message })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error('Insert returned nothing');
    if (courier.email) {
      await ctx.mailer.enqueue(
        {
          courierId: courier.id,
          to: courier.email,
          subject: `Website message #${row.id}: ${CONTACT_SUBJECT_LABELS[input.subject]} from ${input.name}`,
          text: [
            'A new message came in through the contact form of your website.',
            '',
            `Name: ${input.name}`,
            `E-mail: ${input.email}`,
            `Subject: ${CONTACT_SUBJECT_LABELS[input.subject]}`,
            '',
            input.message,
          ].join('\n'),
        },
        tx as unknown as Db,
      );
    }
    return row.id;
  });
}

interface PageOptions {
  courierId: number;
  page: number;
  limit: number;
}

export async function listAssistedPurchaseRequests(db: Db, { courierId, page, limit }: PageOptions): Promise<Page<AssistedPurchaseRecord>> {
  const where = eq(assistedPurchaseRequests.courierId, courierId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(assistedPurchaseRequests)
      .where(where)
      .orderBy(desc(assistedPurchaseRequests.createdAt), desc(assistedPurchaseRequests.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(assistedPurchaseRequests).where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      items: r.items,
      notes: r.notes,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

export async function listContactMessages(db: Db, { courierId, page, limit }: PageOptions): Promise<Page<ContactMessageRecord>> {
  const where = eq(contactMessages.courierId, courierId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      subject: r.subject,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}
