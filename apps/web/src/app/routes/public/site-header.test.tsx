import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { tokenStore } from '@/lib/storage';
import { demoAdminProfile, demoCustomerProfile, fakeToken, renderInSession } from '@/test/fake-session';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const customerProfile = demoCustomerProfile();
const adminProfile = demoAdminProfile();

/** The public layout's header and footer over a few pages; the fake API answers the profile and the logout. */
function renderSite(path: string, signedIn?: 'customer' | 'courier_admin') {
  if (signedIn) tokenStore.set(fakeToken(signedIn));
  const api = fakeApi(({ url }) => {
    if (url.startsWith('/api/customers/profile')) return { body: customerProfile };
    if (url.startsWith('/api/auth/profile')) return { body: adminProfile };
    if (url.startsWith('/api/auth/logout')) return { body: { message: 'Logged out' } };
    return { status: 404, body: { message: 'Not found' } };
  });
  const page = (name: string) => <h1>{name}</h1>;
  const router = renderInSession(
    [
      {
        element: (
          <>
            <SiteHeader />
            <Outlet />
            <SiteFooter />
          </>
        ),
        children: [
          { path: '/', element: page('Home') },
          { path: '/how-it-works', element: page('How it works') },
          { path: '/contact', element: page('Contact') },
          { path: '/privacy', element: page('Privacy Policy') },
        ],
      },
    ],
    path,
  );
  return { router, api };
}

const header = () => screen.getByRole('banner');
const mobileMenu = () => document.getElementById('mobile-menu') as HTMLElement;
/** The desktop part of the header: everything outside the mobile menu. */
const desktopLinks = (name: string) =>
  within(header())
    .queryAllByRole('link', { name })
    .filter((l) => !mobileMenu().contains(l));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the public header signed in: the user menu', () => {
  it('a customer gets their initials, their own pages and Log out, which signs them out', async () => {
    const user = userEvent.setup();
    const { router, api } = renderSite('/contact', 'customer');
    const trigger = await within(header()).findByRole('button', { name: 'Account menu for Kimberly Williams' });
    expect(trigger).toHaveTextContent('KW');
    expect(desktopLinks('Login')).toHaveLength(0);

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/customer/dashboard');
    expect(within(menu).getByRole('menuitem', { name: 'Packages' })).toHaveAttribute('href', '/customer/packages');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/customer/profile');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Panel' })).toBeNull();

    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(desktopLinks('Login')).toHaveLength(1));
    expect(tokenStore.get()).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(api.sent('POST').map((c) => c.url)).toContain('/api/auth/logout');
  });

  it('a courier admin on a phone also gets the Admin Panel in the mobile menu, and Log out there', async () => {
    const user = userEvent.setup();
    const { router } = renderSite('/contact', 'courier_admin');
    await user.click(within(header()).getByRole('button', { name: 'Open menu' }));
    const menu = within(mobileMenu());
    expect(await menu.findByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin/dashboard');
    expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    expect(menu.getByText('AC', { exact: true })).toBeInTheDocument();
    expect(mobileMenu()).toHaveAttribute('data-state', 'open');
    expect(mobileMenu()).not.toHaveAttribute('inert');

    await user.click(menu.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(tokenStore.get()).toBeNull();
    await waitFor(() => expect(mobileMenu()).toHaveAttribute('data-state', 'closed'));
    expect(within(header()).getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(within(mobileMenu()).getByRole('link', { name: 'Login' })).toBeInTheDocument());
  });
});

describe('the public header on a phone: the mobile menu', () => {
  it('opens, and closes on a route change from inside it', async () => {
    const user = userEvent.setup();
    const { router } = renderSite('/');
    expect(mobileMenu()).toHaveAttribute('data-state', 'closed');
    // Closed, it is out of the tab order and hidden from screen readers.
    expect(mobileMenu()).toHaveAttribute('inert');

    await user.click(within(header()).getByRole('button', { name: 'Open menu' }));
    expect(mobileMenu()).toHaveAttribute('data-state', 'open');
    expect(mobileMenu()).not.toHaveAttribute('inert');
    expect(within(header()).getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(mobileMenu()).getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();

    await user.click(within(mobileMenu()).getByRole('link', { name: 'How It Works' }));
    expect(router.state.location.pathname).toBe('/how-it-works');
    expect(mobileMenu()).toHaveAttribute('data-state', 'closed');
    expect(within(header()).getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens with Enter, and Escape closes it and gives the focus back to the toggle', async () => {
    const user = userEvent.setup();
    renderSite('/how-it-works');
    within(header()).getByRole('button', { name: 'Open menu' }).focus();
    await user.keyboard('{Enter}');
    expect(mobileMenu()).toHaveAttribute('data-state', 'open');
    // From a link inside the menu, too.
    await user.tab();
    expect(mobileMenu()).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(mobileMenu()).toHaveAttribute('data-state', 'closed');
    expect(within(header()).getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('closes on a route change from outside it (the footer)', async () => {
    const user = userEvent.setup();
    const { router } = renderSite('/how-it-works');
    await user.click(within(header()).getByRole('button', { name: 'Open menu' }));
    expect(mobileMenu()).toHaveAttribute('data-state', 'open');
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy Policy' }));
    expect(router.state.location.pathname).toBe('/privacy');
    expect(mobileMenu()).toHaveAttribute('data-state', 'closed');
  });
});
