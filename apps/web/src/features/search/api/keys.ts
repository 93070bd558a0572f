/** Every query key of search. */
export const searchKeys = {
  records: (q: string) => ['search', q] as const,
};
