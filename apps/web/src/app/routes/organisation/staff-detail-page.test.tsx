import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAFF_MESSAGES } from '@courier/shared/schemas/staff';
import { renderAt, stubApi } from '@/test/fake-api';
import { ResetPasswordDialog } from './staff-detail-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ResetPasswordDialog on a staff member', () => {
  it('refuses a short password in our words and sends nothing, then resets it and closes', async () => {
    const api = stubApi({ 'POST /staff/12/reset-password': { success: true } });
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderAt(<ResetPasswordDialog member={{ id: 12, name: 'Tab Keys' }} open onOpenChange={onOpenChange} />);
    expect(screen.getByText('Set a new password for Tab Keys.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(STAFF_MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(api.changes()).toEqual([]);

    await user.type(screen.getByLabelText('New password'), 'Enough#2026');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.changes()).toEqual([{ method: 'POST', path: '/staff/12/reset-password', body: { password: 'shortEnough#2026' } }]);
  });
});
