import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES } from '@courier/shared/constants/limits';
import type { ShippingMode } from '@courier/shared/constants/packages';
import type { Page } from '@courier/shared/schemas/common';
import type { ImportReport, ManifestDetail, ManifestDto, Reconciliation } from '@courier/shared/schemas/manifests';
import type { PackageListItem } from '@courier/shared/schemas/packages';
import { api } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';
import type { ListQueryParams } from '@/lib/list-query';
import { recordKeys } from '@/lib/query-keys';
import { manifestKeys } from './keys';

export function useManifests(query: ListQueryParams) {
  return useQuery({
    queryKey: manifestKeys.list(query),
    queryFn: ({ signal }) => api.get<Page<ManifestDto>>('/manifests', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useManifest(id: number | null) {
  return useQuery({
    queryKey: manifestKeys.detail(id),
    queryFn: ({ signal }) => api.get<ManifestDetail>(`/manifests/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useReconciliation(id: number | null) {
  return useQuery({
    queryKey: manifestKeys.reconciliation(id),
    queryFn: ({ signal }) => api.get<Reconciliation>(`/manifests/${id}/reconciliation`, { signal }),
    enabled: id !== null,
  });
}

/** The first page of a mode's packages on hold at the warehouse, which cannot go on a manifest until released. */
export function useHeldPackages(mode: ShippingMode) {
  // The package list takes only its page sizes.
  const query = { limit: PAGE_SIZES[1], filters: JSON.stringify({ status: 'on_hold', mode }) };
  return useQuery({
    queryKey: manifestKeys.held(mode),
    queryFn: ({ signal }) => api.get<Page<PackageListItem>>('/packages', { query, signal }),
  });
}

/** Any manifest call that answers the manifest: the caches of lists, details and packages refresh. */
function useManifestAction<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: manifestKeys.all });
      void qc.invalidateQueries({ queryKey: recordKeys.packages });
    },
  });
}

export const useCreateManifest = () => useManifestAction((body: object) => api.post<ManifestDetail>('/manifests', body));

export const useUpdateManifest = (id: number) => useManifestAction((body: object) => api.patch<ManifestDetail>(`/manifests/${id}`, body));

/** Close, ship or mark arrived; shipping before the departure date goes through `useShipMovingDeparture`. */
export const useManifestStep = (id: number) =>
  useManifestAction((step: 'close' | 'ship' | 'arrive') => api.post<ManifestDto>(`/manifests/${id}/${step}`));

/** Ships before the departure date by moving it to today, with the note saying why. */
export const useShipMovingDeparture = (id: number) =>
  useManifestAction((note: string) =>
    api.post<ManifestDto>(`/manifests/${id}/ship`, { moveDepartureToToday: true, note: note || undefined }),
  );

/** A scan (package number or tracking) adds a package to the manifest. */
export const useAddScanToManifest = (id: number) =>
  useManifestAction((scan: string) => api.post<ManifestDetail>(`/manifests/${id}/packages`, { scan }));

/** A scan takes a package off the manifest. */
export const useRemoveScanFromManifest = (id: number) =>
  useManifestAction((scan: string) => api.post<ManifestDetail>(`/manifests/${id}/packages/removals`, { scan }));

export const useRemoveManifestPackage = (id: number) =>
  useManifestAction((packageId: number) => api.delete<ManifestDetail>(`/manifests/${id}/packages/${packageId}`));

/** One scan at reconciliation: expected (green) or an extra, with the API's message. */
export const useReconciliationScan = (id: number | null) =>
  useManifestAction((trackingNumber: string) =>
    api.post<{ message: string; result: string }>(`/manifests/${id}/reconciliation/scans`, { trackingNumber }),
  );

export const useCloseReconciliation = (id: number | null) =>
  useManifestAction((note: string) => api.post(`/manifests/${id}/reconciliation/close`, { note: note || undefined }));

export const useManifestReady = (id: number | null) => useManifestAction(() => api.post<ManifestDetail>(`/manifests/${id}/ready`));

/** The warehouse's own manifest imported onto an open one: `csv` or `xlsx`, answering the row report. */
export const useImportManifest = (id: number, format: 'csv' | 'xlsx', onProgress?: (percent: number) => void) =>
  useManifestAction((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return uploadForm<ImportReport>(`/manifests/${id}/${format === 'csv' ? 'import' : 'import.xlsx'}`, form, { onProgress });
  });
