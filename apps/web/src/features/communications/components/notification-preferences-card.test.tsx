import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_CHANNELS_SAVED, type NoticeChannels } from '@courier/shared/schemas/notice-channels';
import { tokenStore } from '@/lib/storage';
import { NotificationPreferencesCard } from './notification-preferences-card';

const INITIAL: NoticeChannels = {
  kinds: [
    { event: 'package_shipped', label: 'Package shipped to Jamaica', channels: ['email', 'push', 'sms', 'whatsapp'] },
    { event: 'invoice_issued', label: 'Invoice issued', channels: ['email', 'push'] },
  ],
  chosen: { package_shipped: ['email', 'push', 'whatsapp'], invoice_issued: ['email'] },
};

function serve(initial: NoticeChannels) {
  let stored = structuredClone(initial);
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(String(url)).toContain('/customers/profile/notice-channels');
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        stored = { ...stored, chosen: { ...stored.chosen, ...body.chosen } };
      }
      return new Response(JSON.stringify(stored), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return puts;
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NotificationPreferencesCard />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => tokenStore.set('header.payload.signature'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('NotificationPreferencesCard', () => {
  it('shows each kind of notice with the channels offered and those chosen', async () => {
    serve(INITIAL);
    renderCard();
    expect(screen.getByRole('heading', { name: 'Notification preferences' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Package shipped to Jamaica by E-mail' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Package shipped to Jamaica by SMS' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Package shipped to Jamaica by WhatsApp' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Invoice issued by Push' })).not.toBeChecked();
    // SMS and WhatsApp are offered only where the courier sends them to a confirmed number.
    expect(screen.queryByRole('checkbox', { name: 'Invoice issued by SMS' })).toBeNull();
    expect(screen.getByText(/Welcome, password and security e-mails are always sent/)).toBeInTheDocument();
  });

  it('saves the choice per kind by keyboard, and says so', async () => {
    const puts = serve(INITIAL);
    renderCard();
    const email = await screen.findByRole('checkbox', { name: 'Package shipped to Jamaica by E-mail' });
    const sms = screen.getByRole('checkbox', { name: 'Package shipped to Jamaica by SMS' });
    await userEvent.click(email);
    await userEvent.click(sms);
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ chosen: { package_shipped: ['push', 'whatsapp', 'sms'], invoice_issued: ['email'] } });
    expect(await screen.findByText(NOTICE_CHANNELS_SAVED)).toBeInTheDocument();
  });
});
