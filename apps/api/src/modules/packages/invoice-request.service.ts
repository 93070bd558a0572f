import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import type { packages } from '../../db/schema/packages';
import type { Mailer } from '../../lib/mailer';
import { notifyCustomer } from '../notifications/index';
import { customerForEmail, sendCustomerEmail } from './package-emails.service';

type PackageRecord = typeof packages.$inferSelect;

/** The hold reasons that wait for the merchant invoice (customs needs it). */
export const INVOICE_HOLDS: ReadonlySet<string> = new Set([PACKAGE_MESSAGES.heldForInvoice, PACKAGE_MESSAGES.heldForInvoiceNoPreAlert]);

export const isInvoiceHold = (reason: string | null | undefined): reason is string => !!reason && INVOICE_HOLDS.has(reason);

/**
 * Asks the customer for the merchant invoice of a package just held for it: an e-mail with a link
 * to where they upload it (their pre-alert, or the package itself) and a line in their portal feed.
 */
export async function askForInvoice(db: Db, mailer: Mailer, pkg: PackageRecord, reason: string, reminder = false): Promise<void> {
  if (pkg.customerId === null) return;
  const customer = await customerForEmail(db, pkg.customerId);
  if (!customer) return;
  const subject = `${reminder ? 'Reminder: merchant' : 'Merchant'} invoice needed: ${pkg.packageNumber}`;
  const url = await mailer.link(pkg.courierId, `/customer/packages?package=${pkg.id}`, db);
  await notifyCustomer(db, {
    courierId: pkg.courierId,
    customerId: pkg.customerId,
    type: 'package_update',
    title: subject,
    body: reason,
    target: { kind: 'package', ref: pkg.packageNumber },
  });
  await sendCustomerEmail(db, mailer, {
    courierId: pkg.courierId,
    customer,
    subject,
    body: [
      `Your package ${pkg.packageNumber} (tracking ${pkg.trackingNumber}) is at our Miami warehouse and on hold: ${reason}.`,
      'Upload the merchant invoice (PDF or a photo of it) on the package in your account; it ships as soon as the invoice is there.',
    ],
    link: { label: 'Upload the invoice', url },
  });
}

/**
 * Asks one customer for the merchant invoices of several parcels held by the same action (an
 * import, an API batch): one e-mail and one feed entry listing them all. One parcel reads as alone.
 */
export async function askForInvoices(db: Db, mailer: Mailer, held: { pkg: PackageRecord; reason: string }[]): Promise<void> {
  const [first] = held;
  if (!first || first.pkg.customerId === null) return;
  if (held.length === 1) return askForInvoice(db, mailer, first.pkg, first.reason);
  const customer = await customerForEmail(db, first.pkg.customerId);
  if (!customer) return;
  const subject = `Merchant invoices needed for ${held.length} packages`;
  const url = await mailer.link(first.pkg.courierId, '/customer/packages', db);
  await notifyCustomer(db, {
    courierId: first.pkg.courierId,
    customerId: first.pkg.customerId,
    type: 'package_update',
    title: subject,
    body: held.map((h) => h.pkg.packageNumber).join(', '),
    target: { kind: 'packages', ref: '' },
  });
  await sendCustomerEmail(db, mailer, {
    courierId: first.pkg.courierId,
    customer,
    subject,
    body: [
      'These packages are at our Miami warehouse and on hold until we have their merchant invoice:',
      ...held.map((h) => `- ${h.pkg.packageNumber} (tracking ${h.pkg.trackingNumber}): ${h.reason}`),
      '',
      'Upload each merchant invoice (PDF or a photo of it) on the package in your account; each ships as soon as its invoice is there.',
    ],
    link: { label: 'Upload the invoices', url },
  });
}
