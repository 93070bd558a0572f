import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO } from './auth';

const ADMIN = DEMO.courier_admin;

export interface InvoiceRow {
  invoiceNo: string;
  status: string;
  balanceCents: number;
}

async function openInvoices(request: APIRequestContext, customerToken: string): Promise<InvoiceRow[]> {
  const res = await request.get('/api/invoices?limit=50', { headers: { authorization: `Bearer ${customerToken}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: InvoiceRow[] }).data.filter((i) => i.status === 'unpaid' || i.status === 'partially_paid');
}

/**
 * An invoice of the demo customer with money still to pay. The demo data has one, but journeys
 * run in one database and earlier ones may have paid every invoice: then a new package of the
 * customer is received and made ready, which bills it. Prefers an untouched (unpaid) invoice.
 */
export async function openInvoiceOfDemoCustomer(request: APIRequestContext, customerToken: string): Promise<InvoiceRow> {
  const open = await openInvoices(request, customerToken);
  const found = open.find((i) => i.status === 'unpaid') ?? open[0];
  if (found) return found;
  // Every invoice is paid: a new package of the customer, made ready, is billed (unpaid).
  const login = await request.post('/api/auth/login', { data: ADMIN });
  const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const profile = await request.get('/api/customers/profile', { headers: { authorization: `Bearer ${customerToken}` } });
  const { mailboxNumber } = (await profile.json()) as { mailboxNumber: string };
  const tag = `${Date.now()}`.slice(-10);
  const received = await request.post('/api/packages', {
    headers: admin,
    data: { trackingNumber: `1ZBILL${tag}`, weightLb: 3, mailbox: mailboxNumber, description: `Billed ${tag}` },
  });
  expect(received.ok(), await received.text()).toBe(true);
  const pkg = (await received.json()) as { id: number };
  for (const status of ['in_transit', 'at_customs', 'ready_for_pickup']) {
    const moved = await request.post(`/api/packages/${pkg.id}/status`, { headers: admin, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  const billed = (await openInvoices(request, customerToken))[0];
  if (!billed) throw new Error('making the package ready issued no invoice');
  return billed;
}
