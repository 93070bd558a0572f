import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';

// The customers table is written by this module alone (scripts/table-writers.mjs): other modules
// change a customer through these writers, each naming what it changes. The rules (who may, what
// is checked first) stay with the module that decides; the row is changed here.

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;

/** New customers (a registration, a walk-in, an imported file), as stored. */
export async function createCustomers(db: Db, rows: NewCustomer[]): Promise<CustomerRow[]> {
  if (rows.length === 0) return [];
  return db.insert(customers).values(rows).returning();
}

/** One new customer, as stored. A taken e-mail or mailbox throws the unique violation for the caller to word. */
export async function createCustomer(db: Db, row: NewCustomer): Promise<CustomerRow> {
  const [created] = await createCustomers(db, [row]);
  if (!created) throw new Error('Customer insert returned nothing');
  return created;
}

/** What a customer (or staff for them) may change of the profile and contact details. */
export type CustomerProfileChange = Partial<
  Pick<
    NewCustomer,
    | 'accountType'
    | 'businessName'
    | 'title'
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phone'
    | 'trn'
    | 'address'
    | 'parish'
    | 'city'
    | 'branchId'
  >
>;

export async function changeCustomerProfile(db: Db, courierId: number, customerId: number, change: CustomerProfileChange): Promise<void> {
  await db
    .update(customers)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(customers.id, customerId), eq(customers.courierId, courierId)));
}

/** A new password (changed by the customer or from a reset link), ending the sessions the caller says. */
export async function changeCustomerPassword(
  db: Db,
  customerId: number,
  change: { passwordHash: string; sessionsValidAfter: Date; sessionKeptJti: string | null },
): Promise<void> {
  await db
    .update(customers)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(customers.id, customerId));
}

export async function markCustomerSignedIn(db: Db, customerId: number, at = new Date()): Promise<void> {
  await db.update(customers).set({ lastLoginAt: at }).where(eq(customers.id, customerId));
}

/** The kinds of notice the customer does not want, by channel (e-mail, push). */
export async function changeCustomerOptOuts(db: Db, customerId: number, change: { email?: string[]; push?: string[] }): Promise<void> {
  await db
    .update(customers)
    .set({
      ...(change.email ? { emailOptOuts: change.email } : {}),
      ...(change.push ? { pushOptOuts: change.push } : {}),
      updatedAt: new Date(),
    })
    .where(eq(customers.id, customerId));
}

export async function changeInsureByDefault(db: Db, courierId: number, customerId: number, value: boolean): Promise<void> {
  await db
    .update(customers)
    .set({ insureByDefault: value })
    .where(and(eq(customers.id, customerId), eq(customers.courierId, courierId)));
}

/**
 * Moves the credit balance by `deltaCents` in one UPDATE (holding the customer's row lock until
 * the transaction ends). With `mustCover`, a draw happens only while the balance covers it, so two
 * at once never take it below zero. The new balance, or null when the customer is not the
 * courier's or the balance does not cover the draw.
 */
export async function moveCreditBalance(
  db: Db,
  courierId: number,
  customerId: number,
  deltaCents: number,
  options: { mustCover?: boolean } = {},
): Promise<number | null> {
  const [row] = await db
    .update(customers)
    .set({ creditCents: sql`${customers.creditCents} + ${deltaCents}` })
    .where(
      and(
        eq(customers.id, customerId),
        eq(customers.courierId, courierId),
        ...(options.mustCover ? [sql`${customers.creditCents} + ${deltaCents} >= 0`] : []),
      ),
    )
    .returning({ creditCents: customers.creditCents });
  return row ? row.creditCents : null;
}

/** Sets the customer's own referral code if none is set yet (a unique violation means the code is taken). */
export async function setOwnReferralCode(db: Db, courierId: number, customerId: number, code: string): Promise<void> {
  await db
    .update(customers)
    .set({ ownReferralCode: code })
    .where(and(eq(customers.id, customerId), eq(customers.courierId, courierId), isNull(customers.ownReferralCode)));
}

/**
 * Marks a referred customer's reward as given, once: the referred customer's names when this call
 * claimed it, null when there is no referrer or it was given already.
 */
export async function claimReferralReward(db: Db, courierId: number, customerId: number) {
  const [claimed] = await db
    .update(customers)
    .set({ referralRewardedAt: new Date() })
    .where(
      and(
        eq(customers.id, customerId),
        eq(customers.courierId, courierId),
        isNotNull(customers.referredById),
        isNull(customers.referralRewardedAt),
      ),
    )
    .returning({
      referredById: customers.referredById,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      trn: customers.trn,
      phone: customers.phone,
    });
  return claimed ?? null;
}
