import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  COUPON_KIND_LABELS,
  CREDIT_MESSAGES,
  type Coupon,
  type Referral,
  type ReferralRewards,
} from '@courier/shared/schemas/account-credit';
import { dayInZone } from '@courier/shared/domain/datetime';
import { formatJmd } from '@courier/shared/format/money';
import type { Db } from '../../db/client';
import { couponRedemptions, coupons } from '../../db/schema/account-credit';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { claimReferralReward } from '../customers/index';
import { addCredit } from './ledger.service';
import { changeCourier } from '../couriers/index';

const asDb = (tx: unknown) => tx as Db;
const normalise = (code: string | null | undefined) => (code ?? '').trim().toUpperCase();

// ---------------------------------------------------------------------------------------------
// Registration

/**
 * The code a new customer typed at registration, read in this courier only: another customer's
 * referral code, or one of the courier's coupons (active, not past its end date). Anything else
 * is refused on the field, so a code of another courier does nothing here.
 */
export async function resolveSignUpCodes(
  db: Db,
  courierId: number,
  input: { referralCode?: string | null; couponCode?: string | null },
): Promise<{ referredById: number | null; referralCode: string | null; couponCode: string | null }> {
  const out = { referredById: null as number | null, referralCode: null as string | null, couponCode: null as string | null };
  const today = dayInZone(new Date(), await zoneOf(db, courierId));
  for (const [field, raw] of [
    ['referralCode', input.referralCode],
    ['couponCode', input.couponCode],
  ] as const) {
    const code = normalise(raw);
    if (!code) continue;
    const [referrer] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.courierId, courierId), eq(customers.ownReferralCode, code), eq(customers.active, true)));
    if (referrer && out.referredById === null) {
      out.referredById = referrer.id;
      out.referralCode = code;
      continue;
    }
    const [coupon] = await db
      .select({ code: coupons.code })
      .from(coupons)
      .where(
        and(
          eq(coupons.courierId, courierId),
          eq(coupons.code, code),
          eq(coupons.active, true),
          sql`(${coupons.validUntil} is null or ${coupons.validUntil} >= ${today})`,
        ),
      );
    if (coupon && out.couponCode === null) {
      out.couponCode = code;
      continue;
    }
    throw new AppError('unprocessable', CREDIT_MESSAGES.codeUnknown, { [field]: [CREDIT_MESSAGES.codeUnknown] });
  }
  return out;
}

async function zoneOf(db: Db, courierId: number): Promise<string> {
  const [row] = await db.select({ timeZone: couriers.timeZone }).from(couriers).where(eq(couriers.id, courierId));
  return row?.timeZone ?? 'America/Jamaica';
}

// ---------------------------------------------------------------------------------------------
// Referral rewards

/** Digits only, a phone's last ten (the country code written or not): "+1 (876) 555-0100" is "8765550100". */
const digitsOf = (value: string | null | undefined, last?: number) => {
  const digits = (value ?? '').replace(/\D/g, '');
  return last ? digits.slice(-last) : digits;
};

/** What two accounts share that makes them one person's: the TRN or the phone, else null. */
export function sharedIdentity(
  a: { trn: string | null; phone: string | null },
  b: { trn: string | null; phone: string | null },
): 'TRN' | 'phone' | null {
  const trn = digitsOf(a.trn);
  if (trn.length >= 6 && trn === digitsOf(b.trn)) return 'TRN';
  const phone = digitsOf(a.phone, 10);
  if (phone.length >= 7 && phone === digitsOf(b.phone, 10)) return 'phone';
  return null;
}

/**
 * Credits both sides of a referral when the referred customer's first invoice is fully paid.
 * Exactly once: the reward moment is claimed in one conditional UPDATE (referral_rewarded_at is
 * still empty), so a second paid invoice, a retry or two payments at once never pay it again.
 */
