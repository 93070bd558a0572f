import type { Db } from '../../db/client';
import type { packages } from '../../db/schema/packages';
import type { Mailer } from '../../lib/mailer';
import { eq, inArray } from 'drizzle-orm';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import type { OutgoingEmail } from '../../lib/mailer';
import { type DomainEventData, publish } from '../../lib/domain-events';
import { type NotifyCustomerInput, notifyCustomers } from '../notifications/index';
import {
  type BranchForEmail,
  type PackageEmailKind,
  type PackageForEmail,
  composeCustomerEmail,
  groupedPackageText,
  packageEmailText,
} from './package-emails.service';
import { askForInvoices } from './invoice-request.service';

type PackageRecord = typeof packages.$inferSelect;

/** A parcel just held for its merchant invoice, and why. */
export interface InvoiceRequest {
  pkg: PackageRecord & { customerId: number };
  reason: string;
}

/** One package's news: `email: false` when the invoice e-mail of the same moment says it already. */
export interface PackageNotice {
  kind: PackageEmailKind;
  pkg: PackageForEmail & { customerId: number };
  email: boolean;
}

/** One package's move, as `package.status_changed` carries it. */
export type StatusChange = DomainEventData['package.status_changed']['changes'][number];

/**
 * What one bulk action (a manifest shipped or made ready, a bulk status change, an import, a
 * transfer received) changed, held until it ends: its status changes are then published as one
 * `package.status_changed` per courier, whose notice subscriber (status-notice.subscriber.ts)
 * tells each customer once per kind; other notices (the uncollected reminder) are sent the same way.
 */
export class PackageNoticeBatch {
  readonly changes: Array<{ courierId: number; change: StatusChange }> = [];
  /** Notices that are not a status change. */
  readonly items: PackageNotice[] = [];
  add(notice: PackageNotice) {
    this.items.push(notice);
  }
  changed(courierId: number, change: StatusChange) {
    this.changes.push({ courierId, change });
  }
}

/** Package numbers named in one grouped message; the others are counted. */
const NAMED = 3;
const named = (xs: string[]) => xs.slice(0, NAMED).join(', ') + (xs.length > NAMED ? ` and ${xs.length - NAMED} more` : '');

/**
 * Ends a batch: its status changes published (one event per courier, in the caller's
 * transaction: the webhooks and the customers' notices subscribe), then its other notices sent.
 */
export async function sendPackageNotices(db: Db, mailer: Mailer, batch: PackageNoticeBatch): Promise<void> {
  const byCourier = new Map<number, StatusChange[]>();
  for (const { courierId, change } of batch.changes) byCourier.set(courierId, [...(byCourier.get(courierId) ?? []), change]);
  batch.changes.length = 0;
  for (const [courierId, changes] of byCourier) await publish({ db, mailer }, courierId, 'package.status_changed', { changes });
  await sendNotices(db, mailer, batch.items);
  batch.items.length = 0;
}

/** Sends notices: one feed entry, one message per channel and one e-mail per customer per kind. */
export async function sendNotices(db: Db, mailer: Mailer, notices: PackageNotice[]): Promise<void> {
  const groups = new Map<string, PackageNotice[]>();
  for (const n of notices) {
    const key = `${n.pkg.customerId}:${n.kind}`;
    const group = groups.get(key);
    if (group) group.push(n);
    else groups.set(key, [n]);
  }
  await sendGroups(db, mailer, [...groups.values()]);
}

/** Asks for merchant invoices: one request per customer, listing all their parcels held. */
export async function askForInvoicesOf(db: Db, mailer: Mailer, held: InvoiceRequest[]): Promise<void> {
  const requests = new Map<number, InvoiceRequest[]>();
  for (const r of held) requests.set(r.pkg.customerId, [...(requests.get(r.pkg.customerId) ?? []), r]);
  for (const mine of requests.values()) await askForInvoices(db, mailer, mine);
}

/** Rows per statement when the customers and branches of a batch are read. */
const READ_BULK = 1000;

/**
 * The groups' customers and branches read in bulk, then every feed entry (with its push, SMS and
 * WhatsApp) and every e-mail written in bulk: a 1,200-parcel flight is a handful of statements,
 * not several per customer. One package reads as it does alone; several as one grouped message.
 */
