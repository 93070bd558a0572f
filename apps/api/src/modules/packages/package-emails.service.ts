import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import type { EmailButton, Mailer, OutgoingEmail } from '../../lib/mailer';
import {
  customerWants,
  type NotifyCustomerInput,
  messageOf,
  notifyCustomer,
  notifyCustomers,
  queueCustomerNotices,
} from '../notifications/index';

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

/**
 * Tells the customer where their package is, in the courier's name (the courier's own SMTP sends
 * it when configured): the feed entry with its push, SMS and WhatsApp notices always, the e-mail
 * unless `email: false` (an invoice e-mail issued at the same moment already says it is ready).
 * Enqueued inside the caller's transaction: no status change, no notice.
 */
export async function enqueuePackageEmail(
  db: Db,
  mailer: Mailer,
  kind: PackageEmailKind,
  pkg: PackageForEmail,
  options: { email?: boolean } = {},
): Promise<void> {
  if (pkg.customerId === null) return;
  const row = await customerForEmail(db, pkg.customerId);
  if (!row) return;
  const branch = await branchForEmail(db, pkg.branchId);
  const { subject, body } = packageEmailText(kind, pkg, branch);
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
  if (options.email !== false && (await customerWants(db, pkg.customerId, `package_${kind}`)))
    await sendCustomerEmail(db, mailer, { courierId: pkg.courierId, customer: row, subject, body });
}

/** The branch a package e-mail names (where to collect it), if the package has one. */
export async function branchForEmail(db: Db, branchId: number | null): Promise<BranchForEmail | undefined> {
  if (branchId === null) return undefined;
  const [branch] = await db
    .select({ name: branches.name, address: branches.address, hours: branches.hours })
    .from(branches)
    .where(eq(branches.id, branchId));
  return branch;
}

export type BranchForEmail = { name: string; address: string | null; hours: string | null };

/** The subject and lines of a package e-mail (the feed entry's title is the subject). */
export function packageEmailText(
  kind: PackageEmailKind,
  pkg: PackageForEmail,
  branch: BranchForEmail | undefined,
): { subject: string; body: string[] } {
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
  return lines[kind];
}

/**
 * The 'received' e-mail and feed entry of many packages at once (an import's batch): the same
 * words as one by one, in a few statements for the whole batch. With `messages: false` the push,
 * SMS and WhatsApp notices are left to `queueReceivedMessages` (once per customer per import).
 */
export async function enqueueReceivedEmails(
  db: Db,
  mailer: Mailer,
  pkgs: PackageForEmail[],
  options: { messages?: boolean } = {},
): Promise<void> {
  await enqueuePackageEmails(db, mailer, 'received', pkgs, options);
}

/** The same for any news that names no branch (received, shipped), for many packages at once. */
export async function enqueuePackageEmails(
  db: Db,
  mailer: Mailer,
  kind: 'received' | 'shipped',
  pkgs: PackageForEmail[],
  options: { messages?: boolean } = {},
): Promise<void> {
  const owned = pkgs.filter((p): p is PackageForEmail & { customerId: number } => p.customerId !== null);
  if (owned.length === 0) return;
  const ids = [...new Set(owned.map((p) => p.customerId))];
  const people = new Map<number, NonNullable<Awaited<ReturnType<typeof customerForEmail>>> & { emailOptOuts: string[] }>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({
        id: customers.id,
        courierName: couriers.name,
        email: customers.email,
        firstName: customers.firstName,
        mailbox: customers.mailboxNumber,
        emailOptOuts: customers.emailOptOuts,
      })
      .from(customers)
      .innerJoin(couriers, eq(couriers.id, customers.courierId))
      .where(inArray(customers.id, ids.slice(i, i + 1000)));
    for (const { id, ...row } of rows) people.set(id, row);
  }
  const notes: NotifyCustomerInput[] = [];
  const mails: OutgoingEmail[] = [];
  for (const pkg of owned) {
    const customer = people.get(pkg.customerId);
    if (!customer) continue;
    const { subject } = packageEmailText(kind, pkg, undefined);
    notes.push({
      courierId: pkg.courierId,
      customerId: pkg.customerId,
      type: 'package_update',
      event: `package_${kind}`,
      title: subject,
      body: pkg.trackingNumber,
      target: { kind: 'package', ref: pkg.packageNumber },
    });
  }
  // One e-mail per customer, however many packages they have in it; one package reads as it does alone.
  const byCustomer = new Map<number, typeof owned>();
  for (const pkg of owned) byCustomer.set(pkg.customerId, [...(byCustomer.get(pkg.customerId) ?? []), pkg]);
  for (const [customerId, mine] of byCustomer) {
    const customer = people.get(customerId);
    const [first] = mine;
    if (!customer || !first || customer.emailOptOuts.includes(`package_${kind}`)) continue;
    const { subject, body } = mine.length === 1 ? packageEmailText(kind, first, undefined) : groupedPackageText(kind, mine, null);
    mails.push({ courierId: first.courierId, ...composeCustomerEmail({ courierId: first.courierId, customer, subject, body }) });
  }
  await notifyCustomers(db, notes, options);
  await mailer.enqueueMany(mails, db);
}

