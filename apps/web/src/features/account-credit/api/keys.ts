import { recordKeys } from '@/lib/query-keys';

/** Every query key of account credit, referrals and coupons. */
export const creditKeys = {
  all: recordKeys.accountCredit,
  account: (customerId?: number) => [...recordKeys.accountCredit, 'account', customerId ?? 'me'] as const,
  referrals: () => [...recordKeys.accountCredit, 'referrals'] as const,
  rewards: () => [...recordKeys.accountCredit, 'rewards'] as const,
  coupons: () => [...recordKeys.accountCredit, 'coupons'] as const,
};
