import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PACKAGE_MESSAGES, type PackageDetail, type ScanLookup } from '@courier/shared/schemas/packages';
import { type FakeAnswer, type SentCall, fakeApi, renderWithApi, signedInWithFakeApi } from '@/test/fake-api';
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
function Station({ onReceived }: { onReceived: (pkg: PackageDetail | null) => void }) {
  const form = useReceiveForm();
  const capture = usePhotoCapture();
  const { start } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, as a scan opens it
  useEffect(() => start(LOOKUP), []);
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
const server = (onPost: (call: SentCall) => FakeAnswer) => fakeApi((call) => (call.method === 'GET' ? { body: [] } : onPost(call)));

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
});
