import { eq, ne } from 'drizzle-orm';

import type { RunSheet } from '@courier/shared/schemas/deliveries';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { drawHeader, drawTable, pageOptions } from '../../lib/pdf/layout';
import type { Letterhead } from '../../lib/pdf/letterhead';
import { renderPdf } from '../../lib/pdf/render';
import { dueOn, openInvoicesOf, requestsWhere } from './delivery-request-queries.service';
import { formatJmd } from '@courier/shared/format/money';

/**
 * A driver's day: the requests scheduled for `date` (not cancelled), in stop order (numbered
 * stops first, then by zone and address), each with its packages and what is still to pay on
 * their invoices, the amount the driver collects there.
 */
export async function runSheet(db: Db, courierId: number, date: string, driverId?: number): Promise<RunSheet> {
  const [courier] = await db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, courierId));
  const found = await requestsWhere(db, [
    eq(deliveryRequests.courierId, courierId),
    eq(deliveryRequests.scheduledDate, date),
    ne(deliveryRequests.status, 'cancelled'),
    driverId === undefined ? undefined : eq(deliveryRequests.driverId, driverId),
  ]);
  const requests = found.sort(
    (a, b) =>
      (a.stopOrder ?? Number.MAX_SAFE_INTEGER) - (b.stopOrder ?? Number.MAX_SAFE_INTEGER) ||
      (a.locationName ?? '').localeCompare(b.locationName ?? '') ||
      (a.address ?? '').localeCompare(b.address ?? '') ||
      a.id - b.id,
  );
  const owed = await openInvoicesOf(
    db,
    requests.flatMap((r) => r.packages.map((p) => p.id)),
  );
  const stops = requests.map((r, i) => {
    const stopInvoices = dueOn(
      owed,
      r.packages.map((p) => p.id),
    );
    return {
      order: i + 1,
      requestId: r.id,
      customerName: r.customerName,
      mailboxNumber: r.mailboxNumber,
      address: r.address ?? '',
      locationName: r.locationName,
      phone: r.phone,
      notes: r.notes,
      driverName: r.driverName,
      status: r.status,
      packages: r.packages.map((p) => p.packageNumber),
      invoices: stopInvoices.map((o) => o.invoiceNo),
      amountDueCents: stopInvoices.reduce((sum, o) => sum + o.balanceCents, 0),
      cashOnDelivery: r.cashOnDelivery,
    };
  });
  return { date, courierName: courier?.name ?? '', stops, totalDueCents: stops.reduce((sum, s) => sum + s.amountDueCents, 0) };
}

const runSheetTitle = (sheet: RunSheet) => `Run sheet ${sheet.date}: ${sheet.stops.length} stop${sheet.stops.length === 1 ? '' : 's'}`;

/** The printable run sheet on the courier's letterhead: one row per stop, in order, with the amount to collect and room to sign. */
export function runSheetPdf(sheet: RunSheet, dateLabel: string, lh: Letterhead): Promise<Buffer> {
  return renderPdf(
    (doc) => {
      drawHeader(doc, lh, {
        title: 'Delivery run sheet',
        lines: [
          dateLabel,
          `${sheet.stops.length} stop${sheet.stops.length === 1 ? '' : 's'}    To collect: ${formatJmd(sheet.totalDueCents)}`,
        ],
      });
      drawTable(
        doc,
        lh,
        [
          { header: '#', width: 22 },
          { header: 'Customer and address' },
          { header: 'Packages', width: 120 },
          { header: 'To collect', width: 100, align: 'right' },
          { header: 'Received by, signature', width: 120 },
        ],
        sheet.stops.map((stop) => {
          const due = formatJmd(stop.amountDueCents);
          // Only a cash-on-delivery zone collects at the door; elsewhere an unpaid stop is not handed over.
          const collect =
            stop.amountDueCents <= 0 ? 'Paid' : stop.cashOnDelivery ? `Collect ${due} (cash)` : `Unpaid ${due}: do not hand over`;
          return {
            cells: [
              String(stop.order),
              [
                `${stop.customerName} (${stop.mailboxNumber})`,
                `${stop.address}${stop.locationName ? ` (${stop.locationName})` : ''}`,
                `Phone: ${stop.phone}${stop.driverName ? `    Driver: ${stop.driverName}` : ''}`,
              ].join('\n'),
              [stop.packages.join(', '), stop.invoices.length ? `Invoices: ${stop.invoices.join(', ')}` : ''].filter(Boolean).join('\n'),
              collect,
              '\n\n__________________',
            ],
            caption: stop.notes ? `Notes: ${stop.notes}` : undefined,
          };
        }),
        { empty: 'No deliveries are scheduled for this date.' },
      );
    },
    // The title (uncompressed in the file) names the date and the number of stops.
    pageOptions(lh, runSheetTitle(sheet), { margin: 40 }),
  );
}
