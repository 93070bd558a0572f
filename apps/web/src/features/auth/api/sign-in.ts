import type { StaffLoginResponse } from '@courier/shared/schemas/auth';
import type { CustomerSignInResponse, StaffSignInResponse } from '@courier/shared/schemas/two-factor';
import { api } from '@/lib/api-client';

/** The three staff-side sign-in pages and their calls. */
export const STAFF_SIDE_LOGIN_CALLS = {
  admin: '/auth/login',
  staff: '/auth/staff/login',
  superadmin: '/auth/super-admin/login',
} as const;
export type StaffSidePortal = keyof typeof STAFF_SIDE_LOGIN_CALLS;

// Sign-in calls answer 401 for a wrong password: that is not an expired session (sessionCall false).
export function signInStaffSide(portal: StaffSidePortal, email: string, password: string, remember = false) {
  return api.post<StaffSignInResponse>(STAFF_SIDE_LOGIN_CALLS[portal], { email, password, remember }, { sessionCall: false });
}

export function signInCustomer(email: string, password: string, apiKey: string | undefined, remember = false) {
  return api.post<CustomerSignInResponse>(
    '/customers/login',
    { email, password, remember, ...(apiKey ? { api_key: apiKey } : {}) },
    { sessionCall: false },
  );
}

export function exchangeImpersonationToken(token: string) {
  return api.post<StaffLoginResponse>('/auth/impersonation/exchange', { token }, { sessionCall: false });
}
