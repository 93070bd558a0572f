import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// lazy-toast remembers a toast raised for as long as the page lives: each test is a new page.
let lazyToast: typeof import('@/lib/lazy-toast').lazyToast;
let DeferredToaster: typeof import('./deferred-toaster').DeferredToaster;
beforeEach(async () => {
  vi.resetModules();
  ({ lazyToast } = await import('@/lib/lazy-toast'));
  ({ DeferredToaster } = await import('./deferred-toaster'));
});

const toaster = () => screen.queryByRole('region', { name: /Notifications/ });

afterEach(() => window.history.replaceState(null, '', '/'));

describe('DeferredToaster', () => {
  it('on a sign-in page mounts at the first lazyToast, which still shows', async () => {
    window.history.replaceState(null, '', '/register');
    render(<DeferredToaster />);
    // No idle mount there: nothing of sonner runs while the page loads.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(toaster()).toBeNull();
    act(() => lazyToast.error('Courier not found. Reloading page...'));
    // sonner loads with that first toast: on a loaded machine the import alone can take seconds.
    expect(await screen.findByText('Courier not found. Reloading page...', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(toaster()).not.toBeNull();
  });

  it('on a portal page mounts when the browser is idle', async () => {
    window.history.replaceState(null, '', '/customer/dashboard');
    render(<DeferredToaster />);
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });

  it("on a sign-in page also mounts for a toast the page raised before it (the page's effects run first)", async () => {
    window.history.replaceState(null, '', '/admin/login');
    function RaisesAtOnce() {
      useEffect(() => lazyToast.error('Invalid or expired token'), []);
      return null;
    }
    render(
      <>
        <RaisesAtOnce />
        <DeferredToaster />
      </>,
    );
    expect(await screen.findByText('Invalid or expired token', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});
