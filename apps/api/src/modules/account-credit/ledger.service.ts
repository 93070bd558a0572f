import { and, desc, eq, sql } from 'drizzle-orm';
import { CREDIT_MESSAGES, type CreditAccount, type CreditEntryKind } from '@courier/shared/schemas/account-credit';
import { formatAmount, formatJmd } from '@courier/shared/format/money';
import type { Db } from '../../db/client';
import { accountCreditEntries, couponRedemptions, coupons } from '../../db/schema/account-credit';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { moveCreditBalance, setOwnReferralCode } from '../customers/index';

const asDb = (tx: unknown) => tx as Db;
const customerNotFound = () => new AppError('not_found', 'Customer not found');

/**
 * Adds credit to a customer's account: the balance grows in one UPDATE (which holds the
 * customer's row lock until the transaction ends) and the ledger row records it.
 */
export async function addCredit(
  tx: Db,
  entry: {
    courierId: number;
    customerId: number;
    kind: Exclude<CreditEntryKind, 'used'>;
    amountCents: number;
    description: string;
    creditNoteNo?: string;
    actor?: Pick<AuthUser, 'id' | 'kind'> | null;
  },
): Promise<number> {
  const balance = await moveCreditBalance(tx, entry.courierId, entry.customerId, entry.amountCents);
  if (balance === null) throw customerNotFound();
  await tx.insert(accountCreditEntries).values({
    courierId: entry.courierId,
    customerId: entry.customerId,
    kind: entry.kind,
    amountCents: entry.amountCents,
    balanceAfterCents: balance,
    description: entry.description,
    creditNoteNo: entry.creditNoteNo ?? null,
    createdBy: entry.actor?.kind === 'user' ? entry.actor.id : null,
  });
  return balance;
}

/**
 * Draws credit for an account-credit payment. The balance only goes down while it covers the
 * amount (one conditional UPDATE under the row lock), so two uses at once never take it below zero.
 */
export async function useCredit(
  tx: Db,
  use: { courierId: number; customerId: number; amountCents: number; paymentId: number; description: string; actorUserId: number | null },
): Promise<number> {
  const balance = await moveCreditBalance(tx, use.courierId, use.customerId, -use.amountCents, { mustCover: true });
  if (balance === null) {
    const available = await creditBalance(tx, use.courierId, use.customerId);
    const message = available > 0 ? CREDIT_MESSAGES.notEnoughCredit(formatAmount(available)) : CREDIT_MESSAGES.noCredit;
    throw new AppError('unprocessable', message, { amountCents: [message] });
  }
  await tx.insert(accountCreditEntries).values({
    courierId: use.courierId,
    customerId: use.customerId,
    kind: 'used',
    amountCents: -use.amountCents,
    balanceAfterCents: balance,
    description: use.description,
    paymentId: use.paymentId,
    createdBy: use.actorUserId,
  });
  return balance;
}

export async function creditBalance(db: Db, courierId: number, customerId: number): Promise<number> {
  const [row] = await db
    .select({ creditCents: customers.creditCents })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.courierId, courierId)));
  if (!row) throw customerNotFound();
  return row.creditCents;
}

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newReferralCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `REF-${[...bytes].map((b) => CODE_LETTERS[b % CODE_LETTERS.length]).join('')}`;
}

/** The customer's own referral code, made the first time it is asked for (unique per courier). */
export async function ensureReferralCode(db: Db, courierId: number, customerId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db
      .select({ code: customers.ownReferralCode })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.courierId, courierId)));
    if (!row) throw customerNotFound();
    if (row.code) return row.code;
    try {
      await setOwnReferralCode(db, courierId, customerId, newReferralCode());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('Could not make a referral code');
}

