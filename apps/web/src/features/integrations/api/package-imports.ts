import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ImportMapping } from '@courier/shared/domain/package-import';
import type {
  ImportDetailDto,
  ImportPreviewDto,
  ImportRowResult,
  ImportUploadDto,
  PackageImportDto,
} from '@courier/shared/schemas/package-imports';
import { api } from '@/lib/api-client';
import { recordKeys } from '@/lib/query-keys';
import { uploadForm } from '@/lib/upload';

/** The one query-key factory of the integrations area (imports, API keys, webhooks). */
export const integrationKeys = {
  all: ['integrations'] as const,
  imports: () => [...integrationKeys.all, 'imports'] as const,
  import: (id: number) => [...integrationKeys.imports(), id] as const,
  apiKeys: () => [...integrationKeys.all, 'api-keys'] as const,
  pickup: () => [...integrationKeys.all, 'agent-pickup'] as const,
  webhooks: () => [...integrationKeys.all, 'webhooks'] as const,
  deliveries: (endpointId: number) => [...integrationKeys.webhooks(), endpointId, 'deliveries'] as const,
};

export function usePackageImports() {
  return useQuery({
    queryKey: integrationKeys.imports(),
    queryFn: ({ signal }) => api.get<PackageImportDto[]>('/package-imports', { signal }),
  });
}

/** One import; polled every half second while it runs, for its progress. */
export function usePackageImport(id: number | null) {
  return useQuery({
    queryKey: integrationKeys.import(id ?? 0),
    queryFn: ({ signal }) => api.get<ImportDetailDto>(`/package-imports/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'importing' ? 500 : false),
  });
}

export function useUploadImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) => {
      const form = new FormData();
      form.append('file', file);
      return uploadForm<ImportUploadDto>('/package-imports', form, { onProgress });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: integrationKeys.imports() }),
  });
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: ({ id, mapping }: { id: number; mapping: ImportMapping }) =>
      api.post<ImportPreviewDto>(`/package-imports/${id}/preview`, { mapping }),
  });
}

export function useStartImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mapping }: { id: number; mapping: ImportMapping }) =>
      api.post<PackageImportDto>(`/package-imports/${id}/import`, { mapping }),
    onSuccess: (_data, { id }) => {
      void qc.invalidateQueries({ queryKey: integrationKeys.import(id) });
      void qc.invalidateQueries({ queryKey: integrationKeys.imports() });
      // The new packages show in the package lists.
      void qc.invalidateQueries({ queryKey: recordKeys.packages });
    },
  });
}

/** A refused row, fixed and sent again: the import's report and the package lists are read again. */
export function useResendRow(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ row, cells }: { row: number; cells: string[] }) =>
      api.post<ImportRowResult>(`/package-imports/${id}/rows/${row}`, { cells }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: integrationKeys.import(id) });
      void qc.invalidateQueries({ queryKey: integrationKeys.imports() });
      void qc.invalidateQueries({ queryKey: recordKeys.packages });
    },
  });
}

/** When an import ends, the list of files and the package lists show its outcome. */
export function useRefreshWhenFinished(status: PackageImportDto['status'] | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (status !== 'done' && status !== 'failed') return;
    void qc.invalidateQueries({ queryKey: integrationKeys.imports() });
    void qc.invalidateQueries({ queryKey: recordKeys.packages });
  }, [status, qc]);
}
