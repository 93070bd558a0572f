import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';

/** Shared steps of the forwarding and billing journeys: new customers, packages received and billed. */

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
export const jmd = (cents: number) => `JMD ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
export const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

export interface NewCustomer {
  email: string;
  token: string;
  mailbox: string;
  branchId: number;
}

/** A new customer of the demo courier (each run its own), registered as the wizard would, with a token and mailbox. */
export async function registerCustomer(
  request: APIRequestContext,
  person: { firstName: string; lastName?: string; referralCode?: string; branchName?: string },
): Promise<NewCustomer> {
  const email = `${person.firstName.toLowerCase()}.${unique()}@example.test`;
  // Each person their own phone and TRN: a referral between accounts sharing either pays nobody.
  const digits = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  const validate = await (await request.get(`/api/couriers/validate/${DEFAULT_API_KEY}`)).json();
  const branches = await (await request.get(`/api/branches/public/${validate.data.id}`)).json();
  // The courier's first branch, unless the journey names the one the customer collects at.
  const chosen = (branches.data as Array<{ id: number; name: string }>).find((b) => b.name === person.branchName) ?? branches.data[0];
  const branchId = chosen.id as number;
  const created = await request.post('/api/customers/register', {
    data: {
      accountType: 'individual',
      title: 'Ms.',
      firstName: person.firstName,
      lastName: person.lastName ?? 'Forwarder',
      email,
      phone: `876-5${digits.slice(0, 2)}-${digits.slice(2, 6)}`,
      password: 'Forwarding#2026',
      trn: `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
      address: '4 Hope Road',
      parish: 'Clarendon',
      city: 'May Pen',
      branchId,
      api_key: DEFAULT_API_KEY,
      ...(person.referralCode ? { referralCode: person.referralCode } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = (await created.json()) as { token: string; customer: { mailboxNumber: string } };
  return { email, token: body.token, mailbox: body.customer.mailboxNumber, branchId };
}

/** Opens pages of this browser context signed in with the token. */
export async function pageAs(page: Page, token: string) {
  // Every document of the page runs it, a printed label's frame too, which has no storage.
  await page.addInitScript((t) => window.localStorage?.setItem('token', t), token);
}

/** A package received at the warehouse for a mailbox (as the check-in screen would). */
export async function receivePackage(
  request: APIRequestContext,
  staffToken: string,
  data: { mailbox?: string; weightLb: number; description?: string; trackingNumber?: string; declaredValueUsdCents?: number },
) {
  const res = await request.post('/api/packages', {
    headers: auth(staffToken),
    data: { ...data, trackingNumber: data.trackingNumber ?? `1ZSVC${unique().slice(-10)}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: number; packageNumber: string; trackingNumber: string; status: string };
}

/** Moves a package through transit and customs to ready for pickup, which bills it. */
export async function makeReady(request: APIRequestContext, adminToken: string, packageId: number) {
  for (const status of ['in_transit', 'at_customs', 'ready_for_pickup']) {
    const moved = await request.post(`/api/packages/${packageId}/status`, { headers: auth(adminToken), data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
}

/** A package of the customer received and made ready: that bills it. The new invoice's number and total. */
export async function billPackage(request: APIRequestContext, adminToken: string, customerToken: string, mailbox: string) {
  const pkg = await receivePackage(request, adminToken, { weightLb: 3, mailbox, description: `Billed ${unique().slice(-6)}` });
  await makeReady(request, adminToken, pkg.id);
  const list = await request.get('/api/invoices?limit=50', { headers: auth(customerToken) });
  const open = ((await list.json()) as { data: Array<{ invoiceNo: string; status: string; totalCents: number; balanceCents: number }> })
    .data;
  const invoice = open.find((i) => i.status === 'unpaid');
  if (!invoice) throw new Error('making the package ready issued no invoice');
  return invoice;
}
