import { z } from 'zod';
import { DELIVERY_REQUEST_STATUSES } from '../constants/packages';
import { PARISHES } from '../constants/parishes';
import { idSchema } from './common';

/** Delivery locations (admin) and delivery requests (DOMAIN.md, Other records). The wording is ours. */
export const DELIVERY_MESSAGES = {
  locationNotFound: 'Delivery location not found',
  requestNotFound: 'Delivery request not found',
  nameRequired: 'Please enter the location name',
  parishRequired: 'Please choose the parish',
  feeRequired: 'Please enter the fee',
  feeNotNegative: 'The fee cannot be negative',
  twoDecimals: 'Use at most two decimal places',
  locationInUse: 'This location has delivery requests; make it inactive instead',
  choosePackages: 'Choose at least one package ready for pickup',
  packagesNotReady: 'Only your packages that are ready for pickup can be delivered',
  packageAlreadyRequested: (number: string) => `${number} already has a delivery request`,
  whereRequired: 'Choose a delivery location or enter an address',
  locationInactive: 'This delivery location is not available',
  dateRequired: 'Please choose the preferred date',
  dateInPast: 'The preferred date cannot be in the past',
  phoneRequired: 'Please enter a phone number',
  phoneShape: 'Please enter a valid phone number',
  illegalStatus: (from: string, to: string) => `A delivery request cannot go from ${from} to ${to}`,
  onlyRequestedCancel: 'Only a request not yet scheduled can be cancelled',
  locationSaved: 'Delivery location saved',
  locationDeleted: 'Delivery location deleted',
  requestCreated: 'Delivery requested',
  requestCancelled: 'Delivery request cancelled',
  statusChanged: 'Delivery request updated',
  deleteConfirm: 'Are you sure you want to delete this delivery location?',
} as const;

export const DELIVERY_STATUS_LABELS: Record<(typeof DELIVERY_REQUEST_STATUSES)[number], string> = {
  requested: 'Requested',
  scheduled: 'Scheduled',
  out_for_delivery: 'Out for Delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The moves of a delivery request; out_for_delivery -> cancelled is a failed delivery. */
export const DELIVERY_TRANSITIONS: Record<
  (typeof DELIVERY_REQUEST_STATUSES)[number],
  readonly (typeof DELIVERY_REQUEST_STATUSES)[number][]
> = {
  requested: ['scheduled', 'cancelled'],
  scheduled: ['out_for_delivery', 'cancelled'],
  out_for_delivery: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

export const deliveryLocationInputSchema = z.strictObject({
  name: z.string({ error: DELIVERY_MESSAGES.nameRequired }).trim().min(1, DELIVERY_MESSAGES.nameRequired).max(100),
  parish: z.enum(PARISHES, { error: DELIVERY_MESSAGES.parishRequired }),
  feeCents: z
    .number({ error: DELIVERY_MESSAGES.feeRequired })
    .int(DELIVERY_MESSAGES.twoDecimals)
    .min(0, DELIVERY_MESSAGES.feeNotNegative)
    .max(100_000_000),
  active: z.boolean().default(true),
});
export type DeliveryLocationInput = z.input<typeof deliveryLocationInputSchema>;

export const deliveryLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parish: z.string(),
  feeCents: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type DeliveryLocation = z.infer<typeof deliveryLocationSchema>;

export const createDeliveryRequestSchema = z
  .strictObject({
    packageIds: z.array(idSchema).min(1, DELIVERY_MESSAGES.choosePackages).max(50),
    locationId: idSchema.optional(),
    address: z.string().trim().max(300).optional(),
    preferredDate: z.iso.date({ error: DELIVERY_MESSAGES.dateRequired }),
    phone: z
      .string({ error: DELIVERY_MESSAGES.phoneRequired })
      .trim()
      .min(1, DELIVERY_MESSAGES.phoneRequired)
      .regex(/^[0-9+()\-.\s]{7,20}$/, DELIVERY_MESSAGES.phoneShape),
    notes: z.string().trim().max(500).optional(),
  })
  .refine((v) => v.locationId !== undefined || (v.address ?? '').length > 0, {
    message: DELIVERY_MESSAGES.whereRequired,
    path: ['address'],
  });
export type CreateDeliveryRequestInput = z.infer<typeof createDeliveryRequestSchema>;

export const deliveryStatusSchema = z.strictObject({
  status: z.enum(DELIVERY_REQUEST_STATUSES),
  scheduledDate: z.iso.date().optional(),
});

export const deliveryRequestSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  address: z.string().nullable(),
  preferredDate: z.string(),
  scheduledDate: z.string().nullable(),
  phone: z.string(),
  notes: z.string().nullable(),
  feeCents: z.number().int(),
  status: z.enum(DELIVERY_REQUEST_STATUSES),
  packages: z.array(z.object({ id: z.number().int(), packageNumber: z.string(), trackingNumber: z.string(), status: z.string() })),
  createdAt: z.string(),
});
export type DeliveryRequestDto = z.infer<typeof deliveryRequestSchema>;
