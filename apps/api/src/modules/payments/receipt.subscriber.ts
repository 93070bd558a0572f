import { eq } from 'drizzle-orm';
import { PAYMENT_METHOD_LABELS, TEST_PAYMENT_NOTE } from '@courier/shared/constants/billing';
import { formatDateTime } from '@courier/shared/domain/datetime';
import { formatJmd } from '@courier/shared/format/money';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { subscriber } from '../../lib/domain-events';
import { tellCustomer } from '../notifications/index';

/** A recorded payment tells its customer: a feed entry, and the receipt by e-mail unless they opted out. */
export const sendReceipt = subscriber({
  name: 'payments.receipt',
  on: 'payment.recorded',
  async handle({ db, mailer }, { courierId, data: p }) {
    const [customer] = await db
      .select({ firstName: customers.firstName, email: customers.email, timeZone: couriers.timeZone })
      .from(customers)
      .innerJoin(couriers, eq(couriers.id, customers.courierId))
      .where(eq(customers.id, p.customerId));
    if (!customer) return;
    await tellCustomer(db, mailer, {
      kind: 'payment_received',
      courierId,
      customerId: p.customerId,
      notice: {
        title: `Payment received: ${formatJmd(p.amountCents)}`,
        body: `Receipt ${p.receiptNo}`,
        target: { kind: 'payment', ref: p.receiptNo },
      },
      mail: {
        to: customer.email,
        subject: `${p.test ? 'TEST ' : ''}Receipt ${p.receiptNo}: ${formatJmd(p.amountCents)} received`,
        text: [
          `Hello ${customer.firstName},`,
          '',
          ...(p.test ? [TEST_PAYMENT_NOTE, ''] : []),
          `We received ${formatJmd(p.amountCents)} by ${PAYMENT_METHOD_LABELS[p.method]}${p.reference ? ` (reference ${p.reference})` : ''} on ${formatDateTime(new Date(p.paidAt), customer.timeZone)}.`,
          `Receipt: ${p.receiptNo}`,
          ...p.allocations.map((a) => `- ${a.invoiceNo}: ${formatJmd(a.amountCents)} applied, balance ${formatJmd(a.balanceAfterCents)}`),
          ...(p.allocations.length === 0 ? ['Paid in advance: held until the invoice is issued, then applied to it.'] : []),
          '',
          'Your receipt is under Payments in your account, where you can download it as a PDF.',
        ].join('\n'),
      },
    });
  },
});
