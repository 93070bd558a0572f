import type { BranchBrief, CourierValidation, CustomerLoginResponse, CustomerRegisterInput } from '@courier/shared/schemas/auth';
import { api } from '@/lib/api-client';

export function validateCourier(apiKey: string) {
  return api.get<{ success: boolean; data?: CourierValidation | null }>(`/couriers/validate/${encodeURIComponent(apiKey)}`, {
    sessionCall: false,
  });
}

export function getPublicBranches(courierId: number) {
  return api.get<{ success: boolean; data: BranchBrief[] }>(`/branches/public/${courierId}`, { sessionCall: false });
}

export function registerCustomer(payload: CustomerRegisterInput) {
  return api.post<CustomerLoginResponse>('/customers/register', payload, { sessionCall: false });
}
