import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@courier/shared/schemas/common';
import type { ImportReport, ManifestDetail, ManifestDto, Reconciliation } from '@courier/shared/schemas/manifests';
import { api } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';
import type { ListQueryParams } from '@/lib/list-query';
import { packageKeys } from './keys';

export function useManifests(query: ListQueryParams) {
  return useQuery({
    queryKey: packageKeys.manifests.list(query),
    queryFn: ({ signal }) => api.get<Page<ManifestDto>>('/manifests', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useManifest(id: number | null) {
  return useQuery({
    queryKey: packageKeys.manifests.detail(id),
    queryFn: ({ signal }) => api.get<ManifestDetail>(`/manifests/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useReconciliation(id: number | null) {
  return useQuery({
    queryKey: packageKeys.manifests.reconciliation(id),
    queryFn: ({ signal }) => api.get<Reconciliation>(`/manifests/${id}/reconciliation`, { signal }),
    enabled: id !== null,
  });
}

/** Any manifest call that answers the manifest: the caches of lists, details and packages refresh. */
function useManifestAction<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: packageKeys.manifests.all });
      void qc.invalidateQueries({ queryKey: packageKeys.all });
    },
  });
}

export const useCreateManifest = () => useManifestAction((body: object) => api.post<ManifestDetail>('/manifests', body));

export const useUpdateManifest = (id: number) => useManifestAction((body: object) => api.patch<ManifestDetail>(`/manifests/${id}`, body));

/** Close, ship or mark arrived; shipping before the departure date goes through `useShipMovingDeparture`. */
export const useManifestStep = (id: number) =>
  useManifestAction((step: 'close' | 'ship' | 'arrive') => api.post<ManifestDetail>(`/manifests/${id}/${step}`));

/** Ships before the departure date by moving it to today, with the note saying why. */
export const useShipMovingDeparture = (id: number) =>
  useManifestAction((note: string) =>
    api.post<ManifestDetail>(`/manifests/${id}/ship`, { moveDepartureToToday: true, note: note || undefined }),
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

export const useManifestReady = (id: number | null) => useManifestAction(() => api.post(`/manifests/${id}/ready`));

/** The warehouse's own manifest imported onto an open one: `csv` or `xlsx`, answering the row report. */
export const useImportManifest = (id: number, format: 'csv' | 'xlsx') =>
  useManifestAction((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return uploadForm<ImportReport>(`/manifests/${id}/${format === 'csv' ? 'import' : 'import.xlsx'}`, form);
  });
