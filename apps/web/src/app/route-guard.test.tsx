import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_RETRY_MS, SessionProvider } from '@/lib/session';
import { askEarly, forgetEarly } from '@/lib/early-requests';
import { offlineProfileStore, redirectStore, tokenStore } from '@/lib/storage';
import { demoAdminProfile, demoCustomerProfile, fakeToken } from '@/test/fake-session';
import { RequireAuth } from './route-guard';

const staffProfile = demoAdminProfile({ role: { name: 'courier_admin', permissions: ['settings_edit'] }, permissions: ['settings_edit'] });

const customerProfile = demoCustomerProfile();

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/login', element: <p>customer login</p> },
      { path: '/admin/login', element: <p>admin login</p> },
      { path: '/staff', element: <p>staff home</p> },
      {
        path: '/customer',
        element: (
          <RequireAuth allow={['customer']}>
            <p>customer home</p>
          </RequireAuth>
        ),
      },
      {
        path: '/admin',
        element: <RequireAuth allow={['courier_admin']} />,
        children: [{ path: 'settings', element: <p>admin settings</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  forgetEarly();
  vi.unstubAllGlobals();
  offlineProfileStore.clear();
  tokenStore.clear();
  redirectStore.clear();
});

describe('RequireAuth', () => {
  it('sends a signed-out visitor to the login page of the path and stores the path', async () => {
    const router = renderAt('/admin/settings?tab=rates');
    expect(await screen.findByText('admin login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(redirectStore.get()).toBe('/admin/settings?tab=rates');
  });

  it('keeps the courier’s api_key on the way to the login page', async () => {
    const router = renderAt('/customer?api_key=ck_island_ship_express_test');
    expect(await screen.findByText('customer login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?api_key=ck_island_ship_express_test');
  });

  it('shows the page to an allowed role after loading its profile', async () => {
    tokenStore.set(fakeToken('courier_admin'));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(staffProfile), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/admin/settings');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('admin settings')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/profile', expect.anything());
  });

  it("shows a customer's page in the first render when the profile asked for early is in", async () => {
    tokenStore.set(fakeToken('customer'));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(customerProfile), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    askEarly('/customers/profile');
    await new Promise((r) => setTimeout(r, 20));
    renderAt('/customer');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(await screen.findByText('customer home')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends another role to its own home', async () => {
    tokenStore.set(fakeToken('customer'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(customerProfile), { status: 200 })),
    );
    const router = renderAt('/admin/settings');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends staff opening a customer page to the staff home, still signed in', async () => {
    tokenStore.set(fakeToken('staff'));
    const staff = { ...staffProfile, role: { name: 'staff', permissions: [] }, permissions: [] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(staff), { status: 200 })),
    );
    const router = renderAt('/customer');
    expect(await screen.findByText('staff home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff');
    expect(screen.queryByText('customer home')).toBeNull();
    expect(tokenStore.get()).not.toBeNull();
  });

  it('rides out a passing fault: a 503 and an answer cut off are retried, the page shows', async () => {
    tokenStore.set(fakeToken('courier_admin'));
    const cutOff = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id":'));
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200 },
      );
    const answers = [
      () => new Response(JSON.stringify({ message: 'busy' }), { status: 503 }),
      cutOff,
      () => new Response(JSON.stringify(staffProfile), { status: 200 }),
    ];
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers[Math.min(calls++, answers.length - 1)]?.()),
    );
    renderAt('/admin/settings');
    expect(await screen.findByText('admin settings', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(tokenStore.get()).not.toBeNull();
  });

  it('an outage longer than the retries keeps the session and shows the page once the server answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      tokenStore.set(fakeToken('courier_admin'));
      let serverUp = false;
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          serverUp ? new Response(JSON.stringify(staffProfile), { status: 200 }) : Promise.reject(new TypeError('Failed to fetch')),
        ),
      );
      renderAt('/admin/settings');
      // Every retry fails: nobody is signed out, nothing is sent to the login page.
      await vi.advanceTimersByTimeAsync(3_000);
      expect(tokenStore.get()).not.toBeNull();
      expect(screen.queryByText('admin login')).toBeNull();
      serverUp = true;
      await vi.advanceTimersByTimeAsync(SESSION_RETRY_MS);
      expect(await screen.findByText('admin settings')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('an installed station opened offline shows the page with the last profile of the same token only', async () => {
    const token = fakeToken('courier_admin');
    tokenStore.set(token);
    let serverUp = true;
    const fetchMock = vi.fn(async () =>
      serverUp ? new Response(JSON.stringify(staffProfile), { status: 200 }) : Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/admin/settings');
    expect(await screen.findByText('admin settings')).toBeInTheDocument();
    expect(offlineProfileStore.get(token)).toMatchObject({ firstName: 'Andrea', role: { name: 'courier_admin' } });
    cleanup();

    // The next start has no network: the stored profile opens the page after the retries.
    serverUp = false;
    renderAt('/admin/settings');
    expect(await screen.findByText('admin settings', {}, { timeout: 5_000 })).toBeInTheDocument();
    cleanup();

    // Another token (someone else signed in) never gets that profile: the spinner stays.
    tokenStore.set(fakeToken('courier_admin', 7200).replace('.sig', '.other-signature'));
    renderAt('/admin/settings');
    await new Promise((r) => setTimeout(r, 2_500));
    expect(screen.queryByText('admin settings')).toBeNull();
  });

  it('a refused token fails the check at once: cleared, signed out', async () => {
    tokenStore.set(fakeToken('courier_admin'));
    const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify({ message: 'Invalid or expired token' }), { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/admin/settings');
    expect(await screen.findByText('admin login')).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/profile').length).toBeLessThanOrEqual(2);
  });

  it('an expired token is cleared and treated as signed out', async () => {
    tokenStore.set(fakeToken('courier_admin', -10));
    renderAt('/admin/settings');
    expect(await screen.findByText('admin login')).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
  });
});
