/** Every query key of the public site (the courier's site, tracking, and its messages and requests). */
export const publicKeys = {
  site: (apiKey: string | null) => ['public-site', apiKey] as const,
  accountSite: (courierId: number) => ['public-site', 'account', courierId] as const,
  track: (apiKey: string, number: string) => ['public-track', apiKey, number] as const,
  contactMessages: (page: number, limit: number) => ['contact-messages', page, limit] as const,
  assistedPurchaseRequests: (page: number, limit: number) => ['assisted-purchase-requests', page, limit] as const,
};
