/** Every query key of carrier tracking (a customer's pre-alert, the staff list). */
export const carrierTrackingKeys = {
  all: ['carrier-tracking'] as const,
  preAlert: (id: number) => ['carrier-tracking', 'pre-alert', id] as const,
  list: (show: string, page: number) => ['carrier-tracking', 'list', show, page] as const,
};
