import { eq } from 'drizzle-orm';
import type { MessageEvent } from '@courier/shared/schemas/messaging';
import {
  DEFAULT_EMAIL_PREFERENCES,
  type EmailPreferences,
  type NotificationTarget,
  OPTIONAL_EMAIL_KINDS,
  OPTIONAL_EMAIL_LABELS,
  type OptionalEmailKind,
} from '@courier/shared/schemas/notifications';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { AppError } from '../../lib/errors';
import type { Mailer, OutgoingEmail } from '../../lib/mailer';
import { changeCustomerOptOuts } from '../customers/index';
import { notifyCustomer } from './notify.service';

/** The customer's switches: every optional e-mail is on unless they turned it off. */
export async function emailPreferences(db: Db, customerId: number): Promise<EmailPreferences> {
  const [row] = await db.select({ optOuts: customers.emailOptOuts }).from(customers).where(eq(customers.id, customerId));
  if (!row) throw new AppError('not_found', 'Customer not found');
  const prefs = { ...DEFAULT_EMAIL_PREFERENCES };
  for (const kind of OPTIONAL_EMAIL_KINDS) prefs[kind] = !row.optOuts.includes(kind);
  return prefs;
}

export async function saveEmailPreferences(db: Db, customerId: number, prefs: EmailPreferences): Promise<EmailPreferences> {
  const [row] = await db.select({ optOuts: customers.emailOptOuts }).from(customers).where(eq(customers.id, customerId));
  // The other kinds (package news) keep their choice.
  const others = (row?.optOuts ?? []).filter((kind) => !(OPTIONAL_EMAIL_KINDS as readonly string[]).includes(kind));
  const optOuts = [...others, ...OPTIONAL_EMAIL_KINDS.filter((kind) => !prefs[kind])];
  await changeCustomerOptOuts(db, customerId, { email: optOuts });
  return emailPreferences(db, customerId);
}

/** The one check of a customer's e-mail preferences; every customer e-mail of a kind of notice goes through it. */
export async function customerWants(db: Db, customerId: number, kind: OptionalEmailKind | MessageEvent): Promise<boolean> {
  const [row] = await db.select({ optOuts: customers.emailOptOuts }).from(customers).where(eq(customers.id, customerId));
  return row ? !row.optOuts.includes(kind) : false;
}

export interface CustomerNotice {
  kind: OptionalEmailKind;
  courierId: number;
  customerId: number;
  /** The entry in the customer's in-app feed: always written. */
  notice: { title: string; body?: string; target: NotificationTarget };
  /** The e-mail: enqueued only while the customer wants this kind. */
  mail: Omit<OutgoingEmail, 'courierId'>;
}

/**
 * Tells a customer about their invoice, payment, ticket answer or delivery: the in-app feed always,
 * the e-mail only if they have not switched it off, with a line saying where to switch it off.
 * Call it inside the caller's transaction. Returns whether the e-mail was queued.
 */
export async function tellCustomer(db: Db, mailer: Mailer, n: CustomerNotice): Promise<boolean> {
  await notifyCustomer(db, { courierId: n.courierId, customerId: n.customerId, type: n.kind, ...n.notice });
  if (!(await customerWants(db, n.customerId, n.kind))) return false;
  const profile = await mailer.link(n.courierId, '/customer/profile', db);
  const why = `You get "${OPTIONAL_EMAIL_LABELS[n.kind]}" e-mails because they are on in your notification preferences. To stop them, switch them off in your profile`;
  await mailer.enqueue({ ...n.mail, courierId: n.courierId, text: `${n.mail.text}\n\n--\n${why}: ${profile}` }, db);
  return true;
}