/** The news of several packages at once (received, shipped), listed one a line. */
export function groupedPackageText(
  kind: 'received' | 'shipped',
  pkgs: PackageForEmail[],
  manifest: string | null,
): { subject: string; body: string[] } {
  const n = pkgs.length;
  const list = pkgs.map((p) => `- ${p.packageNumber} (tracking ${p.trackingNumber}${p.description ? `, ${p.description}` : ''})`);
  return kind === 'received'
    ? { subject: `${n} packages received at our Miami warehouse`, body: [...list, '', 'We will let you know when they ship to Jamaica.'] }
    : {
        subject: `${n} packages shipped to Jamaica${manifest ? ` on ${manifest}` : ''}`,
        body: [...list, '', 'We will let you know when they are ready for pickup.'],
      };
}

/** Tracking numbers named in one message; the others are counted. */
const NAMED_IN_SUMMARY = 3;

/**
 * The push, SMS and WhatsApp notice of packages received together (an import, an API batch): one
 * per customer, however many packages they have in it; one package reads as it does alone.
 */
export async function queueReceivedMessages(db: Db, pkgs: PackageForEmail[]): Promise<void> {
  const byCustomer = new Map<number, PackageForEmail[]>();
  for (const p of pkgs) if (p.customerId !== null) byCustomer.set(p.customerId, [...(byCustomer.get(p.customerId) ?? []), p]);
  const messages = [...byCustomer].flatMap(([customerId, mine]) => {
    const [first] = mine;
    if (!first) return [];
    if (mine.length === 1)
      return (
        messageOf({
          courierId: first.courierId,
          customerId,
          type: 'package_update',
          event: 'package_received',
          title: packageEmailText('received', first, undefined).subject,
          body: first.trackingNumber,
          target: { kind: 'package', ref: first.packageNumber },
        }) ?? []
      );
    const more = mine.length - NAMED_IN_SUMMARY;
    const named = (xs: string[]) => xs.slice(0, NAMED_IN_SUMMARY).join(', ') + (more > 0 ? ` and ${more} more` : '');
    return {
      courierId: first.courierId,
      customerId,
      event: 'package_received' as const,
      title: `${mine.length} packages received at our Miami warehouse`,
      body: named(mine.map((p) => p.trackingNumber)),
      path: '/customer/packages',
      ref: named(mine.map((p) => p.packageNumber)),
    };
  });
  await queueCustomerNotices(db, messages);
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

/** The recipient, subject, text and button of a customer e-mail (greeting, lines, link, mailbox, courier). */
export function composeCustomerEmail(mail: CustomerEmail): { to: string; subject: string; text: string; button?: EmailButton } {
  const { customer, body, link } = mail;
  const text = [
    `Hello ${customer.firstName},`,
    '',
    ...body,
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    '',
    `Mailbox: ${customer.mailbox}`,
    '',
    customer.courierName,
  ].join('\n');
  return { to: customer.email, subject: `${customer.courierName}: ${mail.subject}`, text, ...(link ? { button: link } : {}) };
}
