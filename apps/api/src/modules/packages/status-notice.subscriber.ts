import { and, eq, inArray } from 'drizzle-orm';
import type { PackageStatus } from '@courier/shared/constants/packages';
import { packages } from '../../db/schema/packages';
import { subscriber } from '../../lib/domain-events';
import type { PackageEmailKind, PackageForEmail } from './package-emails.service';
import { isInvoiceHold } from './invoice-request.service';
import { type InvoiceRequest, type PackageNotice, askForInvoicesOf, sendNotices } from './package-notices.service';

/** The moves a customer hears of, and the notice each is. */
const NOTICE_ON: Partial<Record<PackageStatus, PackageEmailKind>> = { in_transit: 'shipped', ready_for_pickup: 'ready' };

/** Packages read per statement: a 1,200-parcel flight is two reads. */
const READ_BULK = 1000;

/** What a notice says of a package (package-emails.service.ts), and whether it is held for its invoice. */
const noticeColumns = {
  id: packages.id,
  courierId: packages.courierId,
  customerId: packages.customerId,
  packageNumber: packages.packageNumber,
  trackingNumber: packages.trackingNumber,
  branchId: packages.branchId,
  description: packages.description,
  holdReason: packages.holdReason,
};

/**
 * A status change tells the package's customer: shipped and ready are news (one notice per
 * customer per kind for all the packages of one action, e-mail included unless an invoice e-mail
 * of the same moment says it; back from a hold is not news), and a hold for the merchant invoice
 * asks for it (one request per customer listing their parcels held).
 */
export const tellStatusNews = subscriber({
  name: 'packages.status-notice',
  on: 'package.status_changed',
  async handle({ db, mailer }, { courierId, data }) {
    const told = data.changes.filter((c) => c.status === 'on_hold' || (NOTICE_ON[c.status] && c.previousStatus !== 'on_hold'));
    if (told.length === 0) return;
    // A notice needs a package's words only; an invoice request its whole row.
    const ids = [...new Set(told.map((c) => c.id))];
    const byId = new Map<number, PackageForEmail & { holdReason: string | null }>();
    for (let i = 0; i < ids.length; i += READ_BULK) {
      const rows = await db
        .select(noticeColumns)
        .from(packages)
        .where(and(eq(packages.courierId, courierId), inArray(packages.id, ids.slice(i, i + READ_BULK))));
      for (const row of rows) byId.set(row.id, row);
    }
    const notices: PackageNotice[] = [];
    const held: number[] = [];
    for (const change of told) {
      const pkg = byId.get(change.id);
      if (!pkg || pkg.customerId === null) continue;
      const kind = NOTICE_ON[change.status];
      if (kind)
        notices.push({ kind, pkg: { ...pkg, customerId: pkg.customerId, manifestNumber: change.manifestNumber }, email: !change.noEmail });
      else if (isInvoiceHold(pkg.holdReason)) held.push(change.id);
    }
    const requests: InvoiceRequest[] = [];
    if (held.length > 0) {
      const rows = await db
        .select()
        .from(packages)
        .where(and(eq(packages.courierId, courierId), inArray(packages.id, held)));
      const whole = new Map(rows.map((row) => [row.id, row]));
      for (const id of held) {
        const pkg = whole.get(id);
        if (pkg && pkg.customerId !== null && isInvoiceHold(pkg.holdReason))
          requests.push({ pkg: { ...pkg, customerId: pkg.customerId }, reason: pkg.holdReason });
      }
    }
    await askForInvoicesOf(db, mailer, requests);
    await sendNotices(db, mailer, notices);
  },
});