export async function rewardReferralIfDue(tx: Db, mailer: Mailer, courierId: number, customerId: number): Promise<boolean> {
  const claimed = await claimReferralReward(tx, courierId, customerId);
  if (!claimed?.referredById) return false;
  const [courier] = await tx
    .select({ referrer: couriers.referrerRewardCents, referred: couriers.referredRewardCents })
    .from(couriers)
    .where(eq(couriers.id, courierId));
  const [referrer] = await tx
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      trn: customers.trn,
      phone: customers.phone,
    })
    .from(customers)
    .where(and(eq(customers.id, claimed.referredById), eq(customers.courierId, courierId)));
  if (!courier || !referrer) return false;
  // One person with two accounts refers nobody: a shared TRN or phone pays neither side (claimed, so never later).
  const shared = sharedIdentity(referrer, claimed);
  if (shared) {
    await audit(tx, {
      courierId,
      actor: null,
      action: 'account_credit.referral_refused',
      entity: 'customer',
      entityId: customerId,
      details: { referrerId: referrer.id, reason: `same ${shared} as the referrer` },
    });
    return false;
  }
  const link = await mailer.link(courierId, '/customer/credit', tx);
  const grant = async (who: { id: number; firstName: string; email: string }, cents: number, why: string) => {
    if (cents <= 0) return;
    const balance = await addCredit(tx, { courierId, customerId: who.id, kind: 'referral', amountCents: cents, description: why });
    await mailer.enqueue(
      {
        courierId,
        to: who.email,
        subject: `${formatJmd(cents)} referral credit added`,
        text: [
          `Hello ${who.firstName},`,
          '',
          `${why}: we added ${formatJmd(cents)} of account credit to your account.`,
          `Your balance is now ${formatJmd(balance)}. You can use it on any invoice, online or at the counter.`,
          '',
          `Account credit: ${link}`,
        ].join('\n'),
      },
      tx,
    );
  };
  await grant(referrer, courier.referrer, `Referral reward: ${claimed.firstName} ${claimed.lastName} paid their first invoice`);
  await grant(
    { id: customerId, firstName: claimed.firstName, email: claimed.email },
    courier.referred,
    `Welcome reward: referred by ${referrer.firstName} ${referrer.lastName}`,
  );
  await audit(tx, {
    courierId,
    actor: null,
    action: 'account_credit.referral_rewarded',
    entity: 'customer',
    entityId: customerId,
    details: { referrerId: referrer.id, referrerCents: courier.referrer, referredCents: courier.referred },
  });
  return true;
}

export async function referralRewards(db: Db, courierId: number): Promise<ReferralRewards> {
  const [row] = await db
    .select({ referrerRewardCents: couriers.referrerRewardCents, referredRewardCents: couriers.referredRewardCents })
    .from(couriers)
    .where(eq(couriers.id, courierId));
  if (!row) throw new AppError('not_found', 'Courier not found');
  return row;
}

export async function saveReferralRewards(db: Db, actor: AuthUser, courierId: number, input: ReferralRewards): Promise<ReferralRewards> {
  return db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    await changeCourier(tx, courierId, { ...input, updatedAt: new Date() });
    await audit(tx, {
      courierId,
      actor,
      action: 'referral_rewards.updated',
      entity: 'courier',
      entityId: courierId,
      details: { ...input },
    });
    return referralRewards(tx, courierId);
  });
}

/** Who referred whom, newest first. */
export async function listReferrals(db: Db, courierId: number): Promise<Referral[]> {
  const referrer = alias(customers, 'referrer');
  const rows = await db
    .select({
      customerId: customers.id,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      mailboxNumber: customers.mailboxNumber,
      referrerId: referrer.id,
      referrerName: sql<string>`${referrer.firstName} || ' ' || ${referrer.lastName}`,
      referrerMailboxNumber: referrer.mailboxNumber,
      registeredAt: customers.createdAt,
      rewardedAt: customers.referralRewardedAt,
    })
    .from(customers)
    .innerJoin(referrer, eq(referrer.id, customers.referredById))
    .where(eq(customers.courierId, courierId))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(500);
  return rows.map((r) => ({ ...r, registeredAt: r.registeredAt.toISOString(), rewardedAt: r.rewardedAt?.toISOString() ?? null }));
}

// ---------------------------------------------------------------------------------------------
// Coupons

const discountedSql = sql<number>`(select coalesce(sum(r.amount_cents), 0)::int from ${couponRedemptions} r where r.coupon_id = ${coupons.id})`;

export async function listCoupons(db: Db, courierId: number): Promise<Coupon[]> {
  return db
    .select({
      id: coupons.id,
      code: coupons.code,
      kind: coupons.kind,
      percent: coupons.percent,
      amountCents: coupons.amountCents,
      validFrom: coupons.validFrom,
      validUntil: coupons.validUntil,
      maxUses: coupons.maxUses,
      usesCount: coupons.usesCount,
      discountedCents: discountedSql,
      active: coupons.active,
    })
    .from(coupons)
    .where(eq(coupons.courierId, courierId))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
}

type CouponValues = {
  code: string;
  kind: Coupon['kind'];
  percent?: number | null;
  amountCents?: number | null;
  validFrom: string | null;
  validUntil: string | null;
  maxUses?: number | null;
  active: boolean;
};
const columnsOf = (v: CouponValues) => ({
  code: v.code,
  kind: v.kind,
  percent: v.kind === 'percent' ? (v.percent ?? null) : null,
  amountCents: v.kind === 'fixed' ? (v.amountCents ?? null) : null,
  validFrom: v.validFrom,
  validUntil: v.validUntil,
  maxUses: v.maxUses ?? null,
  active: v.active,
});
const codeTaken = () => new AppError('conflict', CREDIT_MESSAGES.couponCodeTaken, { code: [CREDIT_MESSAGES.couponCodeTaken] });

