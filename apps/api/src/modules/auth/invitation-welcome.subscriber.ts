import { and, eq, inArray } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { subscriber } from '../../lib/domain-events';
import { enqueueWelcomeEmail } from '../notifications/index';
import { passwordLink } from './password-reset.service';

/** As long as the welcome e-mail says its password link lasts. */
const INVITATION_TTL_MINUTES = 7 * 24 * 60;

/**
 * Invited customers (brought across from a file) get the welcome e-mail with their kept mailbox
 * number and a link to choose a password, through the outbox.
 */
export const welcomeInvited = subscriber({
  name: 'auth.invitation-welcome',
  on: 'customer.invited',
  async handle({ db, mailer }, { courierId, data }) {
    if (data.customerIds.length === 0) return;
    const invited = await db
      .select({
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        mailboxNumber: customers.mailboxNumber,
      })
      .from(customers)
      .where(and(eq(customers.courierId, courierId), inArray(customers.id, data.customerIds)))
      .orderBy(customers.id);
    for (const customer of invited) {
      const link = await passwordLink({ mailer }, db, { kind: 'customer', id: customer.id, courierId }, INVITATION_TTL_MINUTES);
      await enqueueWelcomeEmail(db, mailer, { courierId, customer, passwordLink: link });
    }
  },
});
