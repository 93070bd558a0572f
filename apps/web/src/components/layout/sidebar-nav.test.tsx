import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STAFF_SIDEBAR } from '@courier/shared/constants/permissions';
import { ADMIN_NAV } from '@/app/routes/admin/admin-layout';
import { CUSTOMER_NAV } from '@/app/routes/customer/customer-layout';
import { staffNav } from '@/app/routes/staff/staff-layout';
import { SUPERADMIN_NAV } from '@/app/routes/superadmin/superadmin-layout';
import type { SessionUser } from '@/lib/session';
import { type NavItem, SidebarNav } from './sidebar-nav';

function renderSidebar(nav: NavItem[], at = '/admin/dashboard', portalName = 'Admin') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <nav aria-label="Test navigation">
        <SidebarNav portalName={portalName} nav={nav} footer={<button type="button">Log out</button>} />
      </nav>
    </MemoryRouter>,
  );
}

const linkNames = () => screen.getAllByRole('link').map((l) => l.textContent);

function staffUser(permissions: string[]): SessionUser {
  return {
    id: 1,
    kind: 'user',
    firstName: 'Tanisha',
    lastName: 'Brown',
    first_name: 'Tanisha',
    last_name: 'Brown',
    email: 't@example.test',
    username: null,
    avatarUrl: null,
    phone: null,
    role: { name: 'staff', permissions },
    permissions: [],
    courier: null,
    branch: null,
    impersonated: false,
    timeZone: 'America/Jamaica',
  };
}

describe('the grouped sidebar', () => {
  it('keeps every label of each portal, word for word, in labelled sections', () => {
    for (const [nav, portal] of [
      [ADMIN_NAV, 'Admin'],
      [SUPERADMIN_NAV, 'Super admin'],
      [CUSTOMER_NAV, 'Customer'],
    ] as const) {
      const { unmount } = renderSidebar(nav, '/x', portal);
      expect(linkNames().sort()).toEqual(nav.map((i) => i.label).sort());
      unmount();
    }
    renderSidebar(ADMIN_NAV);
    expect(screen.getAllByRole('group').map((g) => g.querySelector('button')?.textContent)).toEqual([
      'Operations',
      'Customers',
      'Billing',
      'Support',
      'Organisation',
    ]);
    const operations = screen.getByRole('group', { name: 'Operations' });
    expect(within(operations).getByRole('link', { name: 'Maniefest' })).toHaveAttribute('href', '/admin/maniefest');
    expect(
      within(screen.getByRole('group', { name: 'Billing' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Invoices', 'Payments', 'Reports']);
    // Settings is pinned below the sections, beside Log out, never folded away.
    const settings = screen.getByRole('link', { name: 'Settings' });
    expect(settings.closest('[role="group"]')).toBeNull();
  });

  it('folds a section and remembers it for the next visit', () => {
    const first = renderSidebar(ADMIN_NAV);
    fireEvent.click(screen.getByRole('button', { name: 'Organisation' }));
    expect(screen.getByRole('button', { name: 'Organisation' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Roles' })).toBeNull();
    first.unmount();
    renderSidebar(ADMIN_NAV);
    expect(screen.queryByRole('link', { name: 'Roles' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Settings' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Organisation' }));
    expect(screen.getByRole('link', { name: 'Roles' })).toBeVisible();
  });

  it('unfolds the section of the page the person lands on', () => {
    window.localStorage.setItem('sidebar-collapsed:Admin', JSON.stringify(['Billing']));
    renderSidebar(ADMIN_NAV, '/admin/invoices');
    expect(screen.getByRole('button', { name: 'Billing' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps the staff permission gating: only permitted items, and no empty sections', () => {
    renderSidebar(staffNav(staffUser(['dashboard_view', 'packages_view', 'invoices_view', 'settings_view'])), '/staff/dashboard', 'Staff');
    // Consolidations and the parcels on their way to the warehouse follow the packages permission.
    expect(linkNames()).toEqual(['Dashboard', 'Packages', 'Consolidations', 'On the way', 'Invoices', 'Settings']);
    expect(screen.getAllByRole('group').map((g) => g.querySelector('button')?.textContent)).toEqual(['Operations', 'Billing']);
    expect(screen.queryByRole('button', { name: 'Organisation' })).toBeNull();
  });

  it('lists every staff label with every permission', () => {
    renderSidebar(staffNav(staffUser(STAFF_SIDEBAR.map((i) => i.permission))), '/staff/dashboard', 'Staff');
    // The fixed sidebar labels, and the forwarding services' and carrier tracking's screens after them.
    expect(linkNames().sort()).toEqual(
      [...STAFF_SIDEBAR.map((i) => i.label), 'Consolidations', 'Transfers', 'Shop For Me', 'On the way'].sort(),
    );
  });
});
