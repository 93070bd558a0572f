import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Home, Package } from 'lucide-react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalShell } from './portal-shell';

vi.mock('@/lib/session', () => ({ useSession: () => ({ logout: async () => undefined }) }));

function renderPortal() {
  return render(
    <MemoryRouter initialEntries={['/customer/dashboard']}>
      <Routes>
        <Route
          element={
            <PortalShell
              portalName="Customer"
              nav={[
                { label: 'Dashboard', to: '/customer/dashboard', icon: Home },
                { label: 'Packages', to: '/customer/packages', icon: Package },
              ]}
              headerLines={['Jane Brown']}
              logoUrl={null}
              logoAlt="Jamaica Express Post"
            />
          }
        >
          <Route
            path="/customer/dashboard"
            element={
              <>
                <h1>Dashboard</h1>
                <Link to="/customer/packages/PKG-1">Open PKG-1</Link>
              </>
            }
          />
          <Route path="/customer/packages" element={<h1>My packages</h1>} />
          <Route path="/customer/packages/:id" element={<h1>PKG-1</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('PortalShell: keyboard and screen reader', () => {
  it('offers a skip link to the main region first', async () => {
    const user = userEvent.setup();
    renderPortal();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('after a page change moves the focus to the new page heading and announces the page politely', async () => {
    const user = userEvent.setup();
    renderPortal();
    // The first load moves nothing and says nothing.
    expect(screen.getByTestId('page-announcement')).toHaveTextContent('');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).not.toHaveFocus();

    const sidebarLink = screen.getAllByRole('link', { name: /Packages/ })[0] as HTMLElement;
    sidebarLink.focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'My packages' });
    await waitFor(() => expect(heading).toHaveFocus());
    const live = screen.getByTestId('page-announcement');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent('Packages');
  });

  it('has the colour mode switch in the header', () => {
    renderPortal();
    expect(screen.getByRole('button', { name: /^Colour mode/ })).toBeInTheDocument();
  });
});

describe('PortalShell: the sidebar', () => {
  const screenWidth = (wide: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: wide,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  afterEach(() => vi.unstubAllGlobals());

  it('is beside the page on a wide screen', () => {
    screenWidth(true);
    renderPortal();
    expect(screen.getByRole('navigation', { name: 'Customer navigation' })).toBeInTheDocument();
  });

  it('is not rendered on a phone until the menu opens it as a drawer', async () => {
    screenWidth(false);
    const user = userEvent.setup();
    renderPortal();
    expect(screen.queryByRole('navigation', { name: 'Customer navigation' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('navigation', { name: 'Customer navigation' })).toBeInTheDocument();
  });
});
