import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_CLOCK_MESSAGES } from '@courier/shared/schemas/test-clock';
import { renderWithApi, reply, stubApi } from '@/test/fake-api';
import { TestClockCard } from './test-clock-card';

const clock = (daysAhead: number, today: string, testMode = true) => ({ testMode, daysAhead, today, now: `${today}T15:00:00.000Z` });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TestClockCard', () => {
  it('shows a test-mode courier its clock, marked TEST, and moves it by the days entered', async () => {
    let current = clock(0, '2026-11-29');
    const api = stubApi({
      'GET /settings/test-clock': () => current,
      'POST /settings/test-clock/advance': (body: unknown) => {
        current = clock((body as { days: number }).days, '2026-12-14');
        return current;
      },
    });
    const user = userEvent.setup();
    renderWithApi(<TestClockCard />);
    expect(await screen.findByText('TEST', { exact: true })).toBeInTheDocument();
    expect(screen.getByTestId('test-clock-today')).toHaveTextContent('TEST: your clock says Nov 29, 2026, real time.');
    const days = screen.getByLabelText('Days to move ahead');
    await user.clear(days);
    await user.type(days, '15');
    await user.click(screen.getByRole('button', { name: 'Move the clock ahead' }));
    await waitFor(() => expect(api.changes()).toEqual([{ method: 'POST', path: '/settings/test-clock/advance', body: { days: 15 } }]));
    expect(await screen.findByText(TEST_CLOCK_MESSAGES.advanced(15))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('test-clock-today')).toHaveTextContent('TEST: your clock says Dec 14, 2026, 15 days ahead of real time.'),
    );
  });

  it('refuses a day count out of range under its field, and sends nothing', async () => {
    const api = stubApi({ 'GET /settings/test-clock': clock(0, '2026-11-29') });
    const user = userEvent.setup();
    renderWithApi(<TestClockCard />);
    const days = await screen.findByLabelText('Days to move ahead');
    await user.clear(days);
    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: 'Move the clock ahead' }));
    expect(await screen.findByText(TEST_CLOCK_MESSAGES.daysRange)).toBeInTheDocument();
    expect(api.changes()).toEqual([]);
  });

  it("says the server's refusal in its words", async () => {
    stubApi({
      'GET /settings/test-clock': clock(364, '2027-11-28'),
      'POST /settings/test-clock/advance': reply(422, { message: TEST_CLOCK_MESSAGES.tooFar }),
    });
    const user = userEvent.setup();
    renderWithApi(<TestClockCard />);
    await user.click(await screen.findByRole('button', { name: 'Move the clock ahead' }));
    expect(await screen.findByText(TEST_CLOCK_MESSAGES.tooFar)).toBeInTheDocument();
  });

  it('shows nothing for a live courier: its clock is real time', async () => {
    const api = stubApi({ 'GET /settings/test-clock': clock(0, '2026-11-29', false) });
    renderWithApi(<TestClockCard />);
    await waitFor(() => expect(api.calls.length).toBe(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('test-clock')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move the clock ahead' })).not.toBeInTheDocument();
    expect(screen.queryByText('TEST', { exact: true })).not.toBeInTheDocument();
  });
});
