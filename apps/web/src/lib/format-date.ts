import { type ReactNode, createContext, createElement, useContext, useMemo } from 'react';
import {
  DEFAULT_TIME_ZONE,
  dayBoundsInZone,
  dayInZone,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatTime,
  isValidTimeZone,
} from '@courier/shared/domain/datetime';
import { useOptionalSession } from './session';

/**
 * The one way a screen shows a date or a time: in the time zone of the courier the screen is
 * about, never the browser's or UTC. The zone comes from the signed-in session (the courier's
 * setting; the platform default for the super admin), unless a `TimeZoneScope` names another
 * courier's (the courier a super admin is viewing, the courier of a public page). A list that
 * mixes couriers (the super admin's) passes each row's own zone: `dates.date(row.issuedAt,
 * row.timeZone)`, the API's `timeZone` on every such row. The words come from
 * `@courier/shared/domain/datetime`, as on receipts and in e-mails.
 */
type When = string | Date | null | undefined;

/** What a screen shows for a date that is not there. */
export const NO_DATE = '—';

export interface DateFormat {
  /** The zone the dates are shown in. */
  zone: string;
  /** "Jan 31, 2026". A record that names its own courier's zone passes it as `zone`. */
  date: (value: When, zone?: string | null) => string;
  /** "Jan 31, 2026, 2:05 PM EST". */
  dateTime: (value: When, zone?: string | null) => string;
  /** "2:05 PM". */
  time: (value: When, zone?: string | null) => string;
  /** The calendar day (YYYY-MM-DD) in the zone: today, or `offsetDays` from today. */
  today: (offsetDays?: number) => string;
  /** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
  day: (value: string | Date) => string;
  /**
   * A calendar day with no time (YYYY-MM-DD, e.g. a departure date) in the screen style: "Nov 23,
   * 2026"; "Nov 23" (`short`, a chart's axis); "Nov 2026" (`month`).
   */
  calendar: (value: string | null | undefined, style?: 'date' | 'short' | 'month' | 'weekday') => string;
}

const usable = (zone: string | null | undefined): zone is string => !!zone && isValidTimeZone(zone);

/** The formatter for one zone (an unknown zone falls back to the platform default). */
export function dateFormatIn(zone: string | null | undefined): DateFormat {
  // Checked on first use, not here: the first zone check loads the runtime's time-zone data (about
  // 150 ms of a phone's main thread), which a screen showing no date (the dashboard) never needs.
  let checked: string | undefined;
  const home = () => {
    checked ??= usable(zone) ? zone : DEFAULT_TIME_ZONE;
    return checked;
  };
  const pick = (override?: string | null) => (usable(override) ? override : home());
  const present = (value: When): value is string | Date => value !== null && value !== undefined && value !== '';
  return {
    get zone() {
      return home();
    },
    date: (value, zone) => (present(value) ? formatDate(value, pick(zone)) : NO_DATE),
    dateTime: (value, zone) => (present(value) ? formatDateTime(value, pick(zone)) : NO_DATE),
    time: (value, zone) => (present(value) ? formatTime(value, pick(zone)) : NO_DATE),
    today: (offsetDays = 0) => {
      const today = dayInZone(new Date(), home());
      if (offsetDays === 0) return today;
      const shifted = new Date(`${today}T12:00:00Z`);
      shifted.setUTCDate(shifted.getUTCDate() + offsetDays);
      return shifted.toISOString().slice(0, 10);
    },
    day: (value) => dayInZone(value, home()),
    calendar: (value, style) =>
      value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCalendarDay(value, style) : (value ?? NO_DATE) || NO_DATE,
  };
}

/** The instant a day (YYYY-MM-DD) starts in a zone, for a date filter sent to the server. */
export const dayStartIn = (day: string, zone: string) => dayBoundsInZone(day, zone).start;

const ScopeContext = createContext<string | null>(null);

/**
 * Dates inside are shown in `zone`: the courier a super admin is viewing, or the courier whose
 * public page this is. Without a zone (still loading) the session's zone stays.
 */
export function TimeZoneScope({ zone, children }: { zone: string | null | undefined; children: ReactNode }) {
  const outer = useContext(ScopeContext);
  return createElement(ScopeContext.Provider, { value: usable(zone) ? zone : outer }, children);
}

/** The zone dates are shown in here: a scope's, else the session's, else America/Jamaica. */
export function useDisplayTimeZone(): string {
  const scoped = useContext(ScopeContext);
  const session = useOptionalSession();
  return scoped ?? session?.user?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The formatter in the zone of this screen (see `useDisplayTimeZone`). */
export function useDateFormat(): DateFormat {
  const zone = useDisplayTimeZone();
  return useMemo(() => dateFormatIn(zone), [zone]);
}

/** A date in a table cell or a line of text, for lists whose columns are defined outside a component. */
export function DateText({ value }: { value: string | Date | null | undefined }) {
  const dates = useDateFormat();
  return value ? dates.date(value) : NO_DATE;
}
