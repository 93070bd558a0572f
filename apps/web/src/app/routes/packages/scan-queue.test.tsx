import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithApi } from '@/test/fake-api';
import { tokenStore } from '@/lib/storage';
import ScanPage from '@/app/routes/packages/scan-page';

vi.mock('@/lib/session', () => {
  const session = {
    user: { kind: 'user', id: 7, role: { name: 'staff', permissions: [] }, permissions: ['packages_scan', 'packages_edit'] },
  };
  return { useSession: () => session, useOptionalSession: () => null };
});

const lookup = (trackingNumber: string) => ({
  kind: 'tracking',
  customer: null,
  trackingNumber,
  carrier: 'UPS',
  package: null,
  preAlert: null,
});

beforeEach(() => tokenStore.set('header.payload.signature'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the scan station while a receive is saving', () => {
  it('keeps a scan made meanwhile: it is looked up, listed and shown once the receive is done, in order', async () => {
    let saved: (() => void) | undefined;
    const saving = new Promise<void>((resolve) => {
      saved = resolve;
    });
    const api = fakeApi(async ({ url, method, body }) => {
      const u = new URL(url, 'http://localhost');
      if (method === 'GET' && u.pathname === '/api/packages/scan') return { body: lookup(u.searchParams.get('trackingNumber') ?? '') };
      if (method === 'POST' && u.pathname === '/api/packages') {
        await saving;
        const { trackingNumber } = body as { trackingNumber: string };
        return {
          status: 201,
          body: { id: 1, packageNumber: 'PKG-000001', trackingNumber, status: 'unknown', pieceCount: 1, pieceNumber: 1, piecesIn: 1 },
        };
      }
      return { status: 404, body: { message: 'Not here' } };
    });
    const user = userEvent.setup();
    renderWithApi(<ScanPage />);

    // The scan gun types into whatever has the focus, and presses Enter.
    await user.click(screen.getByLabelText('Tracking number'));
    await user.keyboard('1ZFAST0000000001{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Weight (lb)')).toHaveFocus());
    await user.keyboard('2{Enter}');
    await waitFor(() => expect(api.sent('POST')).toHaveLength(1));
    // The next parcel is scanned while the first is still saving.
    await user.keyboard('1ZFAST0000000002{Enter}');
    saved?.();

    await waitFor(() =>
      expect(
        api
          .sent('GET')
          .filter((c) => c.url.includes('/packages/scan'))
          .map((c) => new URL(c.url, 'http://localhost').searchParams.get('trackingNumber')),
      ).toEqual(['1ZFAST0000000001', '1ZFAST0000000002']),
    );
    expect(api.sent('POST')).toHaveLength(1);
    const history = await screen.findByRole('list', { name: 'Last scans' });
    await waitFor(() => expect(history.children).toHaveLength(3));
    // Newest first: the second scan's lookup after the first parcel's receipt, after its lookup.
    expect(history.children[0]).toHaveTextContent('1ZFAST0000000002');
    expect(history.children[1]).toHaveTextContent('Package received: PKG-000001');
    expect(history.children[2]).toHaveTextContent('1ZFAST0000000001');
    expect(await screen.findByText('Receive 1ZFAST0000000002')).toBeInTheDocument();
    // Its form is open with the weight to type next.
    await waitFor(() => expect(screen.getByLabelText('Weight (lb)')).toHaveFocus());
  });
});
