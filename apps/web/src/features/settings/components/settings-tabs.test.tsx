import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_MESSAGES } from '@courier/shared/schemas/settings';
import { tokenStore } from '@/lib/storage';
import { AdditionalFeesTab } from './additional-fees-tab';
import { FileUpload } from './file-upload';
import { PasswordTab } from './password-tab';
import { ProcessingFeesTab } from './processing-fees-tab';
import { SettingsTabs } from './settings-tabs';
import { ShippingRatesTab } from './shipping-rates-tab';

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };

/** Answers the component's calls as the API would, and records them. */
function serve(handler: Handler) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = handler(url, init);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderWith(ui: ReactNode, path = '/admin/settings') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
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

describe('SettingsTabs', () => {
  it('shows the eight fixed tabs in their order, with Fees after Processing Fees and Public site before Password', () => {
    serve(() => ({ status: 200, body: {} }));
    renderWith(<SettingsTabs courierId={1} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Company Settings',
      'Shipping Rates',
      'Additional Fees',
      'Processing Fees',
      'Fees',
      'Bank Transfer Details',
      'Email Configuration',
      'Rate Sheet',
      'Public site',
      'Password',
    ]);
  });

  it('offers the same sections in a select for a phone, which opens the chosen one', async () => {
    serve(() => ({ status: 200, body: {} }));
    renderWith(<SettingsTabs courierId={1} />, '/admin/settings?tab=rate-sheet');
    const select = screen.getByRole('combobox', { name: 'Settings section' });
    expect(select).toHaveValue('rate-sheet');
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(
      screen.getAllByRole('tab').map((t) => t.textContent),
    );
    await userEvent.setup().selectOptions(select, 'Bank Transfer Details');
    expect(screen.getByRole('tab', { name: 'Bank Transfer Details' })).toHaveAttribute('aria-selected', 'true');
    expect(select).toHaveValue('bank-details');
  });

  it('says the courier id is missing instead of calling the API', () => {
    const calls = serve(() => ({ status: 200, body: {} }));
    renderWith(<SettingsTabs courierId={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.courierIdMissing);
    expect(calls).toHaveLength(0);
  });
});

