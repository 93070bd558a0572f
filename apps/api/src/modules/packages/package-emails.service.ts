import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import type { Mailer } from '../../lib/mailer';
import { notifyCustomer } from '../notifications/notify.service';

export type PackageEmailKind = 'received' | 'shipped' | 'ready' | 'uncollected';

export interface PackageForEmail {
  courierId: number;
  customerId: number | null;
  packageNumber: string;
  trackingNumber: string;
  branchId: number | null;
  description?: string | null;
  manifestNumber?: string | null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Tells the customer where their package is, in the courier's name (the courier's own SMTP sends
 * it when configured). Enqueued inside the caller's transaction: no status change, no e-mail.
 */
export async function enqueuePackageEmail(db: Db, mailer: Mailer, kind: PackageEmailKind, pkg: PackageForEmail): Promise<void> {
  if (pkg.customerId === null) return;
  const row = await customerForEmail(db, pkg.customerId);
  if (!row) return;
  let branch: { name: string; address: string | null; hours: string | null } | undefined;
  if (pkg.branchId !== null) {
    [branch] = await db
      .select({ name: branches.name, address: branches.address, hours: branches.hours })
      .from(branches)
      .where(eq(branches.id, pkg.branchId));
  }
  const what = `${pkg.packageNumber} (tracking ${pkg.trackingNumber}${pkg.description ? `, ${pkg.description}` : ''})`;
  const lines: Record<PackageEmailKind, { subject: string; body: string[] }> = {
    received: {
      subject: `Package received at our Miami warehouse: ${pkg.packageNumber}`,
      body: [`Your package ${what} has been received at our Miami warehouse.`, 'We will let you know when it ships to Jamaica.'],
    },
    shipped: {
      subject: `Package shipped to Jamaica: ${pkg.packageNumber}`,
      body: [
        `Your package ${what} has shipped to Jamaica${pkg.manifestNumber ? ` on manifest ${pkg.manifestNumber}` : ''}.`,
        'We will let you know when it is ready for pickup.',
      ],
    },
    ready: {
      subject: `Package ready for pickup: ${pkg.packageNumber}`,
      body: [
        `Your package ${what} is ready for pickup${branch ? ` at our ${branch.name} branch` : ''}.`,
        ...(branch?.address ? [`Address: ${branch.address}`] : []),
        ...(branch?.hours ? [`Opening hours: ${branch.hours}`] : []),
        'Your invoice with the amount due is in your account; you can also ask for home delivery there.',
      ],
    },
    uncollected: {
      subject: `Reminder: your package is waiting for you: ${pkg.packageNumber}`,
      body: [
        `Your package ${what} has been ready for pickup${branch ? ` at our ${branch.name} branch` : ''} for more than 15 days.`,
        'An uncollected fee now applies. Please collect it soon or ask for home delivery in your account.',
      ],
    },
  };
  const { subject, body } = lines[kind];
  // Package news is not optional by e-mail; the customer's feed gets it too, linked to the package.
  await notifyCustomer(db, {
    courierId: pkg.courierId,
    customerId: pkg.customerId,
    type: 'package_update',
    event: `package_${kind}`,
    title: subject,
    body: pkg.trackingNumber,
    target: { kind: 'package', ref: pkg.packageNumber },
  });
  await sendCustomerEmail(db, mailer, { courierId: pkg.courierId, customer: row, subject, body });
}

export interface CustomerEmail {
  courierId: number;
  customer: { courierName: string; email: string; firstName: string; mailbox: string };
  subject: string;
  body: string[];
  /** A button-like link under the text, e.g. to the proof of a delivery. */
  link?: { label: string; url: string };
}

/** The customer, as a customer e-mail greets and addresses them, with their courier's name. */
export async function customerForEmail(db: Db, customerId: number) {
  const [row] = await db
    .select({ courierName: couriers.name, email: customers.email, firstName: customers.firstName, mailbox: customers.mailboxNumber })
    .from(customers)
    .innerJoin(couriers, eq(couriers.id, customers.courierId))
    .where(eq(customers.id, customerId));
  return row ?? null;
}

/** One customer e-mail in the courier's name (text and HTML), through the outbox, in the caller's transaction. */
export async function sendCustomerEmail(db: Db, mailer: Mailer, mail: CustomerEmail): Promise<void> {
  await mailer.enqueue({ courierId: mail.courierId, ...composeCustomerEmail(mail) }, db);
}

/** The recipient, subject, text and HTML of a customer e-mail (greeting, lines, link, mailbox, courier). */
export function composeCustomerEmail(mail: CustomerEmail): { to: string; subject: string; text: string; html: string } {
  const { customer, body, link } = mail;
  const greeting = `Hello ${customer.firstName},`;
  const text = [
    greeting,
    '',
    ...body,
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    '',
    `Mailbox: ${customer.mailbox}`,
    '',
    customer.courierName,
  ].join('\n');
  const linkHtml = link ? `<p><a href="${escapeHtml(link.url)}" style="color:#1d4ed8">${escapeHtml(link.label)}</a></p>` : '';
  const html = `<div style="font-family:Arial,sans-serif;max-width:560px"><h2 style="color:#1d4ed8;margin:0 0 12px">${escapeHtml(customer.courierName)}</h2><p>${escapeHtml(greeting)}</p>${body
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('')}${linkHtml}<p style="color:#555">Mailbox: ${escapeHtml(customer.mailbox)}</p></div>`;
  return { to: customer.email, subject: `${customer.courierName}: ${mail.subject}`, text, html };
}
