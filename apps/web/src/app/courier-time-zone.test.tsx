import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicTrack } from '@courier/shared/schemas/public-track';
import PackagesPage from '@/app/routes/packages/packages-page';
import { PublicLayout } from '@/app/routes/public/public-layout';
import { TrackPage } from '@/app/routes/public/track-page';
import { FALLBACK_SITE } from '@/features/public/api/get-public-site';
import { forgetSite } from '@/lib/public-site-store';
import { tokenStore } from '@/lib/storage';
import { fakeApi } from '@/test/fake-api';
import { demoAdminProfile, fakeToken, renderInSession } from '@/test/fake-session';

/**
 * Every date on a screen is in the courier's time zone (its Company Settings field): the admin's
 * packages list by the signed-in profile's zone, the public tracking page by the site's courier.
 * 2026-11-23 12:00 UTC is Nov 23 in Jamaica (7 AM) and already Nov 24 in Kiritimati (2 AM, UTC+14).
 */
const AT = '2026-11-23T12:00:00Z';
const DAY = { 'America/Jamaica': 'Nov 23, 2026', 'Pacific/Kiritimati': 'Nov 24, 2026' } as const;
type Zone = keyof typeof DAY;
const other = (zone: Zone): Zone => (zone === 'America/Jamaica' ? 'Pacific/Kiritimati' : 'America/Jamaica');

const adminProfile = (timeZone: Zone) =>
  demoAdminProfile({ role: { name: 'courier_admin', permissions: ['packages_view'] }, permissions: ['packages_view'], timeZone });

/** A row of one courier's list: it names no zone of its own (only the super admin's rows do). */
const row = {
  id: 5,
  courierId: 1,
  packageNumber: 'PKG-000005',
  trackingNumber: '1Z999AA10123456784',
  status: 'received',
  holdReason: null,
  customerName: 'Ann Brown',
  mailboxNumber: 'JXP-10001',
  branchName: 'Kingston',
  mode: 'AIR',
  manifestNumber: null,
  weightLb: 2,
  receivedAt: AT,
};

/** Answers a path (without the query) from the table; anything else is an empty list. */
function serve(routes: Record<string, unknown>) {
  fakeApi(({ url }) => ({ body: routes[new URL(url, 'http://localhost').pathname] ?? { data: [], total: 0, page: 1, limit: 25 } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  tokenStore.clear();
  window.__PUBLIC_SITE__ = undefined;
  forgetSite();
});

describe("the courier's time zone on its screens", () => {
  it.each(Object.keys(DAY) as Zone[])('the admin packages list shows the received date in the profile zone: %s', async (zone) => {
    tokenStore.set(fakeToken('courier_admin'));
    serve({ '/api/auth/profile': adminProfile(zone), '/api/packages': { data: [row], total: 1, page: 1, limit: 25 } });
    renderInSession([{ path: '/admin/packages', element: <PackagesPage /> }], '/admin/packages?search=PKG-000005');
    const tr = (await screen.findByText('PKG-000005', undefined, { timeout: 5000 })).closest('tr');
    if (!tr) throw new Error('no row of PKG-000005');
    expect(within(tr).getByText(DAY[zone])).toBeInTheDocument();
    expect(within(tr).queryByText(DAY[other(zone)])).toBeNull();
  });

  it("the public tracking page, to a visitor, shows a step's date in the site's courier zone", async () => {
    const answer: PublicTrack = {
      number: 'PKG-000005',
      status: 'received',
      statusLabel: 'Received',
      timeline: [{ status: 'received', label: 'Received', at: AT }],
    };
    serve({ '/api/public/track/PKG-000005': answer });
    // The layout restores the scroll position, which jsdom does not do.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    window.__PUBLIC_SITE__ = {
      ...FALLBACK_SITE,
      courier: { ...FALLBACK_SITE.courier, apiKey: 'ck_track', timeZone: 'Pacific/Kiritimati' },
    };
    renderInSession([{ element: <PublicLayout />, children: [{ path: '/track', element: <TrackPage /> }] }], '/track?number=PKG-000005');
    const timeline = await screen.findByRole('list', { name: 'Timeline' }, { timeout: 5000 });
    const [step] = within(timeline).getAllByRole('listitem');
    expect(step).toHaveTextContent('Received');
    expect(step).toHaveTextContent(DAY['Pacific/Kiritimati']);
    expect(step).not.toHaveTextContent(DAY['America/Jamaica']);
  });
});
