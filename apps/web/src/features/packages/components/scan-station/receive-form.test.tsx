import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PACKAGE_MESSAGES, type PackageDetail, type ScanLookup } from '@courier/shared/schemas/packages';
import { type FakeAnswer, type SentCall, fakeApi, renderWithApi, signedInWithFakeApi, slowly } from '@/test/fake-api';
import { CUSTOMER_SEARCH_PAUSE_MS } from '../../api/packages';
import { ReceiveForm } from './receive-form';
import { usePhotoCapture } from './use-photo-capture';
import { useReceiveForm } from './use-receive-form';

const LOOKUP = {
  kind: 'tracking',
  trackingNumber: '1Z999AA10123456784',
  carrier: 'UPS',
  customer: null,
  package: null,
  preAlert: null,
} as ScanLookup;

/** The receive form as the Scan screen holds it, opened on a new tracking number. */
function Station({ onReceived, first }: { onReceived: (pkg: PackageDetail | null) => void; first?: PackageDetail }) {
  const form = useReceiveForm();
  const capture = usePhotoCapture();
  const { start } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, as a scan opens it
  useEffect(() => start(LOOKUP, first ? { of: first.pieceCount, first } : undefined), []);
  return (
    <ReceiveForm
      form={form}
      capture={capture}
      canRegister={false}
      onCancel={() => {}}
      onSubmit={async (e) => onReceived(await form.submit(e))}
    />
  );
}

/** Customer searches find no one; the receive answers `onPost`. */
/** The courier's duty: 20% in general, 10% on electronics (its customs rates in force). */
const duty = (tariffClass: string | null, percentBps: number) => ({
  part: 'import_duty',
  tariffClass,
  percentBps,
  amountCents: 0,
  thresholdCents: 0,
  effectiveFrom: '2024-04-01',
  source: 'Jamaica Customs tariff',
});
const RATES = { customsRates: [duty(null, 20_00), duty('electronics', 10_00)] };

const server = (onPost: (call: SentCall) => FakeAnswer) =>
  fakeApi((call) => (call.method !== 'GET' ? onPost(call) : { body: call.url.startsWith('/api/billing/rates') ? RATES : [] }));

signedInWithFakeApi();

