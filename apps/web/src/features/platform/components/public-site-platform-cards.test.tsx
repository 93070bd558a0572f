import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PLATFORM_MESSAGES } from '@courier/shared/schemas/platform';
import { PUBLIC_SITE_MESSAGES } from '@courier/shared/schemas/public-site-settings';
import { fakeApi, renderWithApi, signedInWithFakeApi, slowly, submitTwice } from '@/test/fake-api';
import { DefaultCourierCard } from './public-site-platform-cards';

/** The default courier and the courier options; a PUT answers after 50 ms. */
function serve(options = [{ id: 1, name: 'Jamaica Express Post', code: 'JXP' }]) {
  return fakeApi(async ({ url, method, body }) => {
    if (url.startsWith('/api/platform/couriers/options')) return { body: options };
    if (method === 'PUT') await slowly();
    const code = method === 'PUT' ? (body as { courierCode: string | null }).courierCode : 'JXP';
    return { body: { courierCode: code, environmentCourierCode: null, effectiveCourierCode: code ?? 'JXP' } };
  });
}

const renderCard = () => renderWithApi(<DefaultCourierCard />);

signedInWithFakeApi();

describe('DefaultCourierCard', () => {
  it('shows the saved courier, and sends the fallback as null', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderCard();
    const select = await screen.findByLabelText('Public site courier');
    await waitFor(() => expect(select).toHaveValue('JXP'));
    await user.selectOptions(select, 'The first active courier');
    await user.click(screen.getByRole('button', { name: 'Save default courier' }));
    expect(await screen.findByText(PUBLIC_SITE_MESSAGES.defaultCourierSaved)).toBeInTheDocument();
    expect(api.sent('PUT')).toEqual([{ url: '/api/platform/default-courier', method: 'PUT', body: { courierCode: null } }]);
  });

  it('sends the chosen code once, however often the form is submitted', async () => {
    const api = serve([
      { id: 1, name: 'Jamaica Express Post', code: 'JXP' },
      { id: 2, name: 'Island Ship', code: 'isl' },
    ]);
    const user = userEvent.setup();
    renderCard();
    const select = await screen.findByLabelText('Public site courier');
    await user.selectOptions(select, 'Island Ship (isl)');
    submitTwice(select);
    expect(await screen.findByText(PUBLIC_SITE_MESSAGES.defaultCourierSaved)).toBeInTheDocument();
    expect(api.sent('PUT')).toEqual([{ url: '/api/platform/default-courier', method: 'PUT', body: { courierCode: 'ISL' } }]);
  });

  it('refuses a code outside the rule, and sends nothing', async () => {
    const api = serve([
      { id: 1, name: 'Jamaica Express Post', code: 'JXP' },
      { id: 3, name: 'Old import', code: 'X' },
    ]);
    const user = userEvent.setup();
    renderCard();
    const select = await screen.findByLabelText('Public site courier');
    await user.selectOptions(select, 'Old import (X)');
    await user.click(screen.getByRole('button', { name: 'Save default courier' }));
    expect(await screen.findByText(PLATFORM_MESSAGES.codeInvalid)).toBeInTheDocument();
    expect(api.sent('PUT')).toEqual([]);
  });
});
