import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformSettingsView } from '@courier/shared/schemas/platform';
import { tokenStore } from '@/lib/storage';
import { PlatformSettingsPage } from './platform-settings-page';

const ENVIRONMENT: PlatformSettingsView['environmentSmtp'] = {
  host: 'smtp.mail-relay.test',
  port: 2525,
  secure: false,
  user: 'relay-user',
  hasPassword: true,
  from: 'Parcel Platform <no-reply@parcels.test>',
};

function serve(settings: PlatformSettingsView) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(settings), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/superadmin/settings']}>
        <PlatformSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const base: PlatformSettingsView = {
  brandName: 'Courier Portal',
  brandLogoUrl: null,
  defaultExchangeRate: 150,
  smtp: null,
  environmentSmtp: null,
};

beforeEach(() => tokenStore.set('header.payload.signature'));
afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('the platform SMTP card', () => {
  it("shows the environment's SMTP in use while none is set here: host, port, from and user", async () => {
    serve({ ...base, environmentSmtp: ENVIRONMENT });
    renderPage();
    const status = await screen.findByTestId('environment-smtp');
    expect(status).toHaveTextContent("In use: the SMTP server set in the server's environment (SMTP_HOST)");
    expect(status).toHaveTextContent('smtp.mail-relay.test:2525');
    expect(status).toHaveTextContent('Parcel Platform <no-reply@parcels.test>');
    expect(status).toHaveTextContent('relay-user');
    // Turning on the platform's own SMTP says it replaces the environment's.
    await userEvent.setup().click(screen.getByLabelText('Send e-mail for couriers without their own SMTP through this server'));
    expect(screen.getByTestId('environment-smtp')).toHaveTextContent(
      "These settings replace the server's environment SMTP (smtp.mail-relay.test:2525).",
    );
  }, 30_000);

  it('says plainly when no SMTP sends at all', async () => {
    serve(base);
    renderPage();
    expect(await screen.findByTestId('environment-smtp')).toHaveTextContent(
      'No platform SMTP: couriers without their own SMTP cannot send e-mail',
    );
  });
});
