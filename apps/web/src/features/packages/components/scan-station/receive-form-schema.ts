import { z } from 'zod';
import { TARIFF_CLASSES } from '@courier/shared/domain/customs';
import { DIMENSIONS_FORMAT_MESSAGE, parseDimensions } from '@courier/shared/domain/volumetric';
import { dimensionSchema, receivePackageSchema, shippingModeSchema } from '@courier/shared/schemas/packages';

export const VALUE_FORMAT_MESSAGE = 'Type the declared value in US dollars, e.g. 45.99';

const api = receivePackageSchema.shape;

/** Empty text is "not given". */
const optionalText = (v: string) => (v.trim() === '' ? undefined : v.trim());

/**
 * The station's receive form as the clerk types it (weight, "12x10x8", dollars), turned into what
 * the API takes (pounds, inches, cents). Each message shows under the field the clerk typed in.
 */
export const receiveFormSchema = z.object({
  // Nothing typed and not a number both ask for the weight.
  weight: z
    .string()
    .transform((v) => (v.trim() === '' ? Number.NaN : Number(v.trim())))
    .pipe(api.weightLb),
  mailbox: z.string().transform(optionalText).pipe(api.mailbox),
  mode: shippingModeSchema,
  tariffClass: z.enum(TARIFF_CLASSES),
  dims: z.string().transform((v, ctx) => {
    if (v.trim() === '') return undefined;
    const dims = parseDimensions(v);
    // One message under the one field, for whichever side is wrong.
    const refused =
      dims &&
      Object.values(dims)
        .map((n) => dimensionSchema.safeParse(n).error)
        .find(Boolean);
    if (!dims || refused) {
      ctx.addIssue({ code: 'custom', message: refused?.issues[0]?.message ?? DIMENSIONS_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return dims;
  }),
  description: z.string().transform(optionalText).pipe(api.description),
  merchant: z.string().transform(optionalText).pipe(api.merchant),
  /** The name on the label, kept with an unknown parcel so it can be matched later. */
  labelName: z.string().transform(optionalText).pipe(api.labelName),
  /** Dollars as typed ("$1,250.00" too) to cents; more than two decimals is refused, not rounded. */
  valueUsd: z
    .string()
    .transform((v, ctx) => {
      const typed = v.replace(/[$,\s]/g, '');
      if (typed === '') return undefined;
      const dollars = Number(typed);
      if (!Number.isFinite(dollars)) {
        ctx.addIssue({ code: 'custom', message: VALUE_FORMAT_MESSAGE });
        return z.NEVER;
      }
      return Math.round(dollars * 1e4) / 100;
    })
    .pipe(api.declaredValueUsdCents),
  /** Boxes under this tracking number; empty is one box. */
  pieces: z
    .string()
    .transform((v) => (v.trim() === '' ? undefined : Number(v.trim())))
    .pipe(api.pieceCount),
});

/** The fields as typed. */
export type ReceiveFields = z.input<typeof receiveFormSchema>;
/** The fields checked and converted. */
export type ReceiveValues = z.output<typeof receiveFormSchema>;

export const EMPTY_RECEIVE_FIELDS: ReceiveFields = {
  weight: '',
  mailbox: '',
  mode: 'AIR',
  tariffClass: 'general',
  dims: '',
  description: '',
  merchant: '',
  labelName: '',
  valueUsd: '',
  pieces: '',
};

/** The API's field names, as the form names them (a refusal from the server shows under its field). */
export const FORM_FIELD_OF: Record<string, keyof ReceiveFields> = {
  weightLb: 'weight',
  lengthIn: 'dims',
  widthIn: 'dims',
  heightIn: 'dims',
  mailbox: 'mailbox',
  customerId: 'mailbox',
  mode: 'mode',
  tariffClass: 'tariffClass',
  description: 'description',
  merchant: 'merchant',
  labelName: 'labelName',
  declaredValueUsdCents: 'valueUsd',
  pieceCount: 'pieces',
  pieceNumber: 'pieces',
};
