import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { PackageStatus } from '@courier/shared/constants/packages';
import type { Page } from '@courier/shared/schemas/common';
import {
  PACKAGE_MESSAGES,
  type PackageDetail,
  type PackageDto,
  type PackageListItem,
  type ReceivePackageInput,
  type ScanLookup,
  type UpdatePackageInput,
} from '@courier/shared/schemas/packages';
import type { ReleaseOverrideInput } from '@courier/shared/schemas/release';
import { api, errorMessage } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';

export type ListQueryParams = Record<string, string | number | undefined>;

export const packageKeys = {
  all: ['packages'] as const,
  list: (scope: string, query: ListQueryParams) => ['packages', scope, query] as const,
  detail: (id: number, customer: boolean) => ['packages', 'detail', id, customer] as const,
  photos: (id: number, customer: boolean) => ['packages', 'photos', id, customer] as const,
  photo: (id: number, photoId: number, size: 'thumb' | 'full', customer: boolean) =>
    ['packages', 'photos', id, customer, photoId, size] as const,
};

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

export const lookupTracking = (trackingNumber: string) => api.get<ScanLookup>('/packages/scan', { query: { trackingNumber } });

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

export function useAssignPackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mailbox }: { id: number; mailbox: string }) => api.post<PackageDetail>(`/packages/${id}/assign`, { mailbox }),
    onSuccess: () => {
      toast.success(PACKAGE_MESSAGES.assigned);
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

export function useCustomerSearch(q: string) {
  return useQuery({
    queryKey: ['packages', 'customers', q],
    queryFn: ({ signal }) => api.get<CustomerOption[]>('/packages/customers', { query: { q }, signal }),
    enabled: q.trim().length >= 2,
  });
}

/** Corrects a package after receiving (PATCH); a weight above the courier's ceiling answers `heavy_weight` until confirmed. */
export function useCorrectPackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdatePackageInput }) => api.patch<PackageDetail>(`/packages/${id}`, input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: packageKeys.all });
      void qc.invalidateQueries({ queryKey: ['manifests'] });
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
      void qc.invalidateQueries({ queryKey: ['manifests'] });
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
