import { describe, expect, it } from 'vitest';
import { type ArrivalInput, estimateArrival } from './arrival';
import { addDays } from './datetime';

const base: ArrivalInput = {
  status: 'in_transit',
  mode: 'AIR',
  departureDate: null,
  arrivalDate: null,
  arrivedDay: null,
  customsDays: 2,
};

describe('estimateArrival', () => {
  it('adds the customs days to the scheduled arrival', () => {
    expect(estimateArrival({ ...base, departureDate: '2026-11-20', arrivalDate: '2026-11-21' })).toBe('2026-11-23');
  });
  it('uses the day the manifest actually arrived over the schedule', () => {
    expect(estimateArrival({ ...base, arrivalDate: '2026-11-21', arrivedDay: '2026-11-24', status: 'at_customs' })).toBe('2026-11-26');
  });
  it('falls back to the departure plus the usual transit (a day by air, a week by sea)', () => {
    expect(estimateArrival({ ...base, departureDate: '2026-11-28' })).toBe('2026-12-01');
    expect(estimateArrival({ ...base, mode: 'SEA', departureDate: '2026-12-28', customsDays: 3 })).toBe('2027-01-07');
  });
  it('has no estimate without a dated manifest', () => {
    expect(estimateArrival(base)).toBeNull();
  });
  it.each(['ready_for_pickup', 'delivered', 'on_hold', 'voided', 'unknown'] as const)('has none once %s', (status) => {
    expect(estimateArrival({ ...base, status, arrivalDate: '2026-11-21' })).toBeNull();
  });
  it('counts zero customs days as landing day', () => {
    expect(estimateArrival({ ...base, arrivalDate: '2026-02-28', customsDays: 0 })).toBe('2026-02-28');
  });
});

describe('addDays', () => {
  it('crosses month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
