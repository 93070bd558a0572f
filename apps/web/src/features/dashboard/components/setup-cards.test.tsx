import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SetupChecklist } from '@courier/shared/schemas/courier-invitations';
import { FirstCourierCard, SIGN_UPS_CLOSED, SetupChecklistCard } from './setup-cards';

/** The new courier's set-up checklist and the fresh deployment's first step. */

const answers: Record<string, unknown> = {};
vi.mock('@/lib/api-client', () => ({
  api: { get: async (path: string) => answers[path] },
}));

function renderCard(card: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{card}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

/** Waits until the card's call has answered, so "nothing shown" is not just "not loaded yet". */
async function answered(client: QueryClient) {
  await vi.waitFor(() => {
    const queries = client.getQueryCache().getAll();
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((q) => q.state.status === 'success')).toBe(true);
  });
}

const checklist = (done: Partial<Record<SetupChecklist['items'][number]['key'], boolean>>): SetupChecklist => {
  const items = (['logo', 'addresses', 'branches', 'rates', 'fees', 'smtp', 'bank'] as const).map((key) => ({
    key,
    done: done[key] ?? false,
  }));
  return { items, complete: items.every((i) => i.done) };
};

describe('SetupChecklistCard', () => {
  beforeEach(() => {
    for (const key of Object.keys(answers)) delete answers[key];
  });

  it('says the site takes no sign-ups while the courier has no active branch, and not once it has one', async () => {
    answers['/settings/setup-checklist'] = checklist({ logo: true });
    const client = renderCard(<SetupChecklistCard />);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', SIGN_UPS_CLOSED);
    answers['/settings/setup-checklist'] = checklist({ branches: true });
    await client.invalidateQueries();
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('lists every item as a link to its screen, ticked when done', async () => {
    answers['/settings/setup-checklist'] = checklist({ rates: true, bank: true });
    renderCard(<SetupChecklistCard />);
    expect(await screen.findByRole('heading', { name: 'Set up your courier' })).toBeTruthy();
    expect(screen.getByText('2 of 7 done. Finish these so your customers can sign up, ship and pay.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload your logo' }).getAttribute('href')).toBe('/admin/settings?tab=company');
    expect(screen.getByRole('link', { name: 'Connect your e-mail server (SMTP)' }).getAttribute('href')).toBe('/admin/settings?tab=email');
    expect(screen.getByRole('link', { name: 'Set your fees' }).getAttribute('href')).toBe('/admin/settings?tab=additional-fees');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(7);
    expect(items.filter((i) => i.dataset.done === 'true').map((i) => i.textContent)).toEqual([
      'Set your shipping rates(done)',
      'Add your bank transfer details(done)',
    ]);
  });

  it('hides when every item is done', async () => {
    answers['/settings/setup-checklist'] = checklist({
      logo: true,
      addresses: true,
      branches: true,
      rates: true,
      fees: true,
      smtp: true,
      bank: true,
    });
    await answered(renderCard(<SetupChecklistCard />));
    expect(screen.queryByRole('heading', { name: 'Set up your courier' })).toBeNull();
  });
});

describe('FirstCourierCard', () => {
  it('shows on a platform with no courier, with the create and invite links', async () => {
    answers['/platform/couriers/options'] = [];
    renderCard(<FirstCourierCard />);
    expect(await screen.findByRole('heading', { name: 'Create your first courier' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a courier' }).getAttribute('href')).toBe('/superadmin/couriers?new');
    expect(screen.getByRole('link', { name: 'Invite a courier' }).getAttribute('href')).toBe('/superadmin/couriers?invite');
  });

  it('stays away once a courier exists', async () => {
    answers['/platform/couriers/options'] = [{ id: 1, name: 'Jamaica Express Post', code: 'JXP' }];
    await answered(renderCard(<FirstCourierCard />));
    expect(screen.queryByRole('heading', { name: 'Create your first courier' })).toBeNull();
  });
});
