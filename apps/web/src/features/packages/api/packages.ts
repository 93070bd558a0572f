import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { PackageStatus } from '@courier/shared/constants/packages';
import type { Page } from '@courier/shared/schemas/common';
import {
  type ClaimDto,
  PACKAGE_MESSAGES,
  type PackageContentsInput,
  type PackageDetail,
  type PackageDto,
  type PackageListItem,
  type ReceivePackageInput,
  type UpdatePackageInput,
} from '@courier/shared/schemas/packages';
import type { ReleaseOverrideInput } from '@courier/shared/schemas/release';
import type { walkInCustomerSchema } from '@courier/shared/schemas/auth';
import type { z } from 'zod';
import { useDebounced } from '@/hooks/use-debounced';
import { api, errorMessage } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';

import type { ListQueryParams } from '@/lib/list-query';
import { recordKeys } from '@/lib/query-keys';
import { packageKeys } from './keys';

export type { ListQueryParams };
export { packageKeys };

type PackageListPath = '/packages' | '/packages/unknown' | '/customer/packages';
/** The staff list sends its table's fields only; the other two lists whole packages. */
type PackageListRow<P extends PackageListPath> = P extends '/packages' ? PackageListItem : PackageDto;

/** The staff list (`/packages`), Unknown (`/packages/unknown`) and the customer's own list. */
export function usePackageList<P extends PackageListPath>(path: P, query: ListQueryParams) {
  return useQuery({
    queryKey: packageKeys.list(path, query),
    queryFn: ({ signal }) => api.get<Page<PackageListRow<P>>>(path, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePackage(id: number | null, customer = false) {
  return useQuery({
    queryKey: packageKeys.detail(id ?? 0, customer),
    queryFn: ({ signal }) => api.get<PackageDetail>(customer ? `/customer/packages/${id}` : `/packages/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** The unknown package a scan names (its label's number or the carrier's), for the assignment station. */
export const findUnknownByScan = (code: string) => api.get<PackageDetail>('/packages/unknown/scan', { query: { code } });

export function useReceivePackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReceivePackageInput) => api.post<PackageDetail>('/packages', input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: packageKeys.all });
    },
  });
}

export function useChangeStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, note }: { id: number; status: PackageStatus; note?: string }) =>
      api.post<PackageDetail>(`/packages/${id}/status`, { status, note: note || undefined }),
    onSuccess: () => {
      toast.success(PACKAGE_MESSAGES.statusChanged);
      void qc.invalidateQueries({ queryKey: packageKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not change the status')),
  });
}

export interface BulkResult {
  changed: number;
  results: Array<{ id: number; packageNumber: string | null; ok: boolean; message?: string }>;
}

export function useBulkStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[]; status: PackageStatus; note?: string } & ReleaseOverrideInput) =>
      api.post<BulkResult>('/packages/bulk-status', input),
    onSuccess: (result) => {
      void qc.invalidateQueries({ queryKey: packageKeys.all });
      const refused = result.results.filter((r) => !r.ok);
      if (result.changed > 0) toast.success(`${result.changed} package${result.changed === 1 ? '' : 's'} updated`);
      for (const r of refused.slice(0, 3)) toast.error(r.message ?? 'Refused');
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not change the status')),
  });
}

/** Assigns an unknown package to a mailbox; `silent` when the screen shows the outcome itself (the scan station). */
export function useAssignPackage({ silent = false }: { silent?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mailbox }: { id: number; mailbox: string }) => api.post<PackageDetail>(`/packages/${id}/assign`, { mailbox }),
    onSuccess: () => {
      if (!silent) toast.success(PACKAGE_MESSAGES.assigned);
      void qc.invalidateQueries({ queryKey: packageKeys.all });
    },
  });
}

export interface CustomerOption {
  id: number;
  mailboxNumber: string;
  name: string;
  branchName: string | null;
}

/** A walk-in customer registered at the counter (name, mailbox, the welcome e-mail). */
export function useRegisterWalkIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: WalkInCustomer) => api.post<CustomerOption>('/packages/customers', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: packageKeys.customers() }),
  });
}

type WalkInCustomer = z.output<typeof walkInCustomerSchema>;

export type UncollectedPackage = PackageDto & { daysWaiting: number };

/** Packages ready for longer than the courier's uncollected limit, oldest first by default. */
export function useUncollected(query: ListQueryParams) {
  return useQuery({
    queryKey: packageKeys.uncollected(query),
    queryFn: ({ signal }) => api.get<Page<UncollectedPackage>>('/packages/uncollected', { query, signal }),
  });
}

/** Customers' claims for unknown packages. */
export function useUnknownClaims(query: ListQueryParams) {
  return useQuery({
    queryKey: packageKeys.claims(query),
    queryFn: ({ signal }) => api.get<Page<ClaimDto>>('/unknown-claims', { query, signal }),
  });
}

/** Approves (the package becomes the customer's) or rejects a claim. */
export function useDecideClaim() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      api.post<ClaimDto>(`/unknown-claims/${id}/${approve ? 'approve' : 'reject'}`),
    onSuccess: (c) => {
      toast.success(c.status === 'approved' ? PACKAGE_MESSAGES.assigned : 'Claim rejected');
      void qc.invalidateQueries({ queryKey: packageKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not decide the claim')),
  });
}

/** Pause in typing before the customer lookup asks. */
export const CUSTOMER_SEARCH_PAUSE_MS = 250;

/**
 * Customers matching a typed mailbox or name: asked once typing pauses, and a lookup still in
 * flight when the words change is cancelled (its signal aborts the request).
 */
export function useCustomerSearch(typed: string) {
  const q = useDebounced(typed.trim(), CUSTOMER_SEARCH_PAUSE_MS);
  const enabled = q.length >= 2;
  return useQuery({
    queryKey: packageKeys.customers(q),
    queryFn: ({ signal }) => api.get<CustomerOption[]>('/packages/customers', { query: { q }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    select: (data) => (enabled ? data : undefined),
  });
}

/** Corrects a package after receiving (PATCH); a weight above the courier's ceiling answers `heavy_weight` until confirmed. */
export function useCorrectPackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdatePackageInput }) => api.patch<PackageDetail>(`/packages/${id}`, input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: packageKeys.all });
      void qc.invalidateQueries({ queryKey: recordKeys.manifests });
    },
  });
}

export function useVoidPackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<PackageDetail>(`/packages/${id}/void`, { reason }),
    onSuccess: () => {
      toast.success(PACKAGE_MESSAGES.voided);
      void qc.invalidateQueries({ queryKey: packageKeys.all });
      void qc.invalidateQueries({ queryKey: recordKeys.manifests });
    },
  });
}

export function useReleaseHold() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => api.post<PackageDetail>(`/packages/${id}/release`, { note }),
    onSuccess: () => {
      toast.success(PACKAGE_MESSAGES.released);
      void qc.invalidateQueries({ queryKey: packageKeys.all });
    },
  });
}

/** Staff upload the merchant invoice for a package; a hold for it ends. */
export function useUploadPackageInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('invoice', file);
      return uploadForm<PackageDetail>(`/packages/${id}/invoice`, form);
    },
    onSuccess: () => {
      toast.success(PACKAGE_MESSAGES.invoiceUploaded);
      void qc.invalidateQueries({ queryKey: packageKeys.all });
    },
  });
}

/** The customer completes merchant, contents and value of their own parcel with no pre-alert. */
export function useGiveContents(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PackageContentsInput) => api.put<PackageDetail>(`/customer/packages/${id}/contents`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: packageKeys.all }),
  });
}
