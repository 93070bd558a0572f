import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_EMBED_ORIGINS } from '@courier/shared/constants/public-site';
import { PUBLIC_SITE_MESSAGES } from '@courier/shared/schemas/public-site-settings';
import { fakeApi, renderWithApi, signedInWithFakeApi, slowly, submitTwice } from '@/test/fake-api';
import { EmbedCard } from './embed-card';

/** The embed settings API; a PUT answers after `putDelay` ms, or with `putError`. */
function serve({ putDelay = 0, putError }: { putDelay?: number; putError?: string } = {}) {
  return fakeApi(async ({ method, body }) => {
    if (method !== 'PUT') return { body: { allowedOrigins: ['https://old.example.com'], apiKey: 'ck_island' } };
    await slowly(putDelay);
    if (putError) return { status: 400, body: { message: putError } };
    return { body: { allowedOrigins: (body as { allowedOrigins: string[] }).allowedOrigins, apiKey: 'ck_island' } };
  });
}

const renderCard = () => renderWithApi(<EmbedCard />);

signedInWithFakeApi();

describe('EmbedCard', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the saved origins, one a line', async () => {
    serve();
    renderCard();
    await waitFor(() => expect(screen.getByLabelText('Allowed websites')).toHaveValue('https://old.example.com'));
  });

  it('refuses an address that is not an https origin, and sends nothing', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderCard();
    const origins = await screen.findByLabelText('Allowed websites');
    await waitFor(() => expect(origins).toHaveValue('https://old.example.com'));
    await user.type(origins, '\nhttps://shop.example.com/cart');
    await user.click(screen.getByRole('button', { name: 'Save Allowed Websites' }));
    expect(await screen.findByText(PUBLIC_SITE_MESSAGES.originInvalid)).toBeInTheDocument();
    expect(origins).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PUT')).toEqual([]);
  });

  it(`refuses more than ${MAX_EMBED_ORIGINS} websites, and sends nothing`, async () => {
    const api = serve();
    const user = userEvent.setup();
    renderCard();
    const origins = await screen.findByLabelText('Allowed websites');
    await waitFor(() => expect(origins).toHaveValue('https://old.example.com'));
    await user.clear(origins);
    const many = Array.from({ length: MAX_EMBED_ORIGINS + 1 }, (_, i) => `https://site${i}.example.com`).join(' ');
    await user.type(origins, many);
    await user.click(screen.getByRole('button', { name: 'Save Allowed Websites' }));
    expect(await screen.findByText(PUBLIC_SITE_MESSAGES.tooManyOrigins)).toBeInTheDocument();
    expect(api.sent('PUT')).toEqual([]);
  });

  it('sends the origins normalised and without repeats, once however often Save is pressed', async () => {
    const api = serve({ putDelay: 50 });
    const user = userEvent.setup();
    renderCard();
    const origins = await screen.findByLabelText('Allowed websites');
    await waitFor(() => expect(origins).toHaveValue('https://old.example.com'));
    await user.type(origins, '\nHTTPS://Shop.Example.com/\n  https://old.example.com  ');
    submitTwice(origins);
    expect(await screen.findByText(PUBLIC_SITE_MESSAGES.embedSaved)).toBeInTheDocument();
    expect(api.sent('PUT')).toEqual([
      { url: '/api/settings/embed', method: 'PUT', body: { allowedOrigins: ['https://old.example.com', 'https://shop.example.com'] } },
    ]);
  });

  it("shows the server's refusal under the field", async () => {
    serve({ putError: 'That website is already taken' });
    const user = userEvent.setup();
    renderCard();
    const origins = await screen.findByLabelText('Allowed websites');
    await waitFor(() => expect(origins).toHaveValue('https://old.example.com'));
    await user.click(screen.getByRole('button', { name: 'Save Allowed Websites' }));
    expect(await screen.findByText('That website is already taken')).toBeInTheDocument();
  });
});
