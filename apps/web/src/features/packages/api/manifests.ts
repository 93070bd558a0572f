import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@courier/shared/schemas/common';
import type { ImportReport, ManifestDetail, ManifestDto, Reconciliation } from '@courier/shared/schemas/manifests';
import { api } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';
import type { ListQueryParams } from './packages';

export function useManifests(query: ListQueryParams) {
  return useQuery({
    queryKey: ['manifests', 'list', query],
    queryFn: ({ signal }) => api.get<Page<ManifestDto>>('/manifests', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useManifest(id: number | null) {
  return useQuery({
    queryKey: ['manifests', 'detail', id],
    queryFn: ({ signal }) => api.get<ManifestDetail>(`/manifests/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useReconciliation(id: number | null) {
  return useQuery({
    queryKey: ['manifests', 'reconciliation', id],
    queryFn: ({ signal }) => api.get<Reconciliation>(`/manifests/${id}/reconciliation`, { signal }),
    enabled: id !== null,
  });
}

/** Any manifest call that answers the manifest: the caches of lists, details and packages refresh. */
export function useManifestAction<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['manifests'] });
      void qc.invalidateQueries({ queryKey: ['packages'] });
    },
  });
}

export const importManifestCsv = (id: number, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return uploadForm<ImportReport>(`/manifests/${id}/import`, form);
};

export const importManifestXlsx = (id: number, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return uploadForm<ImportReport>(`/manifests/${id}/import.xlsx`, form);
};
