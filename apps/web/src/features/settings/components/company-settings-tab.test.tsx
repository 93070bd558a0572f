import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCENT_MESSAGES, accentPair } from '@courier/shared/domain/accent';
import { type Courier, GCT_REG_NO_MAX, SETTINGS_MESSAGES } from '@courier/shared/schemas/settings';
import { tokenStore } from '@/lib/storage';
import { CompanySettingsTab } from './company-settings-tab';

const courier: Courier = {
  id: 1,
  name: 'Jamaica Express Post',
  code: 'JXP',
  logo_url: null,
  first_name: 'Ann',
  last_name: 'Reid',
  email: 'office@jamaicaexpress.test',
  shipping_address_air: null,
  shipping_address_sea: null,
  bank_details: null,
  rate_sheet_url: null,
  time_zone: 'America/Jamaica',
  gct_registration_number: '001-234-567',
  paper_size: 'a4',
  accent_color: null,
};

/** Answers GET /couriers/1 and records the PUTs, answering them as the API would. */
function serve() {
  const puts: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      if (init.method === 'PUT') puts.push(body);
      const answer = init.method === 'PUT' ? { ...courier, ...body } : courier;
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return puts;
}

function renderTab(onCourierChanged?: () => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CompanySettingsTab courierId={1} onCourierChanged={onCourierChanged} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  tokenStore.set('header.payload.signature');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CompanySettingsTab: GCT registration number and paper size', () => {
  it('shows the saved values beside the fixed fields, refuses a too long number, and saves both', async () => {
    const puts = serve();
    renderTab();
    const gct = await screen.findByLabelText(/GCT registration number/);
    await waitFor(() => expect(gct).toHaveValue('001-234-567'));
    const paper = screen.getByLabelText(/Paper size/);
    expect(paper).toHaveValue('a4');
    expect([...(paper as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Letter', 'A4']);
    // The fixed Company Settings fields are still there, under their own labels.
    for (const label of ['Courier Name', 'First Name', 'Last Name', 'Email', 'Courier Code']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }

    const user = userEvent.setup();
    await user.clear(gct);
    await user.type(gct, '9'.repeat(GCT_REG_NO_MAX + 1));
    await user.click(screen.getByRole('button', { name: 'Save Company Settings' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.gctRegistrationNumberTooLong)).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await user.clear(gct);
    await user.type(gct, '  123-456-789 ');
    await user.selectOptions(paper, 'Letter');
    await user.click(screen.getByRole('button', { name: 'Save Company Settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ gct_registration_number: '123-456-789', paper_size: 'letter' });
  });
});

describe('CompanySettingsTab: accent colour', () => {
  it('refuses a colour that is not #rrggbb, says which mode shades a colour that fails 4.5:1, and saves it', async () => {
    const puts = serve();
    renderTab();
    const accent = await screen.findByLabelText(/^Accent colour/);
    const user = userEvent.setup();

    await user.type(accent, 'yellow');
    await user.click(screen.getByRole('button', { name: 'Save Company Settings' }));
    expect(await screen.findByText(ACCENT_MESSAGES.invalid)).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await user.clear(accent);
    await user.type(accent, '#FDE047');
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(/too light for text on a light background: the light mode uses #[0-9a-f]{6}/);
    expect(notice).not.toHaveTextContent(/dark mode/);
    // The samples show the shade each mode uses.
    const shade = accentPair('#fde047').light;
    const [lightLink] = screen.getAllByText('Track a package');
    expect(lightLink?.closest('[data-theme-sample]')).toHaveAttribute('data-theme-sample', 'light');
    expect(lightLink).toHaveStyle({ color: shade });

    await user.click(screen.getByRole('button', { name: 'Save Company Settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ accent_color: '#FDE047' });
  });
});

describe('CompanySettingsTab: time zone', () => {
  it('saves the chosen zone and has the portal read its profile again, so every date follows it', async () => {
    const puts = serve();
    const changed = vi.fn();
    renderTab(changed);
    const zone = await screen.findByLabelText(/^Time zone/);
    await waitFor(() => expect(zone).toHaveValue('America/Jamaica'));
    const user = userEvent.setup();
    await user.selectOptions(zone, 'Pacific/Kiritimati');
    await user.click(screen.getByRole('button', { name: 'Save Company Settings' }));
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(puts).toEqual([expect.objectContaining({ time_zone: 'Pacific/Kiritimati' })]);
  });
});