async function sendGroups(db: Db, mailer: Mailer, groups: PackageNotice[][]): Promise<void> {
  if (groups.length === 0) return;
  const ids = [...new Set(groups.flatMap((g) => (g[0] ? [g[0].pkg.customerId] : [])))];
  const people = new Map<number, { courierName: string; email: string; firstName: string; mailbox: string; emailOptOuts: string[] }>();
  for (let i = 0; i < ids.length; i += READ_BULK) {
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
      .where(inArray(customers.id, ids.slice(i, i + READ_BULK)));
    for (const { id, ...row } of rows) people.set(id, row);
  }
  const branchIds = [...new Set(groups.flatMap((g) => g.flatMap((n) => (n.pkg.branchId === null ? [] : [n.pkg.branchId]))))];
  const branchById = new Map<number, BranchForEmail>();
  if (branchIds.length > 0) {
    const rows = await db
      .select({ id: branches.id, name: branches.name, address: branches.address, hours: branches.hours })
      .from(branches)
      .where(inArray(branches.id, branchIds));
    for (const { id, ...b } of rows) branchById.set(id, b);
  }
  const links = new Map<number, string>();
  const linkFor = async (courierId: number) => {
    const known = links.get(courierId);
    if (known) return known;
    const url = await mailer.link(courierId, '/customer/packages', db);
    links.set(courierId, url);
    return url;
  };
  const notes: NotifyCustomerInput[] = [];
  const mails: OutgoingEmail[] = [];
  for (const group of groups) {
    const [first] = group;
    const customer = first ? people.get(first.pkg.customerId) : undefined;
    if (!first || !customer) continue;
    const { kind, pkg } = first;
    // An invoice e-mail of the same moment says "ready", unless the customer does not get those.
    const email =
      (group.some((n) => n.email) || customer.emailOptOuts.includes('invoice_issued')) &&
      !customer.emailOptOuts.includes(`package_${kind}`);
    const base = {
      courierId: pkg.courierId,
      customerId: pkg.customerId,
      type: 'package_update' as const,
      event: `package_${kind}` as const,
    };
    if (group.length === 1) {
      const { subject, body } = packageEmailText(kind, pkg, pkg.branchId === null ? undefined : branchById.get(pkg.branchId));
      notes.push({ ...base, title: subject, body: pkg.trackingNumber, target: { kind: 'package', ref: pkg.packageNumber } });
      if (email) mails.push({ courierId: pkg.courierId, ...composeCustomerEmail({ courierId: pkg.courierId, customer, subject, body }) });
      continue;
    }
    const pkgs = group.map((n) => n.pkg);
    const sameBranch = pkgs.every((p) => p.branchId === pkg.branchId);
    const branch = sameBranch && pkg.branchId !== null ? branchById.get(pkg.branchId) : undefined;
    const manifests = new Set(pkgs.map((p) => p.manifestNumber ?? null));
    const manifest = manifests.size === 1 ? (pkg.manifestNumber ?? null) : null;
    const { subject, body } = groupText(kind, pkgs, manifest, branch);
    notes.push({
      ...base,
      title: subject,
      body: named(pkgs.map((p) => p.packageNumber)),
      target: { kind: 'packages', ref: manifest ?? '' },
    });
    if (!email) continue;
    const link = { label: 'See your packages', url: await linkFor(pkg.courierId) };
    mails.push({ courierId: pkg.courierId, ...composeCustomerEmail({ courierId: pkg.courierId, customer, subject, body, link }) });
  }
  await notifyCustomers(db, notes);
  await mailer.enqueueMany(mails, db);
}

/** The subject and lines of one message about several packages of one customer. */
function groupText(
  kind: PackageEmailKind,
  pkgs: PackageForEmail[],
  manifest: string | null,
  branch: BranchForEmail | undefined,
): { subject: string; body: string[] } {
  const n = pkgs.length;
  const list = pkgs.map((p) => `- ${p.packageNumber} (tracking ${p.trackingNumber}${p.description ? `, ${p.description}` : ''})`);
  const at = branch ? ` at our ${branch.name} branch` : '';
  const where = [...(branch?.address ? [`Address: ${branch.address}`] : []), ...(branch?.hours ? [`Opening hours: ${branch.hours}`] : [])];
  switch (kind) {
    case 'received':
    case 'shipped':
      return groupedPackageText(kind, pkgs, manifest);
    case 'ready':
      return {
        subject: `${n} packages ready for pickup${at}`,
        body: [...list, '', ...where, 'Your invoice with the amount due is in your account; you can also ask for home delivery there.'],
      };
    case 'uncollected':
      return {
        subject: `Reminder: ${n} packages are waiting for you`,
        body: [
          ...list,
          '',
          `They have been ready for pickup${at} for more than 15 days.`,
          'An uncollected fee now applies. Please collect them soon or ask for home delivery in your account.',
        ],
      };
  }
}