/** Balance, history, referral code and link: what the customer's Account credit page shows. */
export async function creditAccount(db: Db, mailer: Pick<Mailer, 'link'>, courierId: number, customerId: number): Promise<CreditAccount> {
  const code = await ensureReferralCode(db, courierId, customerId);
  const referrer = sql<
    string | null
  >`(select r.first_name || ' ' || r.last_name from ${customers} r where r.id = ${customers.referredById})`;
  const [c] = await db
    .select({
      name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      accountType: customers.accountType,
      creditCents: customers.creditCents,
      timeZone: couriers.timeZone,
      referredByName: referrer,
      pendingCouponCode: sql<
        string | null
      >`case when ${customers.couponCode} is not null and not exists (select 1 from ${couponRedemptions} r
        join ${coupons} k on k.id = r.coupon_id where r.customer_id = ${customers.id} and k.code = ${customers.couponCode}) then ${customers.couponCode} end`,
    })
    .from(customers)
    .innerJoin(couriers, eq(couriers.id, customers.courierId))
    .where(and(eq(customers.id, customerId), eq(customers.courierId, courierId)));
  if (!c) throw customerNotFound();
  const entries = await db
    .select({
      id: accountCreditEntries.id,
      kind: accountCreditEntries.kind,
      amountCents: accountCreditEntries.amountCents,
      balanceAfterCents: accountCreditEntries.balanceAfterCents,
      description: accountCreditEntries.description,
      receiptNo: payments.receiptNo,
      createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      createdAt: accountCreditEntries.createdAt,
    })
    .from(accountCreditEntries)
    .leftJoin(payments, eq(payments.id, accountCreditEntries.paymentId))
    .leftJoin(users, eq(users.id, accountCreditEntries.createdBy))
    .where(and(eq(accountCreditEntries.courierId, courierId), eq(accountCreditEntries.customerId, customerId)))
    .orderBy(desc(accountCreditEntries.createdAt), desc(accountCreditEntries.id))
    .limit(200);
  return {
    customerId,
    customerName: c.name,
    accountType: c.accountType,
    balanceCents: c.creditCents,
    timeZone: c.timeZone,
    referralCode: code,
    referralLink: await mailer.link(courierId, `/register?ref=${encodeURIComponent(code)}`, db),
    referredByName: c.referredByName,
    pendingCouponCode: c.pendingCouponCode,
    entries: entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
  };
}

/** Staff add goodwill credit with a reason: audited, and the customer is told by e-mail. */
export async function addGoodwillCredit(options: {
  db: Db;
  mailer: Mailer;
  actor: AuthUser;
  courierId: number;
  input: { customerId: number; amountCents: number; reason: string };
}): Promise<{ balanceCents: number }> {
  const { db, mailer, actor, courierId, input } = options;
  return db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [customer] = await tx
      .select({ firstName: customers.firstName, email: customers.email })
      .from(customers)
      .where(and(eq(customers.id, input.customerId), eq(customers.courierId, courierId)));
    if (!customer) throw customerNotFound();
    const balanceCents = await addCredit(tx, {
      courierId,
      customerId: input.customerId,
      kind: 'goodwill',
      amountCents: input.amountCents,
      description: input.reason,
      actor,
    });
    await audit(tx, {
      courierId,
      actor,
      action: 'account_credit.goodwill_added',
      entity: 'customer',
      entityId: input.customerId,
      details: { amountCents: input.amountCents, reason: input.reason, balanceCents },
    });
    await mailer.enqueue(
      {
        courierId,
        to: customer.email,
        subject: `${formatJmd(input.amountCents)} account credit added`,
        text: [
          `Hello ${customer.firstName},`,
          '',
          `We added ${formatJmd(input.amountCents)} of account credit to your account: ${input.reason}.`,
          `Your balance is now ${formatJmd(balanceCents)}. You can use it on any invoice, online or at the counter.`,
          '',
          `Account credit: ${await mailer.link(courierId, '/customer/credit', tx)}`,
        ].join('\n'),
      },
      tx,
    );
    return { balanceCents };
  });
}
