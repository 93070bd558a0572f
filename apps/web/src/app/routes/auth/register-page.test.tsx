import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PARISHES } from '@courier/shared/constants/parishes';
import { AUTH_MESSAGES } from '@courier/shared/schemas/auth-form';
import { getPublicBranches, registerCustomer, validateCourier } from '@/features/auth/api/registration';
import { ApiError } from '@/lib/api-client';
import { lazyToast } from '@/lib/lazy-toast';
import { RegisterPage } from './register-page';

vi.mock('@/features/auth/api/registration', () => ({
  validateCourier: vi.fn(),
  getPublicBranches: vi.fn(),
  registerCustomer: vi.fn(),
}));
vi.mock('@/features/public/api/get-public-site', async (original) => {
  const actual = await original<typeof import('@/features/public/api/get-public-site')>();
  return { ...actual, usePublicSite: () => ({ site: actual.FALLBACK_SITE, loading: false, failed: false }) };
});
const login = vi.fn(async () => undefined);
vi.mock('@/lib/session', () => ({ useSession: () => ({ login }) }));
vi.mock('@/lib/lazy-toast', () => ({ lazyToast: { success: vi.fn(), error: vi.fn() } }));

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/register?api_key=ck_test']}>
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="*" element={<p>Another page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

// The step rules (zod) load at the first validation: on a busy machine that takes a while.
const WAIT = { timeout: 5_000 };
const step = (name: string) => screen.findByRole('group', { name }, WAIT);

beforeEach(() => {
  vi.mocked(validateCourier)
    .mockReset()
    .mockResolvedValue({ success: true, data: { id: 3, name: 'Island Express', logo_url: null } });
  vi.mocked(getPublicBranches)
    .mockReset()
    .mockResolvedValue({
      success: true,
      data: [
        { id: 7, name: 'Kingston' },
        { id: 8, name: 'Montego Bay' },
      ],
    });
  vi.mocked(registerCustomer)
    .mockReset()
    .mockResolvedValue({ token: 'jwt-token' } as Awaited<ReturnType<typeof registerCustomer>>);
  vi.mocked(lazyToast.error).mockReset();
  vi.mocked(lazyToast.success).mockReset();
  login.mockClear();
});

/** Fills steps 2 and 3 of an individual account, ending on the address step. */
async function fillPersonalAndContact(user: ReturnType<typeof userEvent.setup>) {
  await step('Personal Information');
  await user.selectOptions(screen.getByLabelText('Title'), 'Ms.');
  await user.type(screen.getByLabelText('First Name'), 'Ann');
  await user.type(screen.getByLabelText('Last Name'), 'Lee');
  await user.type(screen.getByLabelText('TRN'), '123456789');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await step('Contact Information');
  await user.type(screen.getByLabelText('Email'), ' Ann@Example.TEST ');
  await user.type(screen.getByLabelText('Phone'), '876-555-0100');
  await user.type(screen.getByLabelText('Password'), 'long-secret');
  await user.type(screen.getByLabelText('Confirm Password'), 'long-secret');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await step('Address & Branch');
}

describe('RegisterPage', () => {
  it('says a courier with no open branch is not taking sign-ups yet, instead of a wizard that dead-ends at the branch', async () => {
    vi.mocked(getPublicBranches).mockResolvedValue({ success: true, data: [] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Not taking sign-ups yet' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(AUTH_MESSAGES.notTakingSignUps);
    expect(screen.queryByRole('group', { name: 'Account Type' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('walks the four steps, showing each step’s errors, and registers the customer', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('list', { name: 'Registration progress' }, WAIT)).toBeInTheDocument();
    await step('Account Type');
    expect(validateCourier).toHaveBeenCalledWith('ck_test');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await step('Personal Information');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(AUTH_MESSAGES.titleRequired, {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(lazyToast.error).toHaveBeenCalledWith(AUTH_MESSAGES.stepInvalid);
    await user.type(screen.getByLabelText('First Name'), 'A');
    expect(screen.queryByText(AUTH_MESSAGES.firstNameRequired)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('First Name'));

    await fillPersonalAndContact(user);
    expect(screen.getByRole('option', { name: 'Montego Bay' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(AUTH_MESSAGES.branchRequired, {}, WAIT)).toBeInTheDocument();
    expect(registerCustomer).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Street Address'), '1 Hope Road');
    await user.selectOptions(screen.getByLabelText('Parish'), PARISHES[0]);
    await user.type(screen.getByLabelText('City'), 'Kingston');
    await user.selectOptions(screen.getByLabelText('Branch'), 'Kingston');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() => expect(login).toHaveBeenCalledWith('jwt-token'));
    expect(registerCustomer).toHaveBeenCalledWith(
      expect.objectContaining({
        accountType: 'individual',
        title: 'Ms.',
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.test',
        branchId: 7,
      }),
    );
    expect(lazyToast.success).toHaveBeenCalledWith(AUTH_MESSAGES.registrationSuccess);
  }, 30_000);

  it('asks a business for its name and not for a title', async () => {
    const user = userEvent.setup();
    renderPage();
    await step('Account Type');
    expect(screen.queryByLabelText('Business Name')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Business'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(AUTH_MESSAGES.businessNameRequired, {}, WAIT)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Business Name'), 'Lee Traders');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Personal Information');
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await step('Account Type');
    expect(screen.getByLabelText('Business Name')).toHaveValue('Lee Traders');
  }, 30_000);

  it('shows a server field message on the step that holds the field', async () => {
    const user = userEvent.setup();
    vi.mocked(registerCustomer).mockRejectedValue(
      new ApiError('Please correct the fields', 'http', 422, { email: ['This e-mail already has an account'] }),
    );
    renderPage();
    await step('Account Type');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillPersonalAndContact(user);
    await user.type(screen.getByLabelText('Street Address'), '1 Hope Road');
    await user.selectOptions(screen.getByLabelText('Parish'), PARISHES[0]);
    await user.type(screen.getByLabelText('City'), 'Kingston');
    await user.selectOptions(screen.getByLabelText('Branch'), 'Montego Bay');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await step('Contact Information');
    expect(screen.getByText('This e-mail already has an account')).toBeInTheDocument();
    expect(lazyToast.error).toHaveBeenCalledWith('Please correct the fields');
    expect(login).not.toHaveBeenCalled();
  }, 30_000);

  it('says so when the courier key is unknown', async () => {
    vi.mocked(validateCourier).mockResolvedValue({ success: false, data: null });
    renderPage();
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(AUTH_MESSAGES.courierInvalid);
    expect(screen.queryByRole('group', { name: 'Account Type' })).not.toBeInTheDocument();
  });
});