describe('the station receive form', () => {
  it('asks for the weight, with the focus on it, and sends nothing', async () => {
    const api = server(() => ({ body: {} }));
    const onReceived = vi.fn();
    renderWithApi(<Station onReceived={onReceived} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Receive package' }));
    await screen.findByText(PACKAGE_MESSAGES.weightRequired);
    expect(screen.getByLabelText('Weight (lb)')).toHaveAccessibleDescription(PACKAGE_MESSAGES.weightRequired);
    expect(screen.getByLabelText('Weight (lb)')).toHaveFocus();
    expect(onReceived).toHaveBeenCalledWith(null);
    expect(api.sent('POST')).toEqual([]);
  });

  it('sends pounds, inches and cents as the API takes them', async () => {
    const api = server(() => ({ body: { id: 9, packageNumber: 'PKG-000009' } }));
    const onReceived = vi.fn();
    renderWithApi(<Station onReceived={onReceived} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Weight (lb)'), '2.5');
    await user.type(screen.getByLabelText(/^Mailbox number/), 'KIN100');
    await user.type(screen.getByLabelText(/^Dimensions/), '12x10x8');
    await user.type(screen.getByLabelText(/^Declared value/), '$45.99');
    await user.selectOptions(screen.getByLabelText('Mode'), 'SEA');
    // The tariff class defaults to general, each labelled with the courier's duty for it.
    expect(screen.getByLabelText(/^Tariff class/)).toHaveValue('general');
    await screen.findByRole('option', { name: 'Electronics (duty 10%)' });
    expect(screen.getByRole('option', { name: 'Books (duty 20%)' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Tariff class/), 'electronics');
    await user.click(screen.getByRole('button', { name: 'Receive package' }));
    await waitFor(() => expect(onReceived).toHaveBeenCalledWith(expect.objectContaining({ packageNumber: 'PKG-000009' })));
    expect(api.sent('POST')).toEqual([
      {
        url: '/api/packages',
        method: 'POST',
        body: {
          trackingNumber: LOOKUP.trackingNumber,
          weightLb: 2.5,
          lengthIn: 12,
          widthIn: 10,
          heightIn: 8,
          mailbox: 'KIN100',
          mode: 'SEA',
          tariffClass: 'electronics',
          declaredValueUsdCents: 4599,
        },
      },
    ]);
  });

  it('shows a refusal from the server under the field it names, keeping what was typed', async () => {
    server(() => ({ status: 400, body: { message: 'Check the fields', fieldErrors: { mailbox: [PACKAGE_MESSAGES.customerNotFound] } } }));
    const onReceived = vi.fn();
    renderWithApi(<Station onReceived={onReceived} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Weight (lb)'), '1');
    await user.type(screen.getByLabelText(/^Mailbox number/), 'NOPE1');
    await user.click(screen.getByRole('button', { name: 'Receive package' }));
    await screen.findByText(PACKAGE_MESSAGES.customerNotFound);
    expect(screen.getByLabelText(/^Mailbox number/)).toHaveAccessibleDescription(
      expect.stringContaining(PACKAGE_MESSAGES.customerNotFound),
    );
    expect(onReceived).toHaveBeenCalledWith(null);
    expect(screen.getByLabelText(/^Mailbox number/)).toHaveValue('NOPE1');
    expect(screen.getByLabelText('Weight (lb)')).toHaveValue('1');
  });

  it('looks the mailbox up once typing pauses, not once per keystroke', async () => {
    const api = server(() => ({ body: {} }));
    renderWithApi(<Station onReceived={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Mailbox number/), 'KIN100');
    await waitFor(() => expect(api.sent('GET').filter((c) => c.url.includes('/packages/customers'))).toHaveLength(1));
    await slowly(CUSTOMER_SEARCH_PAUSE_MS * 2);
    const lookups = api.sent('GET').filter((c) => c.url.includes('/packages/customers'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.url).toContain('q=KIN100');
  });

  it('cancels a lookup still in flight when the mailbox typed changes', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL, init: RequestInit = {}) => {
        const lookup = String(input).includes('/packages/customers');
        if (lookup && init.signal) signals.push(init.signal);
        // A slow server: the first lookup is still running when the next words come.
        if (lookup && signals.length === 1)
          await Promise.race([slowly(10_000), new Promise((r) => init.signal?.addEventListener('abort', r))]);
        return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithApi(<Station onReceived={() => {}} />);
    const user = userEvent.setup();
    const field = await screen.findByLabelText(/^Mailbox number/);
    await user.type(field, 'KIN1');
    await waitFor(() => expect(signals).toHaveLength(1));
    await user.type(field, '00');
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
  });

  it('asks the next box of a shipment only for its weight: merchant, value and mailbox come from the first box', async () => {
    const api = server(() => ({ body: { id: 10, packageNumber: 'PKG-000010' } }));
    const first = {
      id: 9,
      packageNumber: 'PKG-000009',
      trackingNumber: LOOKUP.trackingNumber,
      pieceNumber: 1,
      pieceCount: 3,
      piecesIn: 1,
      mailboxNumber: 'KIN100',
      merchant: 'Amazon',
      description: 'Chairs',
      declaredValueUsdCents: 4599,
    } as PackageDetail;
    const onReceived = vi.fn();
    renderWithApi(<Station onReceived={onReceived} first={first} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Weight (lb)'), '3');
    expect(screen.queryByLabelText(/^Merchant/)).toBeNull();
    expect(screen.queryByLabelText(/^Declared value/)).toBeNull();
    expect(screen.getByText('Amazon')).toBeVisible();
    expect(screen.getByText('USD 45.99')).toBeVisible();
    expect(screen.getByLabelText(/^Mailbox number/)).toHaveValue('KIN100');
    await user.click(screen.getByRole('button', { name: 'Receive package' }));
    await waitFor(() => expect(onReceived).toHaveBeenCalledWith(expect.objectContaining({ packageNumber: 'PKG-000010' })));
    expect(api.sent('POST')[0]?.body).toMatchObject({
      trackingNumber: LOOKUP.trackingNumber,
      weightLb: 3,
      pieceCount: 3,
      mailbox: 'KIN100',
    });
    expect(api.sent('POST')[0]?.body).not.toHaveProperty('merchant');
  });
});
