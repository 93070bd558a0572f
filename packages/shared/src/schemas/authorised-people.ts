import { z } from 'zod';

/**
 * People a customer lets collect their parcels at the counter: the counter sees the list, picks the
 * one collecting and checks the ID named here before the release, which records who collected.
 */

export const ID_TYPES = ['national_id', 'drivers_licence', 'passport'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ID_TYPE_LABELS: Record<IdType, string> = {
  national_id: 'National ID',
  drivers_licence: "Driver's licence",
  passport: 'Passport',
};

/** How many people one customer may authorise at a time. */
export const AUTHORISED_PEOPLE_MAX = 10;

export const AUTHORISED_PEOPLE_MESSAGES = {
  nameRequired: "Please enter the person's full name",
  idTypeRequired: 'Choose the type of ID they will show',
  idNumberRequired: 'Please enter the ID number',
  idNumberInvalid: 'Use letters, digits, spaces and hyphens only',
  phoneRequired: 'Please enter their phone number',
  phoneInvalid: 'Enter a phone number: digits, spaces, +, - and brackets',
  tooMany: `You can authorise at most ${AUTHORISED_PEOPLE_MAX} people: remove one first`,
  notFound: 'Authorised person not found',
  added: 'Authorised person added',
  removed: 'Authorised person removed',
  notAuthorised: 'That person is not authorised to collect for this customer',
  idNotChecked: 'Check the ID of the person collecting before releasing',
} as const;

export const authorisedPersonInputSchema = z.strictObject({
  name: z.string().trim().min(1, AUTHORISED_PEOPLE_MESSAGES.nameRequired).max(120, 'At most 120 characters'),
  idType: z.enum(ID_TYPES, { error: AUTHORISED_PEOPLE_MESSAGES.idTypeRequired }),
  idNumber: z
    .string()
    .trim()
    .min(1, AUTHORISED_PEOPLE_MESSAGES.idNumberRequired)
    .max(40, 'At most 40 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, AUTHORISED_PEOPLE_MESSAGES.idNumberInvalid),
  phone: z
    .string()
    .trim()
    .min(1, AUTHORISED_PEOPLE_MESSAGES.phoneRequired)
    .max(30, 'At most 30 characters')
    .regex(/^\+?[\d\s().-]{7,}$/, AUTHORISED_PEOPLE_MESSAGES.phoneInvalid),
});
export type AuthorisedPersonInput = z.input<typeof authorisedPersonInputSchema>;

export const authorisedPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  idType: z.enum(ID_TYPES),
  idNumber: z.string(),
  phone: z.string(),
  createdAt: z.string(),
});
export type AuthorisedPerson = z.infer<typeof authorisedPersonSchema>;

/** "Passport A1234567": the ID as the counter reads it and the release records it. */
export const idLabel = (idType: IdType, idNumber: string) => `${ID_TYPE_LABELS[idType]} ${idNumber}`;
