import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PUBLIC_STATS } from '@courier/shared/constants/public-site';
import type { PublicSite } from '@courier/shared/schemas/public-site';
import { FALLBACK_SITE } from '@/features/public/api/get-public-site';
import { forgetSite } from '@/lib/public-site-store';
import { FaqPage } from './faq-page';
import { HomePage } from './home-page';
import { HowItWorksPage } from './how-it-works-page';
import { SiteFooter } from './site-footer';

/** A courier as it is the day it signs up: a name, a branch, and nothing said about itself. */
const NEW_COURIER: PublicSite = {
  ...FALLBACK_SITE,
  courier: { ...FALLBACK_SITE.courier, name: 'Fresh Freight', code: 'FRF', apiKey: 'ck_fresh' },
  branches: [{ name: 'Ocho Rios', address: '1 Main Street', parish: 'St. Ann', phone: null, hours: null }],
};

function show(site: PublicSite, ...pages: Array<() => React.JSX.Element>) {
  vi.stubGlobal('fetch', vi.fn());
  window.__PUBLIC_SITE__ = site;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        {pages.map((Page) => (
          <Page key={Page.name} />
        ))}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.__PUBLIC_SITE__ = undefined;
  forgetSite();
});

describe('the public site claims only what the courier says of itself', () => {
  it('shows a new courier no figures and no shipping schedule it never gave', () => {
    const { container } = show(NEW_COURIER, HomePage, SiteFooter, HowItWorksPage, FaqPage);
    expect(screen.queryByTestId('home-figures')).toBeNull();
    const text = container.textContent ?? '';
    for (const claim of ['5,000+', '100,000+', '150+', 'countries served', 'every week', 'weekly', 'working days', 'JMD 650 for 1 lb']) {
      expect(text).not.toContain(claim);
    }
    // The tagline it has not set is a plain description, not a promise.
    expect(screen.getByText('US to St. Ann package forwarding')).toBeInTheDocument();
  });

  it("shows the courier's own figures and tagline", () => {
    show(
      { ...NEW_COURIER, content: { ...NEW_COURIER.content, tagline: 'Miami to Ocho Rios, twice a week', stats: DEMO_PUBLIC_STATS } },
      HomePage,
    );
    const figures = within(screen.getByTestId('home-figures'));
    expect(figures.getByText('5,000+')).toBeInTheDocument();
    expect(figures.getByText('customers')).toBeInTheDocument();
    expect(figures.getByText('100,000+')).toBeInTheDocument();
    expect(figures.getByText('packages forwarded')).toBeInTheDocument();
    expect(figures.getByText('150+')).toBeInTheDocument();
    expect(figures.getByText('countries served')).toBeInTheDocument();
    expect(screen.getByText('Miami to Ocho Rios, twice a week')).toBeInTheDocument();
  });
});
