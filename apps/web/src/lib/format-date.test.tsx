import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_DATE, TimeZoneScope, dateFormatIn, useDateFormat } from './format-date';
import { SessionProvider } from './session';
import { tokenStore } from './storage';
import { fakeToken } from '@/test/fake-session';

// 2026-03-08 07:00Z New York springs forward (EST -> EDT); Jamaica keeps EST all year.
const BEFORE_SPRING = '2026-03-08T06:30:00Z';
const AFTER_SPRING = '2026-03-08T07:30:00Z';
// 2026-11-01 06:00Z New York falls back (EDT -> EST).
const BEFORE_FALL = '2026-11-01T05:30:00Z';
const AFTER_FALL = '2026-11-01T06:30:00Z';

describe('dateFormatIn: the zone is checked when a date is shown', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes no Intl formatter until one is needed (the first one loads the time-zone data)', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const dates = dateFormatIn('Europe/Lisbon');
    expect(made).not.toHaveBeenCalled();
    expect(dates.zone).toBe('Europe/Lisbon');
    expect(made).toHaveBeenCalled();
    expect(dateFormatIn('Not/A_Zone').zone).toBe('America/Jamaica');
  });
});

describe('dateFormatIn: Jamaica (no daylight saving) against New York around a change', () => {
  const jamaica = dateFormatIn('America/Jamaica');
  const newYork = dateFormatIn('America/New_York');

  it.each([
    [BEFORE_SPRING, 'Mar 8, 2026, 1:30 AM EST', 'Mar 8, 2026, 1:30 AM EST'],
    [AFTER_SPRING, 'Mar 8, 2026, 2:30 AM EST', 'Mar 8, 2026, 3:30 AM EDT'],
    [BEFORE_FALL, 'Nov 1, 2026, 12:30 AM EST', 'Nov 1, 2026, 1:30 AM EDT'],
    [AFTER_FALL, 'Nov 1, 2026, 1:30 AM EST', 'Nov 1, 2026, 1:30 AM EST'],
  ])('%s reads %s in Jamaica and %s in New York', (iso, inJamaica, inNewYork) => {
    expect(jamaica.dateTime(iso)).toBe(inJamaica);
    expect(newYork.dateTime(iso)).toBe(inNewYork);
  });

  it('puts an instant on the day of the zone', () => {
    // 04:30Z on Jul 1 is 23:30 on Jun 30 in Jamaica (UTC-5), 00:30 on Jul 1 in New York (UTC-4).
    expect(jamaica.date('2026-07-01T04:30:00Z')).toBe('Jun 30, 2026');
    expect(newYork.date('2026-07-01T04:30:00Z')).toBe('Jul 1, 2026');
    expect(jamaica.day('2026-07-01T04:30:00Z')).toBe('2026-06-30');
    expect(newYork.day('2026-07-01T04:30:00Z')).toBe('2026-07-01');
    expect(jamaica.time('2026-07-01T04:30:00Z')).toBe('11:30 PM');
    expect(newYork.time('2026-07-01T04:30:00Z')).toBe('12:30 AM');
  });

  it('lets a record name its own courier zone, shows a dash for no date, and falls back on an unknown zone', () => {
    expect(jamaica.dateTime(AFTER_SPRING, 'America/New_York')).toBe('Mar 8, 2026, 3:30 AM EDT');
    expect(jamaica.date(null)).toBe(NO_DATE);
    expect(jamaica.dateTime(undefined)).toBe(NO_DATE);
    expect(dateFormatIn('Mars/Olympus').zone).toBe('America/Jamaica');
    expect(dateFormatIn(null).zone).toBe('America/Jamaica');
  });

  it('shows a calendar day (no time) as the same day in every zone', () => {
    expect(newYork.calendar('2026-11-23')).toBe('Nov 23, 2026');
    expect(dateFormatIn('Pacific/Kiritimati').calendar('2026-11-23')).toBe('Nov 23, 2026');
    expect(jamaica.calendar(null)).toBe(NO_DATE);
  });

  it("counts today's date in the zone", () => {
    vi.useFakeTimers({ now: new Date('2026-07-01T04:30:00Z'), toFake: ['Date'] });
    try {
      expect(jamaica.today()).toBe('2026-06-30');
      expect(newYork.today()).toBe('2026-07-01');
      expect(newYork.today(-1)).toBe('2026-06-30');
      expect(jamaica.today(2)).toBe('2026-07-02');
    } finally {
      vi.useRealTimers();
    }
  });
});

const profile = (timeZone: string) => ({
  id: 2,
  first_name: 'Andrea',
  last_name: 'Campbell',
  email: 'admin@x.test',
  username: null,
  avatarUrl: null,
  phone: null,
  role: { name: 'courier_admin', permissions: [] },
  permissions: [],
  courier: { id: 1, name: 'NYC', code: 'NYC', logo_url: null },
  branch: null,
  impersonated: false,
  timeZone,
});

function Shown({ iso }: { iso: string }) {
  const dates = useDateFormat();
  return <p data-testid="shown">{`${dates.zone} ${dates.dateTime(iso)}`}</p>;
}

function renderWithSession(children: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('useDateFormat: the zone of the signed-in session', () => {
  it("shows dates in the courier's zone from the profile", async () => {
    tokenStore.set(fakeToken('courier_admin'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(profile('America/New_York')), { status: 200 })),
    );
    renderWithSession(<Shown iso={AFTER_SPRING} />);
    expect(await screen.findByText('America/New_York Mar 8, 2026, 3:30 AM EDT')).toBeInTheDocument();
  });

  it('uses the platform default without a session (public pages, signed out)', () => {
    render(<Shown iso={AFTER_SPRING} />);
    expect(screen.getByTestId('shown')).toHaveTextContent('America/Jamaica Mar 8, 2026, 2:30 AM EST');
  });

  it('a scope (the courier being viewed) wins over the session', async () => {
    tokenStore.set(fakeToken('courier_admin'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(profile('America/Jamaica')), { status: 200 })),
    );
    renderWithSession(
      <TimeZoneScope zone="America/New_York">
        <Shown iso={AFTER_SPRING} />
      </TimeZoneScope>,
    );
    expect(screen.getByTestId('shown')).toHaveTextContent('America/New_York Mar 8, 2026, 3:30 AM EDT');
  });

  it('a scope without a zone yet (still loading) keeps the outer zone', () => {
    render(
      <TimeZoneScope zone={undefined}>
        <Shown iso={AFTER_SPRING} />
      </TimeZoneScope>,
    );
    expect(screen.getByTestId('shown')).toHaveTextContent('America/Jamaica');
  });
});
