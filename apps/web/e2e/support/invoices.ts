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
 * run in one database and an earlier one may have paid it: then the customer's package at
 * customs is made ready, which bills it. Prefers an untouched (unpaid) invoice.
 */
export async function openInvoiceOfDemoCustomer(request: APIRequestContext, customerToken: string): Promise<InvoiceRow> {
  const open = await openInvoices(request, customerToken);
  const found = open.find((i) => i.status === 'unpaid') ?? open[0];
  if (found) return found;
  const login = await request.post('/api/auth/login', { data: ADMIN });
  const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const search = await request.get('/api/packages?search=784512369874', { headers: admin });
  const pkg = ((await search.json()) as { data: Array<{ id: number }> }).data[0];
  if (!pkg) throw new Error('the demo package at customs is missing');
  const ready = await request.post(`/api/packages/${pkg.id}/status`, { headers: admin, data: { status: 'ready_for_pickup' } });
  expect(ready.ok(), await ready.text()).toBe(true);
  const billed = (await openInvoices(request, customerToken))[0];
  if (!billed) throw new Error('making the package ready issued no invoice');
  return billed;
}
