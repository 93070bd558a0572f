import { type AddressInfo, type Server, createServer } from 'node:net';
import { type APIRequestContext, type Browser, type Page, chromium, expect } from '@playwright/test';
import { CHROMIUM } from '../support/browsers';

/** Steps the warehouse-floor journeys share: the scanner, the loopback printer, pre-alerts, the camera. */

/** A minimal merchant invoice, a real PDF by its bytes. */
export const MERCHANT_INVOICE = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A keyboard-wedge scanner: the characters, then Enter, with no pause. */
export async function gun(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 0 });
  await page.keyboard.press('Enter');
}

/** A loopback label printer: each TCP connection's bytes are one job. */
export async function loopbackPrinter(): Promise<{ server: Server; port: number; jobs: string[] }> {
  const jobs: string[] = [];
  const server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks).toString('utf8'));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, jobs };
}

/** One ZPL label (one ^XA...^XZ) whose Code 128 is the package number. */
export function expectOneLabelOf(job: string, packageNumber: string) {
  expect(job.match(/\^XA/g)).toHaveLength(1);
  expect(job.match(/\^XZ/g)).toHaveLength(1);
  expect(job).toContain(`^BCN,220,N,N,N^FD${packageNumber}^FS`);
}

/** The customer's pre-alert of a tracking number, with the merchant invoice or (to be held) without. */
export async function preAlert(request: APIRequestContext, customer: { authorization: string }, tracking: string, withInvoice: boolean) {
  const res = await request.post('/api/customer/pre-alerts', {
    headers: customer,
    data: { trackingNumber: tracking, merchant: 'Amazon', description: 'Check-in parcel', declaredValueUsdCents: 2500 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: number };
  if (!withInvoice) return id;
  const invoice = await request.post(`/api/customer/pre-alerts/${id}/invoice`, {
    headers: customer,
    multipart: { invoice: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: MERCHANT_INVOICE } },
  });
  expect(invoice.ok(), await invoice.text()).toBe(true);
  return id;
}

/** Chromium with a fake webcam that needs no permission prompt: the station's camera over the desk. */
export function cameraBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  });
}

/** Mean seconds of millisecond samples, two decimals. */
export const meanSeconds = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length) / 1000).toFixed(2);

/** Moves a package through the statuses to ready (its invoice is issued then). */
export async function makeReady(request: APIRequestContext, admin: { authorization: string }, packageId: number) {
  for (const status of ['in_transit', 'at_customs', 'ready_for_pickup']) {
    const moved = await request.post(`/api/packages/${packageId}/status`, { headers: admin, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
}

/** Every line of the customer's latest invoices (a page of 10, 25, 50 or 100), as "description: cents". */
export async function invoiceLinesOf(request: APIRequestContext, customer: { authorization: string }, limit = 50) {
  const res = await request.get(`/api/invoices?limit=${limit}`, { headers: customer });
  expect(res.ok(), await res.text()).toBe(true);
  const list = (await res.json()) as { data: Array<{ invoiceNo: string }> };
  const lines: string[] = [];
  for (const inv of list.data) {
    const one = (await (await request.get(`/api/invoices/${inv.invoiceNo}`, { headers: customer })).json()) as {
      lines: Array<{ description: string; amountCents: number }>;
    };
    lines.push(...one.lines.map((l) => `${l.description}: ${l.amountCents}`));
  }
  return lines;
}
