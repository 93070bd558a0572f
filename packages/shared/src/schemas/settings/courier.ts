import { z } from 'zod';
import { ACCENT_MESSAGES, HEX_COLOUR } from '../../domain/accent';
import { isValidTimeZone } from '../../domain/datetime';
import { GCT_REG_NO_MAX, PAPER_SIZES, SETTINGS_MESSAGES, email, trimmed } from './fields';

// Courier (Company Settings, Bank Transfer Details)

export const courierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  logo_url: z.string().nullable(),
  /** The accent colour (#rrggbb) the portals and storefront use; null for the default. */
  accent_color: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  shipping_address_air: z.string().nullable(),
  shipping_address_sea: z.string().nullable(),
  bank_details: z.string().nullable(),
  rate_sheet_url: z.string().nullable(),
  /** IANA time zone every date and time of the courier is shown in. */
  time_zone: z.string(),
  /** Printed on the letterhead as "GCT Reg. No."; null when not registered. */
  gct_registration_number: z.string().nullable(),
  paper_size: z.enum(PAPER_SIZES),
});
export type Courier = z.infer<typeof courierSchema>;
/**
 * The courier as people without the settings right read it (customers, staff): what their pages
 * show of it, never its bank details, US addresses or contact person.
 */
export const courierBriefSchema = courierSchema.pick({
  id: true,
  name: true,
  code: true,
  logo_url: true,
  accent_color: true,
  rate_sheet_url: true,
  time_zone: true,
  gct_registration_number: true,
  paper_size: true,
});
export type CourierBrief = z.infer<typeof courierBriefSchema>;

/** PUT /couriers/{id}: sends `name`; the form also edits the contact person. */
export const updateCourierSchema = z.strictObject({
  name: trimmed(120, SETTINGS_MESSAGES.nameRequired),
  first_name: trimmed(80, SETTINGS_MESSAGES.firstNameRequired),
  last_name: trimmed(80, SETTINGS_MESSAGES.lastNameRequired),
  email: email(SETTINGS_MESSAGES.emailRequired, SETTINGS_MESSAGES.emailInvalid),
  /** Left out, the courier keeps its time zone. */
  time_zone: z.string().trim().refine(isValidTimeZone, SETTINGS_MESSAGES.timeZoneInvalid).optional(),
  /** Left out, unchanged; empty, cleared. */
  gct_registration_number: z.string().trim().max(GCT_REG_NO_MAX, SETTINGS_MESSAGES.gctRegistrationNumberTooLong).optional(),
  /** Left out, unchanged. */
  paper_size: z.enum(PAPER_SIZES, { error: SETTINGS_MESSAGES.paperSizeInvalid }).optional(),
  /** Left out, unchanged; empty, back to the default accent. Shaded for contrast where it is used. */
  accent_color: z
    .union([z.literal(''), z.string().trim().regex(HEX_COLOUR, ACCENT_MESSAGES.invalid)], { error: ACCENT_MESSAGES.invalid })
    .optional(),
});
export type UpdateCourierInput = z.input<typeof updateCourierSchema>;
export type UpdateCourierOutput = z.output<typeof updateCourierSchema>;

export const shippingAddressesSchema = z.strictObject({
  shipping_address_air: trimmed(1000),
  shipping_address_sea: trimmed(1000),
});
export type ShippingAddressesInput = z.input<typeof shippingAddressesSchema>;

export const bankDetailsSchema = z.strictObject({ bank_details: trimmed(4000) });
export type BankDetailsInput = z.input<typeof bankDetailsSchema>;

export const logoResponseSchema = z.object({ success: z.literal(true), logo_url: z.string() });
export const bankDetailsResponseSchema = z.object({ success: z.literal(true), courier: z.object({ bank_details: z.string().nullable() }) });
/** GET /settings/bank-details: `details` by its fixed name, and its lines for display. */
export const bankDetailsReadSchema = z.object({ details: z.string().nullable(), lines: z.array(z.string()) });
// ---------------------------------------------------------------------------------------------
// Rate sheet

export const rateSheetSchema = z.object({ rate_sheet_url: z.string().nullable() });
export const rateSheetUploadResponseSchema = z.object({ success: z.literal(true), rate_sheet_url: z.string() });
