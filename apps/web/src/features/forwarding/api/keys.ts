import type { ShopRequestStage } from '@courier/shared/constants/services';

/** Consolidation and Shop For Me: who asks (the customer) and who carries out (staff). */
export const forwardingKeys = {
  all: ['forwarding'] as const,
  consolidations: (scope: 'customer' | 'staff', query: Record<string, string | undefined>) =>
    ['forwarding', 'consolidations', scope, query] as const,
  shopRequests: (scope: 'customer' | 'staff', stage?: ShopRequestStage) => ['forwarding', 'shop-requests', scope, stage ?? 'all'] as const,
  shopRequest: (scope: 'customer' | 'staff', id: number) => ['forwarding', 'shop-request', scope, id] as const,
  fees: ['forwarding', 'service-fees'] as const,
  preview: (packageIds: number[]) => ['forwarding', 'consolidation-preview', [...packageIds].sort((a, b) => a - b)] as const,
};
