import { addDays } from './datetime';

export type ReportGranularity = 'day' | 'week' | 'month';

/** The period a date falls in, named as PostgreSQL's date_trunc names it: that day, that Monday, that month's 1st. */
export function periodStart(date: string, granularity: ReportGranularity): string {
  if (granularity === 'day') return date;
  if (granularity === 'month') return `${date.slice(0, 8)}01`;
  const weekday = new Date(`${date}T00:00:00.000Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * Every period from `from` to `to` (inclusive), so a report shows the quiet days as zero instead
 * of skipping them.
 */
export function reportPeriods(from: string, to: string, granularity: ReportGranularity): string[] {
  const out: string[] = [];
  let period = periodStart(from, granularity);
  const last = periodStart(to, granularity);
  while (period <= last) {
    out.push(period);
    if (granularity === 'day') period = addDays(period, 1);
    else if (granularity === 'week') period = addDays(period, 7);
    else {
      const [y, m] = period.split('-').map(Number) as [number, number];
      period = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
  }
  return out;
}