describe('PasswordTab', () => {
  it('shows every validation message of the settings forms', async () => {
    const calls = serve(() => ({ status: 200, body: { success: true } }));
    renderWith(<PasswordTab />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(SETTINGS_MESSAGES.newPasswordRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Current Password'), 'OldPassword1');
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.newPasswordTooShort)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'OldPassword1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'OldPassword1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.passwordMustDiffer)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'NewPassword1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Current password is incorrect' on a 401, keeps the session and what was typed", async () => {
    serve(() => ({ status: 401, body: { message: 'Current password is incorrect' } }));
    renderWith(<PasswordTab />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current Password'), 'WrongPassword');
    await user.type(screen.getByLabelText('New Password'), 'NewPassword1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'NewPassword1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findAllByText(SETTINGS_MESSAGES.currentPasswordIncorrect)).not.toHaveLength(0);
    expect(tokenStore.get()).toBe('header.payload.signature');
    expect(screen.getByLabelText('New Password')).toHaveValue('NewPassword1');
  });

  it('sends the two passwords and confirms the change', async () => {
    const calls = serve(() => ({ status: 200, body: { success: true } }));
    renderWith(<PasswordTab />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current Password'), 'OldPassword1');
    await user.type(screen.getByLabelText('New Password'), 'NewPassword1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'NewPassword1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.passwordSaved)).toBeInTheDocument();
    expect(calls[0]).toEqual({
      url: '/api/users/change-password',
      method: 'PUT',
      body: { current_password: 'OldPassword1', new_password: 'NewPassword1' },
    });
  });
});

describe('AdditionalFeesTab', () => {
  it("titles the form 'Manage Shipping Fees' with its fixed placeholders and refuses GCT 101", async () => {
    const calls = serve(() => ({
      status: 200,
      body: { gct: 0, unknownFee: 0, uncollectedFee: 0, switchingFee: 0, configured: false, fees: [] },
    }));
    renderWith(<AdditionalFeesTab />);
    expect(await screen.findByText('Manage Shipping Fees')).toBeInTheDocument();
    expect(screen.getByLabelText('GCT (%)')).toHaveAttribute('placeholder', '16.5');
    expect(screen.getByLabelText('GCT (%)')).toHaveAttribute('step', '0.1');
    expect(screen.getByLabelText('Unknown Fee (JMD)')).toHaveAttribute('placeholder', '500.00');
    expect(screen.getByLabelText('Uncollected Fee (JMD)')).toHaveAttribute('placeholder', '300.00');
    expect(screen.getByLabelText('Switching Fee (JMD)')).toHaveAttribute('placeholder', '200.00');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('GCT (%)'), '101');
    await user.type(screen.getByLabelText('Unknown Fee (JMD)'), '500');
    await user.type(screen.getByLabelText('Uncollected Fee (JMD)'), '300');
    await user.type(screen.getByLabelText('Switching Fee (JMD)'), '200');
    await user.click(screen.getByRole('button', { name: 'Save Fees' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.gctRange)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('toasts the failure and keeps the values', async () => {
    serve((_url, init) =>
      init.method === 'PUT'
        ? { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } }
        : { status: 200, body: { gct: 16.5, unknownFee: 500, uncollectedFee: 300, switchingFee: 200, configured: true, fees: [] } },
    );
    renderWith(<AdditionalFeesTab />);
    const gct = await screen.findByLabelText('GCT (%)');
    await waitFor(() => expect(gct).toHaveValue(16.5));
    const user = userEvent.setup();
    await user.clear(gct);
    await user.type(gct, '15');
    await user.click(screen.getByRole('button', { name: 'Save Fees' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.additionalFeesFailed)).toBeInTheDocument();
    expect(gct).toHaveValue(15);
    expect(console.error).toHaveBeenCalled();
  });
});

describe('ShippingRatesTab and ProcessingFeesTab', () => {
  it('asks before deleting a shipping rate', async () => {
    const calls = serve((_url, init) =>
      init.method === 'DELETE'
        ? { status: 200, body: { success: true } }
        : { status: 200, body: [{ id: 7, weight: '1', cost: 650, status: 'active', createdAt: '2026-01-02T00:00:00.000Z' }] },
    );
    renderWith(<ShippingRatesTab />);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Shipping rates' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Weight', 'Cost', 'Status', 'Created At', 'Actions']);
    await within(table).findByText('1 lb');
    await user.click(screen.getByRole('button', { name: 'Delete rate for 1' }));
    expect(screen.getByText(SETTINGS_MESSAGES.deleteShippingRate)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/settings/shipping-rates/7')).toBe(true));
  });

  it("refuses a processing fee range without 'to'", async () => {
    const calls = serve(() => ({ status: 200, body: [] }));
    renderWith(<ProcessingFeesTab />);
    const user = userEvent.setup();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Fee' }));
    await user.type(screen.getByLabelText('Weight Range'), '1lb - 10lbs');
    await user.type(screen.getByLabelText('Fee (JMD)'), '300');
    await user.click(screen.getByRole('button', { name: 'Add Fee' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.weightRangeNeedsTo)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('FileUpload', () => {
  it("shows the button only once a file is chosen, and 'Uploading...' while it goes", async () => {
    let finish: () => void = () => {};
    const upload = vi.fn((_file: File, onProgress: (p: number) => void) => {
      onProgress(40);
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    render(<FileUpload label="Logo" accept="image/*" validate={() => null} upload={upload} />);
    expect(screen.queryByRole('button', { name: /upload/i })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Logo'), new File(['x'], 'logo.png', { type: 'image/png' }));
    // The chosen file by name, with Remove: the browser's raw control is hidden.
    expect(screen.getByText('logo.png')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove logo.png' })).toBeInTheDocument();
    expect(screen.getByLabelText('Logo')).toHaveClass('sr-only');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('button', { name: /Uploading\.\.\./ })).toBeDisabled();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    finish();
    await waitFor(() => expect(screen.queryByRole('button', { name: /upload/i })).not.toBeInTheDocument());
  });

  it('shows the validation message and no button for a wrong file', async () => {
    render(<FileUpload label="Logo" accept="image/*" validate={() => SETTINGS_MESSAGES.logoNotImage} upload={vi.fn()} />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Logo'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.logoNotImage);
    expect(screen.queryByRole('button', { name: /upload/i })).not.toBeInTheDocument();
  });
});
