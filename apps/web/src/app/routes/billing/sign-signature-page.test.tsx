import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELEASE_MESSAGES } from '@courier/shared/domain/release';
import { AUTHORISED_PEOPLE_MESSAGES } from '@courier/shared/schemas/authorised-people';
import { BILLING_MESSAGES, type InvoiceDetail } from '@courier/shared/schemas/billing';
import { renderAt, staffSession, stubApi, stubCanvas } from '@/test/fake-api';
import SignSignaturePage from './sign-signature-page';

const session = staffSession(['invoices_view', 'release_override']);
vi.mock('@/lib/session', () => ({ useSession: () => session, useOptionalSession: () => session }));

const invoice = (balanceCents: number) =>
  ({
    invoiceNo: 'INV-000001',
    status: balanceCents > 0 ? 'partially_paid' : 'paid',
    customerName: 'Ann Brown',
    mailboxNumber: 'JXP-10001',
    balanceCents,
    packages: [{ id: 41, packageNumber: 'PKG-000041', trackingNumber: '1Z', description: null, weightLb: 2.5, status: 'ready_for_pickup' }],
  }) as unknown as InvoiceDetail;

beforeEach(stubCanvas);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sign = () => {
  const pad = screen.getByRole('img', { name: 'Signature box' });
  fireEvent.pointerDown(pad, { clientX: 10, clientY: 10 });
  fireEvent.pointerMove(pad, { clientX: 40, clientY: 20 });
  fireEvent.pointerUp(pad);
};
const open = () => renderAt(<SignSignaturePage />, '/admin/sign-signature/INV-000001', '/admin/sign-signature/:invoiceNumber');

describe('SignSignaturePage collection', () => {
  it('says where each waiting parcel sits', async () => {
    stubApi({
      'GET /collections/INV-000001': {
        invoice: invoice(0),
        canOverride: false,
        shelves: [
          { packageId: 41, packageNumber: 'PKG-000041', shelfCode: 'K-02-1' },
          { packageId: 42, packageNumber: 'PKG-000042', shelfCode: null },
        ],
      },
    });
    open();
    const where = await screen.findByRole('list', { name: 'Where they sit' });
    expect(where).toHaveTextContent('PKG-000041: Shelf K-02-1');
    expect(where).toHaveTextContent('PKG-000042: not put away');
  });

  it('asks for the name and the signature in our words and sends nothing; then records the collection', async () => {
    const api = stubApi({
      'GET /collections/INV-000001': { invoice: invoice(0), canOverride: false },
      'POST /collections/INV-000001': { delivered: 1, message: '1 package collected' },
    });
    const user = userEvent.setup();
    open();

    await user.click(await screen.findByRole('button', { name: 'Sign to confirm collection' }));
    expect(await screen.findByText(BILLING_MESSAGES.collectorRequired)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.signatureRequired)).toBeInTheDocument();
    expect(api.changes()).toEqual([]);

    await user.type(screen.getByLabelText("Collector's name"), ' Ann Brown ');
    sign();
    await user.click(screen.getByRole('button', { name: 'Confirm collection' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 package collected');
    expect(api.changes()).toEqual([
      {
        method: 'POST',
        path: '/collections/INV-000001',
        body: { collectorName: 'Ann Brown', signature: 'data:image/png;base64,iVBORw0KGgo=' },
      },
    ]);
  });

  it('with a balance, waits for the override and its reason before sending it along', async () => {
    const api = stubApi({
      'GET /collections/INV-000001': { invoice: invoice(50_000), canOverride: true },
      'POST /collections/INV-000001': { delivered: 1, message: '1 package collected' },
    });
    const user = userEvent.setup();
    open();

    const confirm = await screen.findByRole('button', { name: 'Sign to confirm collection' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText("Collector's name"), 'Ann Brown');
    sign();
    await user.click(screen.getByLabelText(RELEASE_MESSAGES.overrideLabel));
    await user.click(screen.getByRole('button', { name: 'Confirm collection' }));
    expect(await screen.findByText(RELEASE_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.changes()).toEqual([]);

    await user.type(screen.getByLabelText(RELEASE_MESSAGES.reasonLabel), 'Manager approved');
    await user.click(screen.getByRole('button', { name: 'Confirm collection' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]?.body).toEqual({
      collectorName: 'Ann Brown',
      signature: 'data:image/png;base64,iVBORw0KGgo=',
      allowUnpaid: true,
      overrideReason: 'Manager approved',
    });
  });

  it("lets the clerk pick one of the customer's authorised people and sends them only once their ID is checked", async () => {
    const jane = {
      id: 7,
      name: 'Jane Collector',
      idType: 'passport',
      idNumber: 'A1234567',
      phone: '876 555 0101',
      createdAt: '2026-11-28T00:00:00Z',
    };
    const api = stubApi({
      'GET /collections/INV-000001': { invoice: invoice(0), canOverride: false, authorisedPeople: [jane] },
      'POST /collections/INV-000001': { delivered: 1, message: '1 package collected' },
    });
    const user = userEvent.setup();
    open();

    await user.click(await screen.findByRole('radio', { name: /Jane Collector/ }));
    expect(screen.getByLabelText("Collector's name")).toHaveValue('Jane Collector');
    expect(screen.getByLabelText("Collector's name")).toHaveAttribute('readonly');
    sign();
    await user.click(screen.getByRole('button', { name: 'Confirm collection' }));
    expect(await screen.findByText(AUTHORISED_PEOPLE_MESSAGES.idNotChecked)).toBeInTheDocument();
    expect(api.changes()).toEqual([]);

    await user.click(screen.getByLabelText('I checked their Passport A1234567'));
    await user.click(screen.getByRole('button', { name: 'Confirm collection' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]?.body).toEqual({
      collectorName: 'Jane Collector',
      signature: 'data:image/png;base64,iVBORw0KGgo=',
      authorisedPersonId: 7,
      idChecked: true,
    });
  });
});
