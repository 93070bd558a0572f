import { z } from 'zod';
import { PAGE_SIZES } from '../constants/limits';
// Installs our words for zod's issues before any schema here parses.
import '../validation';

/** Every 4xx/5xx body of the API. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Ids are PostgreSQL `serial` (int4): a larger number names no record. */
export const MAX_ID = 2_147_483_647;
/** Answered for an id past MAX_ID, instead of zod's "Too big: expected number to be <=2147483647". */
export const ID_OUT_OF_RANGE = 'Not a valid id';
/** A record's id in a JSON body. */
export const idSchema = z.number().int().positive().max(MAX_ID, ID_OUT_OF_RANGE);
/**
 * An id's one spelling in a path or query string: digits only, no sign, space, leading zero, hex or
 * exponent (" 1", "+1", "01", "0x1" and "1e0" name no record; Number() would read each as 1).
 */
export const ID_TEXT = /^[1-9][0-9]*$/;
/** A record's id in a path or query string, where it arrives as text. */
export const queryIdSchema = z
  .string({ error: ID_OUT_OF_RANGE })
  .regex(ID_TEXT, ID_OUT_OF_RANGE)
  .max(10, ID_OUT_OF_RANGE)
  .transform(Number)
  .pipe(z.number().max(MAX_ID, ID_OUT_OF_RANGE));
export const idParamSchema = z.object({ id: queryIdSchema });
/** A query-string id the caller must give; `message` says which record to choose when it is missing or not an id. */
export const requiredQueryIdSchema = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .regex(ID_TEXT, ID_OUT_OF_RANGE)
    .max(10, ID_OUT_OF_RANGE)
    .transform(Number)
    .pipe(z.number().max(MAX_ID, ID_OUT_OF_RANGE));
/** `?courierId=`: the courier a super admin's call is about (see courierScope in the API). */
export const courierQuerySchema = z.object({ courierId: queryIdSchema.optional() });

export const DATE_MESSAGES = {
  invalid: 'Use a real date like 2026-01-31',
  outOfRange: 'Use a date between 1900-01-01 and 2100-12-31',
} as const;
/** The span of dates the portal reads: past it a date is a typo, and date arithmetic overflows. */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2100-12-31';

/** Whether YYYY-MM-DD names a day of the calendar (not 2026-13-01 or 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar date as YYYY-MM-DD: a real day between MIN_DATE and MAX_DATE, refused in our words. */
export function calendarDateSchema(message: string = DATE_MESSAGES.invalid) {
  // z.iso.date keeps `format: date` in the OpenAPI document; isCalendarDate says why in one place.
  return z.iso
    .date({ error: message })
    .refine(isCalendarDate, message)
    .refine((v) => v >= MIN_DATE && v <= MAX_DATE, DATE_MESSAGES.outOfRange);
}

/**
 * The list query every DataTable sends: paging, debounced search, sort and
 * column filters as a JSON object of field -> value.
 */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      message: `Per page must be one of ${PAGE_SIZES.join(', ')}`,
    })
    .default(10),
  search: z.string().trim().max(200).optional(),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** `csv`: every matching row (not one page) as a CSV download (the lists' Export CSV). */
  format: z.enum(['json', 'csv']).optional(),
  filters: z
    .string()
    .max(2000)
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return {} as Record<string, string>;
      try {
        const parsed: unknown = JSON.parse(raw);
        const result = z.record(z.string(), z.union([z.string(), z.number()])).safeParse(parsed);
        if (result.success) return Object.fromEntries(Object.entries(result.data).map(([k, v]) => [k, String(v)]));
      } catch {
        // fall through to the issue below
      }
      ctx.addIssue({ code: 'custom', message: 'Filters must be a JSON object of field to value' });
      return z.NEVER;
    }),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
/** A DataTable list of one courier's records, which the super admin names with `?courierId=`. */
export const courierListQuerySchema = listQuerySchema.extend(courierQuerySchema.shape);

/**
 * `timeZone` of a row a list may mix couriers in (the super admin's lists): the zone of the row's
 * courier (IANA, the platform default for a row of no courier), which its dates are shown in.
 * CSV exports leave it out; their instants already carry that zone's offset.
 */
export const rowTimeZoneSchema = z.string();

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    /** True when `total` is a lower bound: more rows match than were counted. */
    totalCapped: z.boolean().optional(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}
export interface Page<T> {
  data: T[];
  total: number;
  totalCapped?: boolean;
  page: number;
  limit: number;
}

export const successSchema = z.object({ success: z.boolean(), message: z.string().optional() });
