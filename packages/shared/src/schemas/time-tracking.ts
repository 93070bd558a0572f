import { z } from 'zod';
import { calendarDateSchema, queryIdSchema } from './common';

export const TIME_MESSAGES = {
  alreadyIn: 'You are already clocked in',
  notIn: 'You are not clocked in',
  clockedIn: 'Clocked in',
  clockedOut: 'Clocked out',
  periodInvalid: 'The end date must not be before the start date',
} as const;

export const timeEntrySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  clockIn: z.string(),
  clockOut: z.string().nullable(),
  /** Whole minutes worked; an open shift counts up to now. */
  minutes: z.number().int(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const clockStatusSchema = z.object({ open: timeEntrySchema.nullable(), todayMinutes: z.number().int() });
export type ClockStatus = z.infer<typeof clockStatusSchema>;

const isoDate = calendarDateSchema();
export const timesheetQuerySchema = z
  .object({ from: isoDate, to: isoDate, userId: queryIdSchema.optional() })
  .refine((q) => q.from <= q.to, { message: TIME_MESSAGES.periodInvalid, path: ['to'] });

export const timesheetSchema = z.object({
  from: z.string(),
  to: z.string(),
  people: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      role: z.string(),
      totalMinutes: z.number().int(),
      entries: z.array(timeEntrySchema),
    }),
  ),
  totalMinutes: z.number().int(),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h}h ${String(m).padStart(2, '0')}m`;
}
