import { Link } from 'react-router';
import { formatCount, formatJmd } from '@courier/shared/format/money';
import type { DashboardCard } from '@courier/shared/schemas/dashboard';
import { Card, CardContent } from '@/components/ui/card';

/** The figures a person opens a dashboard for, in order; the first four present are the main ones. */
const MAIN_ORDER = [
  'ready_for_pickup',
  'balance_due',
  'collected_this_month',
  'invoiced_this_month',
  'uncollected',
  'open_tickets',
  'couriers',
  'customers',
];
const MAIN_COUNT = 4;

/** The four main figures, then the rest, each kept in the order the dashboard gave them. */
export function splitFigures(cards: readonly DashboardCard[]): { main: DashboardCard[]; more: DashboardCard[] } {
  const rank = (c: DashboardCard) => {
    const i = MAIN_ORDER.indexOf(c.key);
    return i === -1 ? MAIN_ORDER.length : i;
  };
  const main = [...cards].sort((a, b) => rank(a) - rank(b)).slice(0, MAIN_COUNT);
  return { main: cards.filter((c) => main.includes(c)), more: cards.filter((c) => !main.includes(c)) };
}

const shown = (card: DashboardCard) => (card.format === 'money' ? formatJmd(card.value) : formatCount(card.value));

function Figure({ card, base }: { card: DashboardCard; base: string }) {
  const value = shown(card);
  return card.href ? (
    <Link to={`${base}/${card.href}`} className="hover:text-brand-700">
      {value}
    </Link>
  ) : (
    value
  );
}

/**
 * A dashboard's figures: four large ones that stay on one line (tabular figures, a size that fits a
 * quarter of a 1366 px screen), the others as one quiet line of label and value under them.
 */
export function MainFigures({ cards, base }: { cards: readonly DashboardCard[]; base: string }) {
  const { main, more } = splitFigures(cards);
  return (
    <section aria-label="Main figures" className="space-y-3">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {main.map((card) => (
          <Card key={card.key} data-figure={card.key}>
            <CardContent className="pt-4">
              <p className="truncate text-sm text-slate-600">{card.label}</p>
              <p className="mt-1 whitespace-nowrap text-2xl font-semibold tabular-nums text-slate-900">
                <Figure card={card} base={base} />
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
      {more.length > 0 && (
        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm" data-more-figures>
          {more.map((card) => (
            <div key={card.key} className="flex items-baseline gap-2" data-figure={card.key}>
              <dt className="text-slate-600">{card.label}</dt>
              <dd className="whitespace-nowrap font-semibold tabular-nums text-slate-900">
                <Figure card={card} base={base} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
