import type { FieldPath } from 'react-hook-form';
import type { RegistrationFormValues } from '@courier/shared/schemas/auth-form';

export const STEP_TITLES = ['Account Type', 'Personal Information', 'Contact Information', 'Address & Branch'] as const;
export const STEP_FIELDS: ReadonlyArray<ReadonlyArray<FieldPath<RegistrationFormValues>>> = [
  ['accountType', 'businessName'],
  ['title', 'firstName', 'lastName', 'trn'],
  ['email', 'phone', 'password', 'confirmPassword'],
  ['address', 'parish', 'city', 'branchId', 'referralCode', 'couponCode'],
];

/** The step schemas, with zod: loaded at the first validation (or when focus enters the form), not with the page. */
const loadStepSchemas = async () => (await import('@courier/shared/schemas/auth')).registrationStepSchemas;
export const preloadStepSchemas = () => void loadStepSchemas().catch(() => undefined);

/** The first message per field of one step's rules. */
export async function stepErrors(step: number, values: RegistrationFormValues): Promise<Map<FieldPath<RegistrationFormValues>, string>> {
  const schema = (await loadStepSchemas())[step];
  const out = new Map<FieldPath<RegistrationFormValues>, string>();
  if (!schema) return out;
  const result = schema.safeParse(values);
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as FieldPath<RegistrationFormValues>;
    if (!out.has(field)) out.set(field, issue.message);
  }
  return out;
}

/** The wizard's starting values. */
export const EMPTY_REGISTRATION: RegistrationFormValues = {
  accountType: 'individual',
  businessName: '',
  title: '',
  firstName: '',
  lastName: '',
  trn: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  address: '',
  parish: '',
  city: '',
  branchId: '',
  couponCode: '',
  referralCode: '',
};
