import { z } from 'zod';
import { DELIVERY_REQUEST_STATUSES } from '../constants/packages';
import { PARISHES } from '../constants/parishes';
import { calendarDateSchema, courierQuerySchema, idSchema, queryIdSchema } from './common';
import { parseCents } from '../format/money';
import { BILLING_MESSAGES, centsSchema } from './billing';
import { releaseOverrideFields, releaseOverrideFormSchema } from './release';

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
  addressRequired: 'Please enter the street address',
  scheduleDateRequired: 'Please choose the delivery date',
  driverRequired: 'Please choose the driver',
  driverNotFound: 'Choose a driver from your own staff',
  cancelReasonTooLong: 'The reason has at most 500 characters',
  cancelled: 'Delivery request cancelled',
  notYourDelivery: 'Only the driver of this delivery, or staff who manage deliveries, can complete it',
  proofRequired: "A delivery is completed on the deliver screen, with the recipient's name and signature",
  recipientRequired: "Please enter the recipient's name",
  signatureRequired: 'Please ask the recipient to sign in the box',
  signatureInvalid: 'The signature could not be read; please sign again',
  photoMissing: 'Please take or choose a photo',
  photoTooLarge: 'The photo is larger than 8 MB',
  photoWrongType: 'The photo must be a JPG or PNG image',
  photoNotNow: 'A photo can be added only while the delivery is out for delivery',
  proofNotFound: 'There is no proof of delivery yet',
  delivered: 'Delivery completed',
  scheduled: 'Delivery scheduled',
  runSheetDateRequired: 'Please choose the date of the run sheet',
  codNotAllowed: 'This delivery zone does not take cash on delivery',
  codTooMuch: (due: string) => `The cash collected is more than what is due here (JMD ${due})`,
  codNothingDue: 'Nothing is due on this delivery',
} as const;

/** A signature drawn on the pad: a canvas PNG as a data URL (the server checks the bytes too). */
export const SIGNATURE_DATA_URL_MAX_CHARS = 1_000_000;
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;

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
  /** The driver may take the balance in cash at the door in this zone. */
  cashOnDelivery: z.boolean().default(false),
});
export type DeliveryLocationInput = z.input<typeof deliveryLocationInputSchema>;

export const deliveryLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parish: z.string(),
  feeCents: z.number().int(),
  active: z.boolean(),
  cashOnDelivery: z.boolean(),
  createdAt: z.string(),
});
export type DeliveryLocation = z.infer<typeof deliveryLocationSchema>;

export const createDeliveryRequestSchema = z.strictObject({
  packageIds: z.array(idSchema).min(1, DELIVERY_MESSAGES.choosePackages).max(50),
  locationId: idSchema.optional(),
  /** The street address, always (a delivery location is a zone and its fee, not a door). */
  address: z.string({ error: DELIVERY_MESSAGES.addressRequired }).trim().min(1, DELIVERY_MESSAGES.addressRequired).max(300),
  preferredDate: calendarDateSchema(DELIVERY_MESSAGES.dateRequired),
  phone: z
    .string({ error: DELIVERY_MESSAGES.phoneRequired })
    .trim()
    .min(1, DELIVERY_MESSAGES.phoneRequired)
    .regex(/^[0-9+()\-.\s]{7,20}$/, DELIVERY_MESSAGES.phoneShape),
  notes: z.string().trim().max(500).optional(),
});
export type CreateDeliveryRequestInput = z.infer<typeof createDeliveryRequestSchema>;

export const deliveryStatusSchema = z.strictObject({
  status: z.enum(DELIVERY_REQUEST_STATUSES),
  scheduledDate: calendarDateSchema(DELIVERY_MESSAGES.scheduleDateRequired).optional(),
  /** Scheduling picks the driver (a staff member of the courier) and, optionally, the stop's place. */
  driverId: idSchema.optional(),
  stopOrder: z.number({ error: 'Please enter a whole number' }).int('Please enter a whole number').min(1).max(999).optional(),
  /** Cancelling may say why; the customer is told it. */
  reason: z.string().trim().max(500, DELIVERY_MESSAGES.cancelReasonTooLong).optional(),
  /** Dispatching follows the release rule; its override goes along. */
  ...releaseOverrideFields,
});

