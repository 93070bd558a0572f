import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManifestCosts, ManifestCostsInput, MarginReport, TaxReport } from '@courier/shared/schemas/margin';
import { api } from '@/lib/api-client';
import { marginKeys } from './keys';

export interface MarginRange {
  from: string;
  to: string;
  courierId?: number;
}

/** A flight's cost lines, each parcel's share and the flight's margin. */
export function useManifestCosts(id: number | null) {
  return useQuery({
    queryKey: marginKeys.costs(id),
    queryFn: ({ signal }) => api.get<ManifestCosts>(`/manifests/${id}/costs`, { signal }),
    enabled: id !== null,
  });
}

/** Saves the flight's cost lines as a whole; the reports are read again. */
export function useSaveManifestCosts(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ManifestCostsInput) => api.put<ManifestCosts>(`/manifests/${id}/costs`, input),
    onSuccess: (costs) => {
      qc.setQueryData(marginKeys.costs(id), costs);
      void qc.invalidateQueries({ queryKey: marginKeys.all });
    },
  });
}

export function useMarginReport(range: MarginRange, enabled = true) {
  return useQuery({
    queryKey: marginKeys.report(range),
    queryFn: ({ signal }) => api.get<MarginReport>('/reports/margin', { query: { ...range }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTaxReport(range: MarginRange, enabled = true) {
  return useQuery({
    queryKey: marginKeys.tax(range),
    queryFn: ({ signal }) => api.get<TaxReport>('/reports/tax', { query: { ...range }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
