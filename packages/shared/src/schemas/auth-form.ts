import { DEFAULT_COUNTRY } from '../constants/limits';
import type { CustomerRegisterInput } from './auth';

/*
 * The zod-free part of the auth area: the fixed messages and what the sign-in and registration
 * forms need before they validate. The web app's sign-in pages import this module, and load the
 * schemas of ./auth (and zod, ~25 KB gzip) only when a form is first validated, so zod is not on
 * their first paint. ./auth re-exports every name, so the server and the tests import from there.
 */

/** The exact words for sign-in, registration, sessions and resets. */
export const AUTH_MESSAGES = {
  businessNameRequired: 'Business name is required for business accounts',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  trnRequired: 'TRN is required',
  titleRequired: 'Title is required for individual accounts',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  phoneRequired: 'Phone number is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  addressRequired: 'Street address is required',
  parishRequired: 'Parish is required',
  cityRequired: 'City is required',
  branchRequired: 'Branch is required',
  stepInvalid: 'Please fill in all required fields correctly',
  resetPasswordTooShort: 'Password must be at least 8 characters long',
  resetPasswordHint: 'Password must be at least 8 characters long',
  noToken: 'No token received from server',
  tokenNotFoundAfterLogin: 'Token not found after login',
  invalidTokenType: 'Invalid token type',
  tokenExpired: 'Token has expired',
  invalidOrExpiredToken: 'Invalid or expired token',
  noPermissionArea: 'You do not have permission to access this area',
  loginFailed: 'Login failed',
  customerLoginFailed: 'Login failed. Please try again.',
  loginError: 'An error occurred during login',
  registrationSuccess: 'Registration successful! You are now logged in.',
  registrationFailed: 'Registration failed',
  registrationFailedRetry: 'Registration failed. Please try again.',
  registrationError: 'An error occurred during registration',
  resetEmailSent: 'Password reset email sent. Please check your inbox.',
  resetEmailFailed: 'Failed to send reset email. Please try again.',
  resetSuccess: 'Password reset successful! Please login with your new password.',
  resetFailed: 'Failed to reset password. Please try again.',
  invalidResetLink: 'Invalid Reset Link',
  requestNewReset: 'Please request a new password reset.',
  resetLinkSpent: 'This link has been used or has expired',
  askNewResetLink: 'Ask for a new link',
  courierInvalid: 'Invalid courier information. Reloading page...',
  /** A courier with no active branch: a new customer could not choose where to collect their parcels. */
  notTakingSignUps: 'This courier is not taking sign-ups yet: it has no branch open for pickups. Please check back soon.',
  courierNotFoundReload: 'Courier not found. Reloading page...',
  courierUnauthorizedReload: 'Invalid courier access. Reloading page...',
  courierNetworkReload: 'Network error. Reloading page...',
  courierTimeoutReload: 'Request timeout. Reloading page...',
  courierOtherReload: 'Failed to load registration information. Reloading page...',
  impersonationInvalid: 'Invalid or expired impersonation token',
  impersonationFailed: 'Failed to login via impersonation token',
  impersonationSuccess: 'Successfully logged in via impersonation',
  handoffInvalid: 'This link has expired or was already used. Sign in to open your account.',
} as const;

/** "text, @, text, dot, text". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ---------- Registration ----------

export const ACCOUNT_TYPES = ['individual', 'business'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const TITLES = ['Mr.', 'Mrs.', 'Ms.', 'Dr.'] as const;

/** The wizard's steps, labelled as the progress indicator shows them. */
export const REGISTRATION_STEP_LABELS = ['Account', 'Personal', 'Contact', 'Address'] as const;

/** Form state of the wizard: strings as the inputs hold them. */
export interface RegistrationFormValues {
  accountType: AccountType;
  businessName: string;
  title: string;
  firstName: string;
  lastName: string;
  trn: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  address: string;
  parish: string;
  city: string;
  branchId: string;
  couponCode: string;
  referralCode: string;
}

/** The wizard's values turned into the payload: trimmed, e-mail lowercased, nulls where the type says so. */
export function registrationPayload(values: RegistrationFormValues, courierId: number, apiKey: string): CustomerRegisterInput {
  const business = values.accountType === 'business';
  return {
    accountType: values.accountType,
    businessName: business ? values.businessName.trim() : null,
    title: business ? null : (values.title as (typeof TITLES)[number]),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim().toLowerCase(),
    phone: values.phone.trim(),
    password: values.password,
    trn: values.trn.trim(),
    address: values.address.trim(),
    parish: values.parish,
    city: values.city.trim(),
    country: DEFAULT_COUNTRY,
    branchId: Number(values.branchId),
    courierId,
    couponCode: values.couponCode.trim() || null,
    referralCode: values.referralCode.trim() || null,
    api_key: apiKey,
  };
}