/** Staff cancelling a request: the reason is optional and goes to the customer. */
export const cancelDeliveryFormSchema = z.object({ reason: deliveryStatusSchema.shape.reason });

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
  driverId: z.number().int().nullable(),
  driverName: z.string().nullable(),
  stopOrder: z.number().int().nullable(),
  dispatchedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  recipientName: z.string().nullable(),
  hasSignature: z.boolean(),
  hasPhoto: z.boolean(),
  /** What is still to pay on the invoices of its packages, and whether its zone takes it in cash at the door. */
  amountDueCents: z.number().int(),
  cashOnDelivery: z.boolean(),
  createdAt: z.string(),
});
export type DeliveryRequestDto = z.infer<typeof deliveryRequestSchema>;

/** The driver's phone: who received the packages and their signature (and the release override). */
export const deliverSchema = z.strictObject({
  recipientName: z
    .string({ error: DELIVERY_MESSAGES.recipientRequired })
    .trim()
    .min(1, DELIVERY_MESSAGES.recipientRequired)
    .max(120, 'At most 120 characters'),
  signature: z
    .string({ error: DELIVERY_MESSAGES.signatureRequired })
    .min(1, DELIVERY_MESSAGES.signatureRequired)
    .max(SIGNATURE_DATA_URL_MAX_CHARS, 'The signature image is too large')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, DELIVERY_MESSAGES.signatureInvalid),
  ...releaseOverrideFields,
  /** Cash on delivery: what the driver took at the door (a zone that allows it), and the till it goes to. */
  collectedCents: centsSchema.optional(),
  branchId: idSchema.optional(),
});
export type DeliverInput = z.input<typeof deliverSchema>;

export const driverSchema = z.object({ id: z.number().int(), name: z.string() });
export type Driver = z.infer<typeof driverSchema>;

export const runSheetQuerySchema = courierQuerySchema.extend({
  date: calendarDateSchema(DELIVERY_MESSAGES.runSheetDateRequired),
  driverId: queryIdSchema.optional(),
  format: z.enum(['pdf', 'json']).default('pdf'),
});

/** One stop of a day's run: where, who, what, and what to collect there. */
export const runSheetSchema = z.object({
  date: z.string(),
  courierName: z.string(),
  stops: z.array(
    z.object({
      order: z.number().int(),
      requestId: z.number().int(),
      customerName: z.string(),
      mailboxNumber: z.string(),
      address: z.string(),
      locationName: z.string().nullable(),
      phone: z.string(),
      notes: z.string().nullable(),
      driverName: z.string().nullable(),
      status: z.enum(DELIVERY_REQUEST_STATUSES),
      packages: z.array(z.string()),
      invoices: z.array(z.string()),
      amountDueCents: z.number().int(),
      cashOnDelivery: z.boolean(),
    }),
  ),
  totalDueCents: z.number().int(),
});
export type RunSheet = z.infer<typeof runSheetSchema>;

/**
 * The customer's request form: checkboxes give the package ids and the select the zone as text; the
 * rest is the request itself.
 */
export const createDeliveryRequestFormSchema = createDeliveryRequestSchema.extend({
  packageIds: z.array(z.coerce.number().pipe(idSchema)).min(1, DELIVERY_MESSAGES.choosePackages).max(50),
  locationId: z.string().transform((id) => (id ? Number(id) : undefined)),
  notes: z
    .string()
    .trim()
    .max(500)
    .transform((text) => text || undefined),
});

/** Scheduling as typed: the date, the driver (a select's text) and the stop's place on the run sheet (digits, optional). */
export const scheduleDeliveryFormSchema = z.object({
  scheduledDate: calendarDateSchema(DELIVERY_MESSAGES.scheduleDateRequired),
  driverId: z.string().min(1, DELIVERY_MESSAGES.driverRequired).transform(Number),
  stopOrder: z
    .string()
    .regex(/^(\d{1,3})?$/, 'Please enter a whole number')
    .transform((stop) => (stop ? Number(stop) : undefined)),
});

/**
 * The deliver screen as typed: the recipient, the pad's PNG ('' until signed), the release override,
 * and the cash collected at the door as text (empty or zero is none).
 */
export const deliverFormSchema = z.object({
  recipientName: deliverSchema.shape.recipientName,
  signature: deliverSchema.shape.signature,
  override: releaseOverrideFormSchema,
  collected: z
    .string()
    .transform((text, ctx) => {
      if (text.trim() === '') return undefined;
      const cents = parseCents(text);
      if (cents !== null) return cents || undefined;
      ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.moneyStep });
      return z.NEVER;
    })
    .pipe(centsSchema.optional()),
});
