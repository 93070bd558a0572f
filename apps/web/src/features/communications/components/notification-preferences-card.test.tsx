import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_PREFERENCES_SAVED } from '@courier/shared/schemas/notifications';
import { tokenStore } from '@/lib/storage';
import { NotificationPreferencesCard } from './notification-preferences-card';

const ALL_ON = { ticket_answered: true, invoice_issued: true, payment_received: true, delivery_scheduled: true };

function serve(initial: typeof ALL_ON) {
  let stored = { ...initial };
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(String(url)).toContain('/customers/profile/notification-preferences');
      if (init.method === 'PUT') {
        stored = JSON.parse(String(init.body));
        puts.push(stored);
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
  it('shows one switch per optional e-mail with its saved state', async () => {
    serve({ ...ALL_ON, payment_received: false });
    renderCard();
    expect(screen.getByRole('heading', { name: 'Notification preferences' })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Ticket answered' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Invoice issued' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Payment received' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Delivery scheduled' })).toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(4);
    expect(screen.getByText(/Welcome, password and security e-mails are always sent/)).toBeInTheDocument();
  });

  it('switching one off saves all four, with only that one off, and says so', async () => {
    const puts = serve(ALL_ON);
    renderCard();
    await userEvent.click(await screen.findByRole('switch', { name: 'Invoice issued' }));
    await waitFor(() => expect(puts).toEqual([{ ...ALL_ON, invoice_issued: false }]));
    expect(await screen.findByText(EMAIL_PREFERENCES_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Invoice issued' })).not.toBeChecked());
  });
});
