import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicTrack } from '@courier/shared/schemas/public-track';
import type { PackageEvent } from '@courier/shared/schemas/packages';
import { PackageTimeline } from '@/features/packages/components/package-timeline';
import { FALLBACK_SITE } from '@/features/public/api/get-public-site';
import { forgetSite } from '@/lib/public-site-store';
import { TrackPage } from './track-page';

/** One package's steps as the API records them: oldest first. */
const STEPS = [
  { status: 'received', label: 'Received', at: '2026-11-23T14:00:00Z' },
  { status: 'in_transit', label: 'In Transit', at: '2026-11-24T14:00:00Z' },
  { status: 'ready_for_pickup', label: 'Ready for Pickup', at: '2026-11-26T14:00:00Z' },
] as const;
const NEWEST_FIRST = ['Ready for Pickup', 'In Transit', 'Received'];

function renderIn(url: string, ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.__PUBLIC_SITE__ = undefined;
  forgetSite();
});

describe('a package timeline reads newest first on every screen', () => {
  it('on /track', async () => {
    const answer: PublicTrack = { number: '1Z999', status: 'ready_for_pickup', statusLabel: 'Ready for Pickup', timeline: [...STEPS] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    window.__PUBLIC_SITE__ = { ...FALLBACK_SITE, courier: { ...FALLBACK_SITE.courier, apiKey: 'ck_track' } };
    renderIn('/track?number=1Z999', <TrackPage />);
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('p')?.textContent)).toEqual(NEWEST_FIRST);
  });

  it('in the portals', () => {
    const events: PackageEvent[] = STEPS.map((s, i) => ({
      id: i + 1,
      status: s.status,
      fromStatus: i === 0 ? null : (STEPS[i - 1]?.status ?? null),
      note: null,
      branchName: null,
      userName: null,
      createdAt: s.at,
    }));
    renderIn('/customer/packages', <PackageTimeline events={events} showPeople={false} />);
    const steps = within(screen.getByRole('list', { name: 'Package timeline' })).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('p')?.textContent)).toEqual(NEWEST_FIRST);
  });
});
