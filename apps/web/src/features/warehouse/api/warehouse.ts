import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PackageDetail } from '@courier/shared/schemas/packages';
import type {
  CreateLabelPrinterInput,
  CreateShelfInput,
  FlagHazardInput,
  LabelPrinter,
  PrintResult,
  PutAwayResult,
  Shelf,
} from '@courier/shared/schemas/warehouse';
import { api } from '@/lib/api-client';
import { recordKeys } from '@/lib/query-keys';
import { warehouseKeys } from './keys';

/** Shelves, put-away, hazards and label printers of the warehouse floor. */
export const useShelves = () =>
  useQuery({ queryKey: warehouseKeys.shelves, queryFn: ({ signal }) => api.get<Shelf[]>('/shelves', { signal }) });

export const useLabelPrinters = () =>
  useQuery({ queryKey: warehouseKeys.printers, queryFn: ({ signal }) => api.get<LabelPrinter[]>('/label-printers', { signal }) });

/** Put-away or move by scan; the shelves' counts and the packages refresh. */
export function usePutAway() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ scan, shelf }: { scan: string; shelf: string }) => api.post<PutAwayResult>('/shelves/put-away', { scan, shelf }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: warehouseKeys.shelves });
      void qc.invalidateQueries({ queryKey: recordKeys.packages });
    },
  });
}

export function useCreateShelf() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateShelfInput) => api.post<Shelf>('/shelves', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: warehouseKeys.shelves }),
  });
}

export function useDeleteShelf() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/shelves/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: warehouseKeys.shelves }),
  });
}

export function useCreatePrinter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLabelPrinterInput) => api.post<LabelPrinter>('/label-printers', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: warehouseKeys.printers }),
  });
}

export function useDeletePrinter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/label-printers/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: warehouseKeys.printers }),
  });
}

export const testPrint = (id: number) => api.post<PrintResult>(`/label-printers/${id}/test`, {});

export function useFlagHazard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: FlagHazardInput & { id: number }) => api.post<PackageDetail>(`/packages/${id}/hazard`, input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: recordKeys.packages }),
  });
}
