import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELEASE_MESSAGES } from '@courier/shared/domain/release';
import { DELIVERY_MESSAGES, type DeliveryRequestDto } from '@courier/shared/schemas/deliveries';
import { renderAt, stubApi } from '@/test/fake-api';
import { DispatchOverrideDialog, ScheduleDialog } from './delivery-requests-page';

const request = {
  id: 9,
  customerName: 'Ann Brown',
  mailboxNumber: 'JXP-10001',
  preferredDate: '2099-03-02',
  status: 'requested',
} as DeliveryRequestDto;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ScheduleDialog', () => {
  it('asks for the date and the driver and a whole stop number in our words, sending nothing; then schedules', async () => {
    const api = stubApi({
      'GET /delivery-drivers': [{ id: 5, name: 'Dwayne Driver' }],
      'POST /delivery-requests/9/status': { ...request, status: 'scheduled' },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAt(<ScheduleDialog request={request} onClose={onClose} />);
    expect(screen.getByLabelText('Delivery date')).toHaveValue('2099-03-02');

    await user.clear(screen.getByLabelText('Delivery date'));
    await user.type(screen.getByLabelText('Stop number (optional)'), '2a');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(DELIVERY_MESSAGES.scheduleDateRequired)).toBeInTheDocument();
    expect(screen.getByText(DELIVERY_MESSAGES.driverRequired)).toBeInTheDocument();
    expect(screen.getByText('Please enter a whole number')).toBeInTheDocument();
    expect(api.changes()).toEqual([]);

    await user.type(screen.getByLabelText('Delivery date'), '2099-03-04');
    await user.selectOptions(screen.getByLabelText('Driver'), await screen.findByRole('option', { name: 'Dwayne Driver' }));
    await user.clear(screen.getByLabelText('Stop number (optional)'));
    await user.type(screen.getByLabelText('Stop number (optional)'), '2');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.changes()).toEqual([
      {
        method: 'POST',
        path: '/delivery-requests/9/status',
        body: { status: 'scheduled', scheduledDate: '2099-03-04', driverId: 5, stopOrder: 2 },
      },
    ]);
  });

  it('sends no stop number when none is typed', async () => {
    const api = stubApi({ 'GET /delivery-drivers': [{ id: 5, name: 'Dwayne Driver' }], 'POST /delivery-requests/9/status': request });
    const user = userEvent.setup();
    renderAt(<ScheduleDialog request={request} onClose={() => undefined} />);
    await user.selectOptions(screen.getByLabelText('Driver'), await screen.findByRole('option', { name: 'Dwayne Driver' }));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]?.body).toEqual({ status: 'scheduled', scheduledDate: '2099-03-02', driverId: 5 });
  });
});

describe('DispatchOverrideDialog', () => {
  it('asks for the reason in our words and sends nothing; then dispatches with the trimmed reason', async () => {
    const api = stubApi({ 'POST /delivery-requests/9/status': { ...request, status: 'out_for_delivery' } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAt(<DispatchOverrideDialog request={request} message="PKG-000041 cannot be released" onClose={onClose} />);
    expect(screen.getByLabelText(RELEASE_MESSAGES.overrideLabel)).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Dispatch anyway' }));
    expect(await screen.findByText(RELEASE_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.changes()).toEqual([]);

    await user.type(screen.getByLabelText(RELEASE_MESSAGES.reasonLabel), ' Manager knows them ');
    await user.click(screen.getByRole('button', { name: 'Dispatch anyway' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.changes()).toEqual([
      {
        method: 'POST',
        path: '/delivery-requests/9/status',
        body: { status: 'out_for_delivery', allowUnpaid: true, overrideReason: 'Manager knows them' },
      },
    ]);
  });

  it('cannot dispatch once the override is unticked', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderAt(<DispatchOverrideDialog request={request} message="Not paid" onClose={() => undefined} />);
    await user.click(screen.getByLabelText(RELEASE_MESSAGES.overrideLabel));
    expect(screen.getByRole('button', { name: 'Dispatch anyway' })).toBeDisabled();
  });
});
