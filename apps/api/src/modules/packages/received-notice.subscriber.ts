import { and, eq, inArray } from 'drizzle-orm';
import { packages } from '../../db/schema/packages';
import { subscriber } from '../../lib/domain-events';
import { enqueuePackageEmail, enqueueReceivedEmails } from './package-emails.service';

/**
 * Packages received for known customers tell them they are in: one scanned package by its own
 * notice (feed, phone and e-mail, with its branch); a batch of the agent's file once per customer.
 */
export const tellReceived = subscriber({
  name: 'packages.received-notice',
  on: 'package.received',
  async handle({ db, mailer }, { courierId, data }) {
    const ids = data.packages.filter((p) => p.customerId !== null).map((p) => p.id);
    if (ids.length === 0) return;
    const rows = await db
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, courierId), inArray(packages.id, ids)));
    const [one] = rows;
    if (rows.length === 1 && one && !data.messagesLater) await enqueuePackageEmail(db, mailer, 'received', one);
    else await enqueueReceivedEmails(db, mailer, rows, { messages: !data.messagesLater });
  },
});
