import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '@/app/route-guard';
import { redirectStore, tokenStore } from '@/lib/storage';
import { fakeApi } from '@/test/fake-api';
import { demoCustomerProfile, fakeToken, renderInSession } from '@/test/fake-session';
import { authRoutes } from './routes';

const customerProfile = demoCustomerProfile();

/** The real sign-in and registration routes, with the customer portal's pages as placeholders behind the guard. */
function renderApp(path: string) {
  const token = fakeToken('customer');
  const api = fakeApi(({ url }) => {
    if (url.startsWith('/api/customers/login')) return { body: { token, customer: customerProfile } };
    if (url.startsWith('/api/customers/profile')) return { body: customerProfile };
    return { status: 404, body: { message: 'Not found' } };
  });
  const customerPage = (name: string) => (
    <RequireAuth allow={['customer']}>
      <h1>{name}</h1>
    </RequireAuth>
  );
  const router = renderInSession(
    [
      ...authRoutes,
      { path: '/customer/dashboard', element: customerPage('Customer dashboard') },
      { path: '/customer/profile', element: customerPage('My Profile') },
    ],
    path,
  );
  return { router, api, token };
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
  redirectStore.clear();
});

describe('sign-in pages and the signed-in', () => {
  for (const path of ['/login', '/register', '/admin/login']) {
    it(`a signed-in customer opening ${path} goes to their dashboard, not the form`, async () => {
      tokenStore.set(fakeToken('customer'));
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Customer dashboard' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/customer/dashboard');
      expect(screen.queryByLabelText('Password', { exact: true })).toBeNull();
    });
  }

  it('a deep link opened signed out comes back after the customer signs in', async () => {
    const user = userEvent.setup();
    const { router, token } = renderApp('/customer/profile');
    const email = await screen.findByLabelText('Email');
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem('redirectAfterLogin')).toBe('/customer/profile');

    await user.type(email, 'customer@example.test');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Customer#2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customer/profile');
    expect(tokenStore.get()).toBe(token);
  });
});
