import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import type { Mailer } from '../../lib/mailer';

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
  const [row] = await db
    .select({ courierName: couriers.name, email: customers.email, firstName: customers.firstName, mailbox: customers.mailboxNumber })
    .from(customers)
    .innerJoin(couriers, eq(couriers.id, customers.courierId))
    .where(eq(customers.id, pkg.customerId));
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
  const greeting = `Hello ${row.firstName},`;
  const signature = `${row.courierName}`;
  const text = [greeting, '', ...body, '', `Mailbox: ${row.mailbox}`, '', signature].join('\n');
  const html = `<div style="font-family:Arial,sans-serif;max-width:560px"><h2 style="color:#1d4ed8;margin:0 0 12px">${escapeHtml(row.courierName)}</h2><p>${escapeHtml(greeting)}</p>${body
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('')}<p style="color:#555">Mailbox: ${escapeHtml(row.mailbox)}</p></div>`;
  await mailer.enqueue({ courierId: pkg.courierId, to: row.email, subject: `${row.courierName}: ${subject}`, text, html }, db);
}
