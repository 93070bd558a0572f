import { describe, expect, it } from 'vitest';
import { isoFromPg } from './package-rows.service';

describe('isoFromPg', () => {
  it('writes what new Date(text).toISOString() writes, for every form PostgreSQL gives', () => {
    const texts = [
      '2026-11-24 07:55:20+00',
      '2026-11-24 07:55:20.5+00',
      '2026-11-24 07:55:20.05+00',
      '2026-11-24 07:55:20.508+00',
      '2026-11-24 07:55:20.5089+00',
      '2026-11-24 07:55:20.999999+00',
      '2024-02-29 23:59:59.000001+00',
      '1999-12-31 00:00:00.12+00',
      // Other zones and forms go through a Date.
      '2026-11-24 02:55:20.508-05',
      '2026-11-24 13:25:20.1+05:30',
      '2026-11-24T07:55:20.508Z',
    ];
    for (const text of texts) expect(isoFromPg(text), text).toBe(new Date(text).toISOString());
  });
});
