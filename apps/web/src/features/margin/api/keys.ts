/** Every query key of margin (a flight's costs, the margin and tax reports). Hooks and invalidations build keys only here. */
export const marginKeys = {
  all: ['margin'] as const,
  costs: (manifestId: number | null) => ['margin', 'costs', manifestId] as const,
  report: (range: object) => ['margin', 'report', range] as const,
  tax: (range: object) => ['margin', 'tax', range] as const,
};
