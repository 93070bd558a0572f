import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '@/lib/storage';
import { PublicSiteTab } from './public-site-tab';

const CONTENT = {
  tagline: null,
  heroTitle: 'Island Ship brings it home',
  heroText: null,
  hours: [{ days: 'Monday - Friday', time: '9:00 AM - 6:00 PM EST' }],
  socialLinks: [],
  faq: [],
  stats: [],
};

function serve() {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      let answer: { status: number; body: unknown } = { status: 404, body: { message: 'Not found' } };
      if (url.startsWith('/api/settings/public-content')) answer = { status: 200, body: method === 'PUT' ? body : CONTENT };
      if (url.startsWith('/api/settings/domains')) answer = { status: 200, body: [] };
      if (url.startsWith('/api/settings/embed'))
        answer = { status: 200, body: { allowedOrigins: method === 'PUT' ? body.allowedOrigins : [], apiKey: 'ck_island' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/settings?tab=public-site']}>
        <PublicSiteTab />
      </MemoryRouter>
      <Toaster />
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

describe('PublicSiteTab', () => {
  it('loads the content, and saves the edited texts and lists (blank text as null)', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderTab();
    const title = await screen.findByLabelText('Hero title');
    expect(title).toHaveValue('Island Ship brings it home');
    expect(screen.getByLabelText('Days 1')).toHaveValue('Monday - Friday');
    await user.type(screen.getByLabelText('Tagline'), 'Miami to Ocho Rios');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.type(screen.getByLabelText('Question 1'), 'Where are you?');
    await user.type(screen.getByLabelText('Answer 1'), 'Ocho Rios.');
    expect(screen.getByText('None: the home page shows no figures.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add figure' }));
    await user.type(screen.getByLabelText('Figure 1'), '1,200+');
    await user.type(screen.getByLabelText('Description 1'), 'parcels a month');
    await user.click(screen.getByRole('button', { name: 'Save Public Site' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT' && c.url.startsWith('/api/settings/public-content'));
    expect(put?.body).toEqual({
      ...CONTENT,
      tagline: 'Miami to Ocho Rios',
      faq: [{ question: 'Where are you?', answer: 'Ocho Rios.' }],
      stats: [{ value: '1,200+', label: 'parcels a month' }],
    });
    expect(await screen.findByText('Public site content saved')).toBeInTheDocument();
  }, 30_000);

  it('refuses an empty FAQ answer without calling the API', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderTab();
    await screen.findByLabelText('Hero title');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.type(screen.getByLabelText('Question 1'), 'Where?');
    await user.click(screen.getByRole('button', { name: 'Save Public Site' }));
    expect(await screen.findByText('Enter the answer')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  }, 30_000);

  it('shows the embed snippet with the api key, copies it, and checks origins before saving', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderTab();
    const snippet = await screen.findByText(/<iframe/);
    expect(snippet.textContent).toContain('/login?api_key=ck_island');
    await user.click(screen.getByRole('button', { name: 'Copy embed code' }));
    expect(writeText).toHaveBeenCalledWith(snippet.textContent);
    const origins = screen.getByLabelText('Allowed websites');
    await user.type(origins, 'http://insecure.example.com');
    await user.click(screen.getByRole('button', { name: 'Save Allowed Websites' }));
    expect(await screen.findByText(/Enter an https origin/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await user.clear(origins);
    await user.type(origins, 'https://www.islandship.test/');
    await user.click(screen.getByRole('button', { name: 'Save Allowed Websites' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ allowedOrigins: ['https://www.islandship.test'] }));
  }, 30_000);
});
