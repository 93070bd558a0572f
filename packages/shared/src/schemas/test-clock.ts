import { z } from 'zod';

/**
 * A test-mode courier's clock (like a payment provider's test clocks): it moves forward by whole
 * days from the courier's settings, so storage, free days, reminders and fees falling due can be
 * seen without waiting. A live courier's clock is real time and cannot move.
 */
export const TEST_CLOCK_MAX_DAYS = 365;

export const TEST_CLOCK_MESSAGES = {
  live: 'Only a courier in test mode can move its clock; this courier is live, so its clock is real time',
  daysRange: `Enter a whole number of days from 1 to ${TEST_CLOCK_MAX_DAYS}`,
  tooFar: `The test clock can run at most ${TEST_CLOCK_MAX_DAYS} days ahead`,
  advanced: (days: number) => `Test clock moved ${days} ${days === 1 ? 'day' : 'days'} ahead`,
} as const;

export const testClockAdvanceSchema = z.strictObject({
  days: z
    .number({ error: TEST_CLOCK_MESSAGES.daysRange })
    .int(TEST_CLOCK_MESSAGES.daysRange)
    .min(1, TEST_CLOCK_MESSAGES.daysRange)
    .max(TEST_CLOCK_MAX_DAYS, TEST_CLOCK_MESSAGES.daysRange),
});
export type TestClockAdvance = z.infer<typeof testClockAdvanceSchema>;

export const testClockSchema = z.object({
  /** The courier is in test mode: only then does the clock move. */
  testMode: z.boolean(),
  /** Days the courier's clock runs ahead of real time (0 for a live courier). */
  daysAhead: z.number().int(),
  /** The courier's now (ISO instant) and its calendar day in the courier's zone. */
  now: z.string(),
  today: z.string(),
});
export type TestClock = z.infer<typeof testClockSchema>;
