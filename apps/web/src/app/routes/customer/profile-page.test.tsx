import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session';
import { tokenStore } from '@/lib/storage';
import { stubApi } from '@/test/fake-api';
import { CustomerProfilePage } from './profile-page';

function fakeToken(role: string): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64({ role, type: 'access', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
}

const MAY_PEN = { id: 3, name: 'May Pen' };
const profile = {
  id: 5,
  firstName: 'Kimberly',
  lastName: 'Williams',
  email: 'customer@example.test',
  accountType: 'individual',
  businessName: null,
  title: 'Ms.',
  mailboxNumber: 'JXP-10001',
  phone: '876-555-0100',
  trn: '123-456-789',
  address: '23 Main Street',
  parish: 'Clarendon',
  city: 'May Pen',
  country: 'Jamaica',
  avatarUrl: null,
  branch: MAY_PEN,
  courier: { id: 1, name: 'Jamaica Express Post', code: 'JXP', logo_url: null },
  role: 'customer',
  createdAt: new Date().toISOString(),
};

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
