import { z } from 'zod';
import { PACKAGE_STATUSES } from '../constants/packages';

/**
 * Public tracking: a package's status and timeline by tracking or package number,
 * within the courier of the request. Nothing personal: no name, address, weight or amount.
 */
export const publicTrackParamsSchema = z.object({
  number: z.string().trim().min(3, 'Enter a tracking or package number').max(100, 'That number is too long'),
});

export const publicTrackEventSchema = z.object({
  status: z.enum(PACKAGE_STATUSES),
  label: z.string(),
  at: z.string(),
});

export const publicTrackSchema = z.object({
  number: z.string(),
  status: z.enum(PACKAGE_STATUSES),
  statusLabel: z.string(),
  /** Set when the number asked for was repacked into a new parcel: the status and timeline are that parcel's. */
  consolidatedInto: z.string().optional(),
  /** Oldest first, as recorded; screens show it newest first (domain/timeline). */
  timeline: z.array(publicTrackEventSchema),
  /** The day it should be ready at the branch (YYYY-MM-DD), while it is on its way on a dated manifest. */
  estimatedArrival: z.string().nullable().optional(),
  /** The carrier's own public tracking page for its tracking number, when the carrier is one we know. */
  carrierUrl: z.string().nullable().optional(),
});
export type PublicTrack = z.infer<typeof publicTrackSchema>;

export const PUBLIC_TRACK_MESSAGES = {
  notFound: 'No package with that number was found',
} as const;
