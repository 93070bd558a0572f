import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Branch, BranchInput, BranchOption } from '@courier/shared/schemas/branches';
import type { CustomerRecord, CustomerUpdateInput } from '@courier/shared/schemas/customers';
import type { Dashboard } from '@courier/shared/schemas/dashboard';
import type {
  CourierCreateInput,
  CourierDetail,
  CourierOption,
  CourierUpdateInput,
  PlatformSettings,
  PlatformSettingsInput,
} from '@courier/shared/schemas/platform';
import type { RoleInput, RoleRecord } from '@courier/shared/schemas/roles';
import type { StaffCreateInput, StaffMember, StaffUpdateInput } from '@courier/shared/schemas/staff';
import { api } from '@/lib/api-client';

export const keys = {
  branches: ['branches'] as const,
  staff: ['staff'] as const,
  roles: ['roles'] as const,
  customers: ['customers'] as const,
  couriers: ['platform-couriers'] as const,
  platformSettings: ['platform-settings'] as const,
  dashboard: ['dashboard'] as const,
};

/** Invalidates a family of queries after a change (lists, details and options alike). */
function useInvalidate() {
  const client = useQueryClient();
  return (...families: Array<readonly string[]>) => Promise.all(families.map((queryKey) => client.invalidateQueries({ queryKey })));
}

// ---------- Branches ----------
export const useBranch = (id: number) =>
  useQuery({ queryKey: [...keys.branches, 'one', id], queryFn: () => api.get<Branch>(`/branches/${id}`) });
export const useBranchOptions = (courierId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: [...keys.branches, 'options', courierId ?? null],
    queryFn: () => api.get<BranchOption[]>('/branches/options', { query: { courierId } }),
    enabled,
  });
export function useSaveBranch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: BranchInput }) =>
      id ? api.put<Branch>(`/branches/${id}`, input) : api.post<Branch>('/branches', input),
    onSuccess: () => invalidate(keys.branches, keys.dashboard),
  });
}
export function useDeleteBranch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/branches/${id}`),
    onSuccess: () => invalidate(keys.branches, keys.dashboard),
  });
}

// ---------- Roles ----------
export const useRole = (id: number, enabled = true) =>
  useQuery({ queryKey: [...keys.roles, 'one', id], queryFn: () => api.get<RoleRecord>(`/roles/${id}`), enabled });
export const useRoleOptions = (courierId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: [...keys.roles, 'options', courierId ?? null],
    queryFn: () => api.get<Array<{ id: number; name: string }>>('/roles/options', { query: { courierId } }),
    enabled,
  });
export function useSaveRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: RoleInput }) =>
      id ? api.put<RoleRecord>(`/roles/${id}`, input) : api.post<RoleRecord>('/roles', input),
    onSuccess: () => invalidate(keys.roles),
  });
}
export function useDeleteRole() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.delete(`/roles/${id}`), onSuccess: () => invalidate(keys.roles) });
}

// ---------- Staff ----------
export const useStaffMember = (id: number) =>
  useQuery({ queryKey: [...keys.staff, 'one', id], queryFn: () => api.get<StaffMember>(`/staff/${id}`) });
export function useCreateStaff() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: StaffCreateInput) => api.post<StaffMember>('/staff', input),
    onSuccess: () => invalidate(keys.staff, keys.branches, keys.roles, keys.dashboard),
  });
}
export function useUpdateStaff() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: StaffUpdateInput }) => api.put<StaffMember>(`/staff/${id}`, input),
    onSuccess: () => invalidate(keys.staff, keys.branches, keys.roles),
  });
}
export function useSetStaffActive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api.patch<StaffMember>(`/staff/${id}/status`, { active }),
    onSuccess: () => invalidate(keys.staff, keys.dashboard),
  });
}
export const useResetStaffPassword = () =>
  useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => api.post(`/staff/${id}/reset-password`, { password }),
  });
export const useImpersonate = () =>
  useMutation({ mutationFn: (userId: number) => api.post<{ token: string; url: string }>(`/auth/impersonate/${userId}`) });

// ---------- Customers ----------
export type CustomerArea = 'customers' | 'business-customers';
export const useCustomer = (area: CustomerArea, id: number) =>
  useQuery({ queryKey: [...keys.customers, area, 'one', id], queryFn: () => api.get<CustomerRecord>(`/${area}/${id}`) });
export function useUpdateCustomer(area: CustomerArea) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CustomerUpdateInput }) => api.put<CustomerRecord>(`/${area}/${id}`, input),
    onSuccess: () => invalidate(keys.customers, keys.dashboard),
  });
}
export function useSetCustomerActive(area: CustomerArea) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api.patch<CustomerRecord>(`/${area}/${id}/status`, { active }),
    onSuccess: () => invalidate(keys.customers, keys.dashboard),
  });
}

// ---------- Couriers and platform (super admin) ----------
export const useCourierOptions = (enabled = true) =>
  useQuery({ queryKey: [...keys.couriers, 'options'], queryFn: () => api.get<CourierOption[]>('/platform/couriers/options'), enabled });
export const useCourierDetail = (id: number) =>
  useQuery({ queryKey: [...keys.couriers, 'one', id], queryFn: () => api.get<CourierDetail>(`/platform/couriers/${id}`) });
export function useCreateCourier() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CourierCreateInput) => api.post<CourierDetail>('/platform/couriers', input),
    onSuccess: () => invalidate(keys.couriers, keys.dashboard),
  });
}
export function useUpdateCourier() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CourierUpdateInput }) => api.put<CourierDetail>(`/platform/couriers/${id}`, input),
    onSuccess: () => invalidate(keys.couriers),
  });
}
export function useSetCourierStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'active' | 'suspended' }) =>
      api.patch<CourierDetail>(`/platform/couriers/${id}/status`, { status }),
    onSuccess: () => invalidate(keys.couriers, keys.dashboard),
  });
}
export function useSetCourierSmtpSecurity() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, allowInsecureSmtp }: { id: number; allowInsecureSmtp: boolean }) =>
      api.patch<CourierDetail>(`/platform/couriers/${id}/smtp-security`, { allowInsecureSmtp }),
    onSuccess: () => invalidate(keys.couriers),
  });
}
export function useRotateApiKey() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.post<CourierDetail>(`/platform/couriers/${id}/api-key`),
    onSuccess: () => invalidate(keys.couriers),
  });
}
export const usePlatformSettings = () =>
  useQuery({ queryKey: keys.platformSettings, queryFn: () => api.get<PlatformSettings>('/platform/settings') });
export function useSavePlatformSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PlatformSettingsInput) => api.put<PlatformSettings>('/platform/settings', input),
    onSuccess: () => invalidate(keys.platformSettings),
  });
}

// ---------- Dashboard ----------
export const useDashboard = (courierId?: number) =>
  useQuery({ queryKey: [...keys.dashboard, courierId ?? null], queryFn: () => api.get<Dashboard>('/dashboard', { query: { courierId } }) });
