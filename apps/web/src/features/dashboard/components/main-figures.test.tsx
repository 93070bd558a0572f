import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DashboardCard } from '@courier/shared/schemas/dashboard';
import { MainFigures, splitFigures } from './main-figures';

const card = (key: string, label: string, value: number, format: DashboardCard['format'] = 'count'): DashboardCard => ({
  key,
  label,
  value,
  format,
});

/** A courier admin's nine figures, in the order the dashboard's areas give them. */
const ADMIN = [
  card('customers', 'Customers', 120),
  card('business_customers', 'Business customers', 8),
  card('staff', 'Active staff', 6),
  card('branches', 'Active branches', 2),
  card('ready_for_pickup', 'Ready for pickup', 14),
  card('uncollected', 'Uncollected (over 14 days)', 3),
  card('invoiced_this_month', 'Invoiced this month', 1_505_475, 'money'),
  card('collected_this_month', 'Collected this month', 1_200_000, 'money'),
  card('open_tickets', 'Open support tickets', 4),
];

describe('the main figures', () => {
  it('keeps four of nine figures large: the ones a courier acts on, in the dashboard order', () => {
    const { main, more } = splitFigures(ADMIN);
    expect(main.map((c) => c.key)).toEqual(['ready_for_pickup', 'uncollected', 'invoiced_this_month', 'collected_this_month']);
    expect(more.map((c) => c.key)).toEqual(['customers', 'business_customers', 'staff', 'branches', 'open_tickets']);
  });

  it("shows a customer's two figures as main ones", () => {
    const { main, more } = splitFigures([
      card('ready_for_pickup', 'Ready for pickup', 1),
      card('balance_due', 'Balance due', 500, 'money'),
    ]);
    expect(main).toHaveLength(2);
    expect(more).toHaveLength(0);
  });

  it('draws four large figures on one line each with tabular figures, the others as one quiet list', () => {
    const { container } = render(
      <MemoryRouter>
        <MainFigures cards={ADMIN} base="/admin" />
      </MemoryRouter>,
    );
    const large = container.querySelectorAll('.text-2xl');
    expect(large).toHaveLength(4);
    for (const value of large) expect(value).toHaveClass('whitespace-nowrap', 'tabular-nums');
    expect(screen.getByText('JMD 15,054.75')).toBeInTheDocument();
    const more = container.querySelector('[data-more-figures]') as HTMLElement;
    expect(within(more).getByText('Open support tickets')).toBeInTheDocument();
    expect(within(more).getByText('120')).toBeInTheDocument();
  });
});
