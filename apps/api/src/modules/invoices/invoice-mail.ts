import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';

/** The customer's page of the invoice (amount, lines, Download PDF), as linked from every invoice e-mail. */
export function invoiceLink(db: Db, mailer: Pick<Mailer, 'link'>, courierId: number, invoiceNo: string): Promise<string> {
  return mailer.link(courierId, `/customer/invoices/${encodeURIComponent(invoiceNo)}`, db);
}

/** The closing line of an invoice e-mail: where to see it and download its PDF (db: the caller's transaction, if any). */
export async function invoiceMailLine(db: Db, mailer: Pick<Mailer, 'link'>, courierId: number, invoiceNo: string): Promise<string> {
  return `See the invoice and download it as a PDF: ${await invoiceLink(db, mailer, courierId, invoiceNo)}`;
}
