import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import StaffHome from './staff-home';

/** A staff role without dashboard_view lands on its first permitted screen. */

let permissions: string[] = [];
vi.mock('@/lib/session', () => ({
  useSession: () => ({ user: { kind: 'user', role: { name: 'staff', permissions: [] }, permissions } }),
}));
vi.mock('@/app/routes/organisation/dashboard-page', () => ({ DashboardPage: () => <h1>Dashboard</h1> }));

function Landed() {
  return <p>Landed on {useParams().page}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/staff" element={<StaffHome />} />
        <Route path="/staff/dashboard" element={<StaffHome />} />
        <Route path="/staff/:page" element={<Landed />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the staff home', () => {
  beforeEach(() => {
    permissions = [];
  });

  it('shows the dashboard to a role with dashboard_view', () => {
    permissions = ['dashboard_view', 'packages_scan'];
    renderAt('/staff');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it.each(['/staff', '/staff/dashboard'])('sends a role without it from %s to its first permitted screen', (path) => {
    permissions = ['packages_scan', 'packages_view'];
    renderAt(path);
    expect(screen.getByText('Landed on scan')).toBeTruthy();
    expect(screen.queryByText(/You do not have permission/)).toBeNull();
  });
});
