/** Every query key of time tracking. */
export const timeKeys = {
  all: ['time-tracking'] as const,
  me: ['time-tracking', 'me'] as const,
  sheets: ['time-tracking', 'sheet'] as const,
  sheet: (query: { from: string; to: string }) => ['time-tracking', 'sheet', query] as const,
};
