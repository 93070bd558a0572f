import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PackageDto } from '@courier/shared/schemas/packages';
import { renderAt, reply, stubApi } from '@/test/fake-api';
import { AssignDialog } from './unknown-packages-page';

const pkg = { id: 41, packageNumber: 'PKG-000041' } as PackageDto;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AssignDialog on Unknown Packages', () => {
  it('asks for the mailbox in our words and sends nothing, then assigns the trimmed mailbox and closes', async () => {
    const api = stubApi({ 'POST /packages/41/assign': { id: 41 }, 'GET /packages/customers': [] });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAt(<AssignDialog pkg={pkg} onClose={onClose} />);

    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Please enter the mailbox number')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mailbox number or name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Please enter the mailbox number')).toBeInTheDocument();
    expect(api.changes()).toEqual([]);

    await user.type(screen.getByLabelText('Mailbox number or name'), 'JXP-10001 ');
    expect(screen.queryByText('Please enter the mailbox number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.changes()).toEqual([{ method: 'POST', path: '/packages/41/assign', body: { mailbox: 'JXP-10001' } }]);
  });

  it("shows the API's refusal under the field and keeps the dialog open", async () => {
    stubApi({ 'POST /packages/41/assign': reply(404, { message: 'No customer has that mailbox number' }), 'GET /packages/customers': [] });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAt(<AssignDialog pkg={pkg} onClose={onClose} />);
    await user.type(screen.getByLabelText('Mailbox number or name'), 'JXP-99999');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('No customer has that mailbox number')).toBeInTheDocument();
    expect(screen.getByLabelText('Mailbox number or name')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });
});
