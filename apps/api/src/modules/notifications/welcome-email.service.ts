import { eq } from 'drizzle-orm';
import { mailboxAddresses } from '@courier/shared/domain/mailbox-address';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import type { Mailer } from '../../lib/mailer';

export interface WelcomeCustomer {
  firstName: string;
  lastName: string;
  mailboxNumber: string;
  email: string;
}

/**
 * The welcome e-mail every new customer gets: their mailbox number, both US addresses
 * written out with the mailbox on the first line, and how to pre-alert. A walk-in registered by
 * staff also gets the link to choose a password (`passwordLink`, sensitive: cleared once sent).
 */
export async function enqueueWelcomeEmail(
  db: Db,
  mailer: Mailer,
  options: { courierId: number; customer: WelcomeCustomer; passwordLink?: string },
): Promise<void> {
  const [courier] = await db
    .select({ name: couriers.name, air: couriers.shippingAddressAir, sea: couriers.shippingAddressSea })
    .from(couriers)
    .where(eq(couriers.id, options.courierId));
  if (!courier) return;
  const { customer, passwordLink } = options;
  const addresses = mailboxAddresses(customer, { shippingAddressAir: courier.air, shippingAddressSea: courier.sea });
  const preAlertUrl = await mailer.link(options.courierId, '/customer/packages', db);
  const text = [
    `Hello ${customer.firstName},`,
    '',
    `Welcome to ${courier.name}. Your mailbox number is ${customer.mailboxNumber}: put it on every parcel you ship to us.`,
    '',
    ...(addresses.length > 0
      ? [
          'Ship your online orders to this US address:',
          ...addresses.flatMap((a) => ['', `${a.mode === 'AIR' ? 'By air' : 'By sea'}:`, ...a.lines]),
        ]
      : ['Your US shipping address will be in your account as soon as we publish it.']),
    '',
    `When you order, pre-alert the package with its tracking number and invoice so we can match it and clear customs: ${preAlertUrl}`,
    ...(passwordLink
      ? ['', 'Choose your password to sign in and follow your packages:', passwordLink, 'The link works once and expires in 7 days.']
      : []),
  ].join('\n');
  await mailer.enqueue(
    {
      courierId: options.courierId,
      to: customer.email,
      subject: `Welcome to ${courier.name}: your mailbox ${customer.mailboxNumber}`,
      text,
      button: passwordLink ? { label: 'Choose your password', url: passwordLink } : { label: 'Pre-alert a package', url: preAlertUrl },
      sensitive: passwordLink !== undefined,
    },
    db,
  );
}
