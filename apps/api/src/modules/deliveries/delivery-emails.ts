import { eq } from 'drizzle-orm';
import { formatCalendarDay, formatDateTime } from '@courier/shared/domain/datetime';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import type { Mailer } from '../../lib/mailer';
import { DELIVERY_MESSAGES } from '@courier/shared/schemas/deliveries';
import { tellCustomer, notifyCustomer } from '../notifications/index';
import { composeCustomerEmail, customerForEmail, sendCustomerEmail } from '../packages/index';

export type DeliveryEmail =
  | { kind: 'scheduled'; date: string }
  | { kind: 'out_for_delivery' }
  | { kind: 'delivered'; recipientName: string; deliveredAt: Date; hasPhoto: boolean }
  | { kind: 'cancelled'; reason?: string };

export interface DeliveryForEmail {
  courierId: number;
  customerId: number;
  requestId: number;
  address: string;
  packageNumbers: string[];
  /** The customer's delivery requests page, where the proof is shown. */
  link: string;
}

/** Tells the customer where their home delivery is; enqueued in the caller's transaction. */
export async function enqueueDeliveryEmail(db: Db, mailer: Mailer, d: DeliveryForEmail, e: DeliveryEmail): Promise<void> {
  const customer = await customerForEmail(db, d.customerId);
  if (!customer) return;
  // Times are said in the courier's own time zone (a Company Settings field).
  const [courier] = await db.select({ timeZone: couriers.timeZone }).from(couriers).where(eq(couriers.id, d.courierId));
  const what = `${d.packageNumbers.length === 1 ? 'Your package' : 'Your packages'} ${d.packageNumbers.join(', ')}`;
  const mail =
    e.kind === 'scheduled'
      ? {
          subject: `Delivery scheduled for ${formatCalendarDay(e.date, 'weekday')}`,
          body: [
            `${what} will be delivered on ${formatCalendarDay(e.date, 'weekday')} to ${d.address}.`,
            'Please make sure someone is there to receive and sign for them.',
          ],
        }
      : e.kind === 'cancelled'
        ? {
            subject: DELIVERY_MESSAGES.cancelled,
            body: [
              `We cancelled the delivery of ${what.charAt(0).toLowerCase()}${what.slice(1)} to ${d.address}${e.reason ? `: ${e.reason}` : '.'}`,
              'They wait for you at your branch; you may collect them or ask for a delivery again.',
            ],
            link: { label: 'Your delivery requests', url: d.link },
          }
        : e.kind === 'out_for_delivery'
          ? {
              subject: 'Out for delivery today',
              body: [`${what} left our branch with our driver and will be delivered today to ${d.address}.`],
            }
          : {
              subject: 'Delivered',
              body: [
                `${what} ${d.packageNumbers.length === 1 ? 'was' : 'were'} delivered to ${d.address} on ${formatDateTime(e.deliveredAt, courier?.timeZone)}.`,
                `Received and signed for by ${e.recipientName}${e.hasPhoto ? '; our driver also took a photo' : ''}.`,
              ],
              link: { label: 'See the proof of delivery', url: d.link },
            };
  if (e.kind === 'scheduled') {
    // The one optional delivery e-mail: the customer may switch it off (the feed still says it).
    await tellCustomer(db, mailer, {
      kind: 'delivery_scheduled',
      courierId: d.courierId,
      customerId: d.customerId,
      notice: { title: mail.subject, body: d.packageNumbers.join(', '), target: { kind: 'delivery_request', ref: String(d.requestId) } },
      mail: composeCustomerEmail({ courierId: d.courierId, customer, ...mail }),
    });
    return;
  }
  if (e.kind === 'cancelled') {
    // A cancellation is news the customer must see: the feed says it too.
    await notifyCustomer(db, {
      courierId: d.courierId,
      customerId: d.customerId,
      type: 'package_update',
      title: mail.subject,
      body: e.reason ?? d.packageNumbers.join(', '),
      target: { kind: 'delivery_request', ref: String(d.requestId) },
    });
  }
  await sendCustomerEmail(db, mailer, { courierId: d.courierId, customer, ...mail });
}
