import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  CHANGE_PASSWORD_MESSAGES,
  type RegistrationFormValues,
  changePasswordFormSchema,
  customerRegisterSchema,
  loginSchema,
  registrationPayload,
  registrationStepSchemas,
  resetPasswordFormSchema,
} from './auth';

const valid: RegistrationFormValues = {
  accountType: 'individual',
  businessName: '',
  title: 'Mrs.',
  firstName: ' Ann ',
  lastName: ' Brown ',
  trn: ' 123 ',
  email: ' Ann.Brown@Example.COM ',
  phone: ' 876 ',
  password: 'secret123',
  confirmPassword: 'secret123',
  address: ' 1 Main St ',
  parish: 'Clarendon',
  city: ' May Pen ',
  branchId: '3',
  couponCode: '',
  referralCode: '',
};

function messages(step: number, overrides: Partial<RegistrationFormValues>): string[] {
  const schema = registrationStepSchemas[step];
  if (!schema) throw new Error(`no step ${step}`);
  const result = schema.safeParse({ ...valid, ...overrides });
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('registration steps', () => {
  it('every step passes with valid values', () => {
    for (let step = 0; step < 4; step += 1) expect(messages(step, {})).toEqual([]);
  });
  it.each<[number, Partial<RegistrationFormValues>, string]>([
    [0, { accountType: 'business', businessName: ' ' }, AUTH_MESSAGES.businessNameRequired],
    [1, { firstName: '  ' }, 'First name is required'],
    [1, { lastName: '' }, 'Last name is required'],
    [1, { trn: '' }, 'TRN is required'],
    [1, { title: '' }, 'Title is required for individual accounts'],
    [2, { email: '' }, 'Email is required'],
    [2, { email: 'a@b' }, 'Invalid email format'],
    [2, { email: 'a b@c.d' }, 'Invalid email format'],
    [2, { phone: ' ' }, 'Phone number is required'],
    [2, { password: '', confirmPassword: '' }, 'Password is required'],
    [2, { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    [2, { confirmPassword: 'other-secret' }, 'Passwords do not match'],
    [3, { address: '' }, 'Street address is required'],
    [3, { parish: '' }, 'Parish is required'],
    [3, { parish: 'Atlantis' }, 'Parish is required'],
    [3, { city: '' }, 'City is required'],
    [3, { branchId: '' }, 'Branch is required'],
  ])('step %i with %j says "%s"', (step, overrides, message) => {
    expect(messages(step, overrides)).toContain(message);
  });
  it('a business account needs no title, an individual no business name', () => {
    expect(messages(1, { accountType: 'business', title: '' })).toEqual([]);
    expect(messages(0, { accountType: 'individual', businessName: '' })).toEqual([]);
  });
});

describe('registration payload', () => {
  it('trims, lowercases the e-mail and nulls what the account type does not use', () => {
    const payload = registrationPayload(valid, 7, 'ck_key');
    expect(payload).toMatchObject({
      firstName: 'Ann',
      lastName: 'Brown',
      email: 'ann.brown@example.com',
      phone: '876',
      trn: '123',
      address: '1 Main St',
      city: 'May Pen',
      businessName: null,
      title: 'Mrs.',
      country: 'Jamaica',
      branchId: 3,
      courierId: 7,
      couponCode: null,
      referralCode: null,
      api_key: 'ck_key',
    });
    expect(customerRegisterSchema.safeParse(payload).success).toBe(true);
  });
  it('the server schema refuses unknown fields', () => {
    const result = customerRegisterSchema.safeParse({ ...registrationPayload(valid, 7, 'k'), role: 'admin' });
    expect(result.success).toBe(false);
  });
});

describe('sign-in and reset', () => {
  it('login needs an e-mail and a password, nothing more', () => {
    expect(loginSchema.safeParse({ email: '', password: '' }).error?.issues.map((i) => i.message)).toEqual([
      'Email is required',
      'Password is required',
    ]);
    expect(loginSchema.parse({ email: ' A@B.CO ', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });
  it('reset password: match and length', () => {
    const msgs = (newPassword: string, confirmPassword: string) =>
      resetPasswordFormSchema.safeParse({ newPassword, confirmPassword }).error?.issues.map((i) => i.message) ?? [];
    expect(msgs('short', 'short')).toEqual(['Password must be at least 8 characters long']);
    expect(msgs('long-enough', 'different')).toEqual(['Passwords do not match']);
    expect(msgs('long-enough', 'long-enough')).toEqual([]);
  });
  it('change password messages', () => {
    const msgs = (currentPassword: string, newPassword: string, confirmPassword: string) =>
      changePasswordFormSchema.safeParse({ currentPassword, newPassword, confirmPassword }).error?.issues.map((i) => i.message) ?? [];
    expect(msgs('', '', '')).toEqual(
      expect.arrayContaining([CHANGE_PASSWORD_MESSAGES.currentRequired, CHANGE_PASSWORD_MESSAGES.newRequired]),
    );
    expect(msgs('old-pass', 'short', 'short')).toEqual([CHANGE_PASSWORD_MESSAGES.newTooShort]);
    expect(msgs('old-pass1', 'new-pass1', 'new-pass2')).toEqual([CHANGE_PASSWORD_MESSAGES.mismatch]);
    expect(msgs('same-pass', 'same-pass', 'same-pass')).toEqual([CHANGE_PASSWORD_MESSAGES.same]);
  });
});