export async function saveCoupon(db: Db, actor: AuthUser, courierId: number, id: number | null, input: CouponValues): Promise<Coupon> {
  try {
    return await db.transaction(async (txRaw) => {
      const tx = asDb(txRaw);
      let couponId: number;
      if (id === null) {
        const [row] = await tx
          .insert(coupons)
          .values({ courierId, ...columnsOf(input) })
          .returning({ id: coupons.id });
        if (!row) throw new Error('Coupon insert returned nothing');
        couponId = row.id;
      } else {
        const [row] = await tx
          .update(coupons)
          .set(columnsOf(input))
          .where(and(eq(coupons.id, id), eq(coupons.courierId, courierId)))
          .returning({ id: coupons.id });
        if (!row) throw new AppError('not_found', CREDIT_MESSAGES.couponNotFound);
        couponId = row.id;
      }
      await audit(tx, {
        courierId,
        actor,
        action: id === null ? 'coupon.created' : 'coupon.updated',
        entity: 'coupon',
        entityId: input.code,
        details: { ...columnsOf(input), label: COUPON_KIND_LABELS[input.kind] },
      });
      const saved = (await listCoupons(tx, courierId)).find((c) => c.id === couponId);
      if (!saved) throw new AppError('not_found', CREDIT_MESSAGES.couponNotFound);
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    if ((error as { cause?: { code?: string } }).cause?.code === '23514' || (error as { code?: string }).code === '23514')
      throw new AppError('unprocessable', CREDIT_MESSAGES.couponUsedUp, { maxUses: [CREDIT_MESSAGES.couponUsedUp] });
    throw error;
  }
}

/**
 * Prices a coupon on one invoice of the customer: its value (a percentage of the invoice, a fixed
 * amount, or the invoice's delivery charge), at most the balance; `apply` counts the use. The
 * caller puts the value on the invoice as a discount line (a coupon is never account credit or a
 * payment). The coupon row is locked while its uses are counted, so its limit holds when two
 * customers use it at once; a customer uses a coupon once.
 */
export async function redeemCoupon(
  tx: Db,
  options: {
    courierId: number;
    customerId: number;
    invoice: { id: number; invoiceNo: string; totalCents: number; paidCents: number };
    code: string;
    actor: AuthUser;
  },
): Promise<{ code: string; cents: number; apply: () => Promise<void> }> {
  const { courierId, customerId, invoice, actor } = options;
  const code = normalise(options.code);
  const notFound = () => new AppError('unprocessable', CREDIT_MESSAGES.couponNotFound, { couponCode: [CREDIT_MESSAGES.couponNotFound] });
  const refuse = (message: string) => new AppError('unprocessable', message, { couponCode: [message] });
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.courierId, courierId), eq(coupons.code, code)))
    .for('update');
  if (!coupon?.active) throw notFound();
  const today = dayInZone(new Date(), await zoneOf(tx, courierId));
  if ((coupon.validFrom && today < coupon.validFrom) || (coupon.validUntil && today > coupon.validUntil))
    throw refuse(CREDIT_MESSAGES.couponExpired);
  if (coupon.maxUses !== null && coupon.usesCount >= coupon.maxUses) throw refuse(CREDIT_MESSAGES.couponUsedUp);
  const [before] = await tx
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.customerId, customerId)));
  if (before) throw refuse(CREDIT_MESSAGES.couponUsedBefore);

  const balance = invoice.totalCents - invoice.paidCents;
  let cents: number;
  if (coupon.kind === 'percent') cents = Math.round((invoice.totalCents * (coupon.percent ?? 0)) / 100);
  else if (coupon.kind === 'fixed') cents = coupon.amountCents ?? 0;
  else {
    const [row] = await tx
      .select({ cents: sql<number>`coalesce(sum(${invoiceLines.amountCents}), 0)::int` })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, invoice.id), eq(invoiceLines.kind, 'delivery_fee')));
    cents = row?.cents ?? 0;
    if (cents <= 0) throw refuse(CREDIT_MESSAGES.couponNoDelivery);
  }
  cents = Math.min(cents, balance);
  if (cents <= 0) throw refuse(CREDIT_MESSAGES.invoiceSettled);
  const value = cents;
  const apply = async () => {
    await tx
      .update(coupons)
      .set({ usesCount: sql`${coupons.usesCount} + 1` })
      .where(eq(coupons.id, coupon.id));
    await tx.insert(couponRedemptions).values({ courierId, couponId: coupon.id, customerId, invoiceId: invoice.id, amountCents: value });
    await audit(tx, {
      courierId,
      actor,
      action: 'coupon.redeemed',
      entity: 'coupon',
      entityId: coupon.code,
      details: { customerId, invoiceNo: invoice.invoiceNo, amountCents: value },
    });
  };
  return { code: coupon.code, cents: value, apply };
}
