import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicSite } from '@courier/shared/schemas/public-site';
import { FALLBACK_SITE } from '@/features/public/api/get-public-site';
import { forgetSite } from '@/lib/public-site-store';
import { PricingPage } from './pricing-page';

const SITE: PublicSite = { ...FALLBACK_SITE, courier: { ...FALLBACK_SITE.courier, name: 'Island Ship Express', apiKey: 'ck_isx' } };

function show() {
  vi.stubGlobal('fetch', vi.fn());
  window.__PUBLIC_SITE__ = SITE;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/pricing']}>
        <PricingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.__PUBLIC_SITE__ = undefined;
  forgetSite();
});

describe('Pricing: the duty rate and the estimate agree', () => {
  it("keeps the 20% of the item cost, and says the estimate uses the courier's customs table on CIF", () => {
    show();
    const customs = screen.getByRole('heading', { name: 'Customs duty' }).parentElement;
    expect(customs).toHaveTextContent('20% of the item cost');
    const note = screen.getByTestId('customs-table-note');
    for (const words of [
      "Island Ship Express's customs table",
      'CIF value (cost, insurance, freight',
      'standard compliance fee (SCF)',
      'environmental levy',
      'GCT',
    ])
      expect(note).toHaveTextContent(words);
    expect(screen.getByTestId('calculator-customs-note')).toHaveTextContent("Island Ship Express's customs table: on the CIF value");
  });

  it("shows the customs table's parts when a dutiable item is estimated, as the note says", async () => {
    show();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Weight (lbs)'), '3');
    await user.type(screen.getByLabelText('Item cost (USD)'), '200');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    const result = await screen.findByTestId('calculator-result');
    for (const label of ['Import duty', 'Standard compliance fee (SCF)', 'Environmental levy', 'GCT on import'])
      expect(result).toHaveTextContent(label);
  });
});
