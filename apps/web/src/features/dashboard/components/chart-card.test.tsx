import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DashboardChart } from '@courier/shared/schemas/dashboard';
import { ChartCard, chartSentence } from './chart-card';

const chart = (kind: DashboardChart['kind'], data: DashboardChart['data']): DashboardChart => ({
  key: 'k',
  label: kind === 'pie' ? 'Customers by branch' : 'Packages by status',
  kind,
  data,
});

describe('a dashboard chart', () => {
  it('says a one-slice pie in a sentence instead of drawing a disc, with no table', () => {
    const pie = chart('pie', [
      { name: 'Kingston', value: 12 },
      { name: 'Montego Bay', value: 0 },
    ]);
    expect(chartSentence(pie)).toBe('All 12 in Kingston.');
    render(<ChartCard chart={pie} />);
    expect(screen.getByText('All 12 in Kingston.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show table' })).toBeNull();
  });

  it('shows no chart and no table of zeros', () => {
    render(
      <ChartCard
        chart={chart('bar', [
          { name: 'Received', value: 0 },
          { name: 'Ready for Pickup', value: 0 },
        ])}
      />,
    );
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show table' })).toBeNull();
  });

  it('keeps the figures behind "Show table", and names every bar to a screen reader', async () => {
    const user = userEvent.setup();
    render(
      <ChartCard
        chart={chart('bar', [
          { name: 'Received', value: 3 },
          { name: 'Ready for Pickup', value: 1 },
        ])}
      />,
    );
    expect(screen.getByRole('img', { name: 'Packages by status: Received 3, Ready for Pickup 1' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const table = screen.getByRole('table', { name: 'Packages by status' });
    expect(within(table).getByRole('row', { name: 'Received 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('draws a pie of two or more slices', () => {
    const pie = chart('pie', [
      { name: 'Kingston', value: 12 },
      { name: 'Montego Bay', value: 5 },
    ]);
    expect(chartSentence(pie)).toBeNull();
  });
});
