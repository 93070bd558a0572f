import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session';
import { tokenStore } from '@/lib/storage';
import { stubApi } from '@/test/fake-api';
import { demoCustomerProfile, fakeToken } from '@/test/fake-session';
import { CustomerProfilePage } from './profile-page';

const MAY_PEN = { id: 3, name: 'May Pen' };
const profile = demoCustomerProfile({
  title: 'Ms.',
  phone: '876-555-0100',
  trn: '123-456-789',
  address: '23 Main Street',
  parish: 'Clarendon',
  city: 'May Pen',
  branch: MAY_PEN,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the customer profile page', () => {
  it('shows the mailbox number and the saved pickup branch once the branches are in', async () => {
    stubApi({
      'GET /customers/profile': profile,
      'GET /branches/public/1': { success: true, data: [{ id: 1, name: 'Chapelton' }, MAY_PEN] },
    });
    tokenStore.set(fakeToken('customer'));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionProvider>
          <MemoryRouter initialEntries={['/customer/profile']}>
            <CustomerProfilePage />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(await screen.findByText('JXP-10001')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('combobox', { name: 'Pickup Branch' })).getByRole('option', { selected: true })).toHaveTextContent(
        'May Pen',
      ),
    );
  });
});
