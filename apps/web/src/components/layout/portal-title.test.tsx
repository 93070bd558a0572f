import { render, waitFor } from '@testing-library/react';
import { Home, Package } from 'lucide-react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PortalShell } from './portal-shell';

vi.mock('@/lib/session', () => ({ useSession: () => ({ logout: async () => undefined }) }));

describe('PortalShell title', () => {
  it('names the page under its sidebar item, then the courier', async () => {
    render(
      <MemoryRouter initialEntries={['/customer/packages/PKG-1']}>
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
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.title).toBe('Packages | Jamaica Express Post'));
  });
});
