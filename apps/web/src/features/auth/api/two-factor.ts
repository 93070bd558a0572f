import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerLoginResponse, StaffLoginResponse } from '@courier/shared/schemas/auth';
import type {
  RecoveryCodesResponse,
  StaffTwoFactorSession,
  TwoFactorPolicy,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@courier/shared/schemas/two-factor';
import { api } from '@/lib/api-client';

import { authKeys } from './keys';

const twoFactorKeys = authKeys.twoFactor;

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKeys.status, queryFn: ({ signal }) => api.get<TwoFactorStatus>('/auth/two-factor', { signal }) });
}

export function useInvalidateTwoFactor() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: twoFactorKeys.status });
}

export const startTwoFactorSetup = () => api.post<TwoFactorSetup>('/auth/two-factor/setup', {});
export const enableTwoFactor = (code: string) => api.post<RecoveryCodesResponse>('/auth/two-factor/enable', { code });
export const disableTwoFactor = (password: string) => api.post<{ message: string }>('/auth/two-factor/disable', { password });

// The second step of a sign-in: no session yet, so a 401 is a wrong code, not an expired session.
export const verifyStaffSecondStep = (challenge: string, code: string) =>
  api.post<StaffLoginResponse>('/auth/two-factor/verify', { challenge, code }, { sessionCall: false });
export const verifyCustomerSecondStep = (challenge: string, code: string) =>
  api.post<CustomerLoginResponse>('/customers/two-factor/verify', { challenge, code }, { sessionCall: false });
export const startRequiredSetup = (challenge: string) =>
  api.post<TwoFactorSetup>('/auth/two-factor/enrol/setup', { challenge }, { sessionCall: false });
export const confirmRequiredSetup = (challenge: string, code: string) =>
  api.post<StaffTwoFactorSession>('/auth/two-factor/enrol/confirm', { challenge, code }, { sessionCall: false });

export function useTwoFactorPolicy() {
  return useQuery({
    queryKey: twoFactorKeys.policy,
    queryFn: ({ signal }) => api.get<TwoFactorPolicy>('/settings/two-factor', { signal }),
  });
}
export const saveTwoFactorPolicy = (policy: TwoFactorPolicy) => api.put<TwoFactorPolicy>('/settings/two-factor', policy);
/** An admin clears someone's second step (a lost phone). */
export const resetTwoFactor = (target: { kind: 'user' | 'customer'; id: number }) =>
  api.post<{ message: string }>('/auth/two-factor/reset', target);
