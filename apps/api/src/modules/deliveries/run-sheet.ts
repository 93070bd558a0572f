import { eq, ne } from 'drizzle-orm';

import type { RunSheet } from '@courier/shared/schemas/deliveries';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { renderPdf } from '../../lib/pdf/render';
import { dueOn, openInvoicesOf, requestsWhere } from './delivery-request-queries.service';
import { formatAmount } from '@courier/shared/format/money';

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

/** The printable run sheet: one block per stop, in order, with the amount to collect. */
export function runSheetPdf(sheet: RunSheet, dateLabel: string): Promise<Buffer> {
  return renderPdf(
    (doc) => {
      const left = 40;
      const width = doc.page.width - 80;
      doc.font('Helvetica-Bold').fontSize(16).text(sheet.courierName, left, 40);
      doc.fontSize(13).text(`Delivery run sheet: ${dateLabel}`);
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(`${sheet.stops.length} stop${sheet.stops.length === 1 ? '' : 's'}    To collect: JMD ${formatAmount(sheet.totalDueCents)}`);
      doc.moveDown();
      if (sheet.stops.length === 0) doc.text('No deliveries are scheduled for this date.');
      for (const stop of sheet.stops) {
        if (doc.y > doc.page.height - 140) doc.addPage();
        const top = doc.y;
        doc
          .font('Helvetica-Bold')
          .fontSize(11)
          .text(`${stop.order}. ${stop.customerName} (${stop.mailboxNumber})`, left, top, { width: width - 150 });
        // Only a cash-on-delivery zone collects at the door; elsewhere an unpaid stop is not handed over.
        const due = `JMD ${formatAmount(stop.amountDueCents)}`;
        const collect =
          stop.amountDueCents <= 0 ? 'Paid' : stop.cashOnDelivery ? `Collect ${due} (cash)` : `Unpaid ${due}: do not hand over`;
        doc.text(collect, left + width - 150, top, {
          width: 150,
          align: 'right',
        });
        doc.font('Helvetica').fontSize(9.5);
        doc.text(`${stop.address}${stop.locationName ? ` (${stop.locationName})` : ''}`, left, doc.y, { width });
        doc.text(`Phone: ${stop.phone}${stop.driverName ? `    Driver: ${stop.driverName}` : ''}`, { width });
        doc.text(`Packages: ${stop.packages.join(', ')}${stop.invoices.length ? `    Invoices: ${stop.invoices.join(', ')}` : ''}`, {
          width,
        });
        if (stop.notes) doc.text(`Notes: ${stop.notes}`, { width });
        doc.text('Received by: ______________________    Signature: ______________________', { width });
        doc.moveDown(0.4);
        doc
          .moveTo(left, doc.y)
          .lineTo(left + width, doc.y)
          .lineWidth(0.3)
          .strokeColor('#bbbbbb')
          .stroke();
        doc.moveDown(0.6);
      }
    },
    // The title (uncompressed in the file) names the date and the number of stops.
    { size: 'LETTER', margin: 40, info: { Title: runSheetTitle(sheet) } },
  );
}
