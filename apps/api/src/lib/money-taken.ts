import { and, eq, ne } from 'drizzle-orm';
import { paymentRefunds } from '../db/schema/online-payments';
import { payments } from '../db/schema/payments';

/**
 * Payments that are money received: account credit (refunds, goodwill, referrals spent again) and
 * TEST payments took no money, so "Collected" never counts them.
 */
export const moneyTaken = () => and(ne(payments.method, 'account_credit'), eq(payments.test, false));

/**
 * Refunds that gave money back (cash, card, the gateway) from money taken: "Collected" is net of
 * them, on the day the money left. A refund to account credit keeps the money with the courier.
 * Use with `payment_refunds` joined to its payment.
 */
export const moneyGivenBack = () => and(eq(paymentRefunds.toCredit, false), moneyTaken());
