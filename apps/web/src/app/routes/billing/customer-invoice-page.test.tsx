import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CreditAccount } from '@courier/shared/schemas/account-credit';
import type { InvoiceDetail } from '@courier/shared/schemas/billing';
import { renderAt, signedInWithFakeApi, stubApi } from '@/test/fake-api';
import CustomerInvoicePage from './customer-invoice-page';

const invoice: InvoiceDetail = {
  id: 1,
  courierId: 1,
  courierName: 'Jamaica Express Post',
  timeZone: 'America/Jamaica',
  invoiceNo: 'INV-000123',
  customerId: 5,
  customerName: 'Keisha Brown',
  mailboxNumber: 'JEP-1001',
  status: 'unpaid',
  totalCents: 15_054_75,
  paidCents: 0,
  balanceCents: 15_054_75,
  packageCount: 1,
  issuedAt: '2026-11-20T15:00:00Z',
  customerEmail: 'keisha@example.test',
  branchName: 'Kingston',
  freightCents: 15_054_75,
  discountCents: 0,
  processingCents: 0,
  gctCents: 0,
  customsCents: 0,
  feesCents: 0,
  membershipTier: null,
  voidReason: null,
  voidedAt: null,
  replacesInvoiceNo: null,
  replacedByInvoiceNo: null,
  lines: [{ kind: 'freight', description: 'Freight PKG-1', packageId: 9, amountCents: 15_054_75, fee: null }],
  packages: [
    { id: 9, packageNumber: 'PKG-1', trackingNumber: '1Z999', description: 'Shoes', weightLb: 4 } as InvoiceDetail['packages'][number],
  ],
  customsHistory: [],
  payments: [],
  creditNotes: [],
  creditedCents: 0,
  bankDetails: [],
  collectedAt: null,
  collectorName: null,
};

const account = (balanceCents: number, pendingCouponCode: string | null = null): CreditAccount => ({
  customerId: 5,
  customerName: 'Keisha Brown',
  accountType: 'individual',
  balanceCents,
  timeZone: 'America/Jamaica',
  referralCode: 'KEISHA1',
  referralLink: 'https://example.test/register?ref=KEISHA1',
  referredByName: null,
  pendingCouponCode,
  entries: [],
});

function open(credit: CreditAccount) {
  stubApi({
    'GET /invoices/INV-000123': invoice,
    'GET /invoices/INV-000123/refunds': [],
    'GET /online-payments/availability': { available: true, test: false },
    'GET /account-credit': credit,
  });
  renderAt(<CustomerInvoicePage />, '/customer/invoices/INV-000123', '/customer/invoices/:invoiceNo');
}

describe("the customer's invoice page", () => {
  signedInWithFakeApi();

  it('is headed by the invoice number and status, with the balance due and Pay now together in the invoice', async () => {
    open(account(500_00));
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Invoice INV-000123');
    expect(within(heading).getByTestId('invoice-status')).toHaveTextContent('Unpaid');
    const pay = await screen.findByRole('button', { name: 'Pay now JMD 15,054.75' });
    // Pay now sits beside the balance due, inside the invoice.
    const balance = screen.getByTestId('invoice-balance');
    expect(balance).toHaveTextContent('JMD 15,054.75');
    expect(balance.closest('dl')?.parentElement).toContainElement(pay);
    expect(heading.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Before the lines: on a phone, what is owed and how to pay it come first.
    expect(balance.compareDocumentPosition(screen.getByRole('table', { name: 'Charges' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('folds credit and coupon under the total, closed, and opens on the credit field', async () => {
    const user = userEvent.setup();
    open(account(500_00));
    const summary = await screen.findByText('Use account credit or a coupon');
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    // Under the balance due, not above the invoice.
    const balance = screen.getByTestId('invoice-balance');
    expect(balance.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(summary);
    expect(details.open).toBe(true);
    const form = screen.getByRole('form', { name: 'Use account credit' });
    expect(within(form).getByLabelText('Credit to use (JMD)')).toBeEnabled();
    expect(within(form).getByText('Account credit: JMD 500.00 available')).toBeInTheDocument();
  });

  it('offers only the coupon when there is no credit: no disabled field', async () => {
    open(account(0));
    const summary = await screen.findByText('Use a coupon');
    const form = summary.closest('details')?.querySelector('form') as HTMLFormElement;
    expect(within(form).queryByLabelText('Credit to use (JMD)')).toBeNull();
    expect(within(form).getByLabelText('Coupon code (optional)')).toBeEnabled();
    for (const input of form.querySelectorAll('input')) expect(input).toBeEnabled();
  });

  it('opens the fold when a coupon typed at registration waits to be used', async () => {
    open(account(0, 'WELCOME10'));
    const summary = await screen.findByText('Use a coupon');
    expect((summary.closest('details') as HTMLDetailsElement).open).toBe(true);
    expect(screen.getByLabelText('Coupon code (optional)')).toHaveValue('WELCOME10');
  });
});
