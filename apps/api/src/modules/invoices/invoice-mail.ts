import type { Mailer } from '../../lib/mailer';

/** The customer's page of the invoice (amount, lines, Download PDF), as linked from every invoice e-mail. */
export function invoiceLink(mailer: Pick<Mailer, 'link'>, courierId: number, invoiceNo: string): Promise<string> {
  return mailer.link(courierId, `/customer/invoices/${encodeURIComponent(invoiceNo)}`);
}

/** The closing line of an invoice e-mail: where to see it and download its PDF. */
export async function invoiceMailLine(mailer: Pick<Mailer, 'link'>, courierId: number, invoiceNo: string): Promise<string> {
  return `See the invoice and download it as a PDF: ${await invoiceLink(mailer, courierId, invoiceNo)}`;
}
