import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_SITE } from '@/features/public/api/get-public-site';
import { ContactPage } from './contact-page';

afterEach(() => vi.unstubAllGlobals());

// The schema (and zod) load at the first validation: the field messages must still appear as before.
describe('ContactPage', () => {
  it('shows the field messages, and sends a valid message', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ success: true, id: 1, message: 'sent' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    // The courier's public site comes with the page; the form's own call is what this test counts.
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) =>
      String(url).includes('/public/site')
        ? new Response(JSON.stringify({ ...FALLBACK_SITE, courier: { ...FALLBACK_SITE.courier, apiKey: 'ck_contact_test' } }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : fetchMock(url, init),
    );
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '/contact', element: <ContactPage /> }], { initialEntries: ['/contact'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    // The first validation imports zod: on a loaded machine that alone can take seconds.
    expect(await screen.findByText('Full name is required', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Please choose a subject')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Full name'), 'Ann Brown');
    await user.type(screen.getByLabelText('Email'), 'ann@example');
    await user.selectOptions(screen.getByLabelText('Subject'), 'Package tracking');
    await user.type(screen.getByLabelText('Message'), 'Where is my parcel?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), '.test');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    // The tenant key is the site's the server resolved, never a compiled-in default.
    expect(JSON.parse(String(init.body)).apiKey).toBe('ck_contact_test');
    expect(url).toMatch(/\/api\/public\/contact$/);
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: 'Ann Brown',
      email: 'ann@example.test',
      subject: 'tracking',
      message: 'Where is my parcel?',
    });
  });
});
