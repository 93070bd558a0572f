import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Coupon,
  CouponInput,
  CreditAccount,
  GoodwillCreditInput,
  Referral,
  ReferralRewards,
  UseCreditInput,
} from '@courier/shared/schemas/account-credit';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { useInvalidate, recordKeys } from '@/lib/query-keys';
import { creditKeys } from './keys';

/** The customer's own account (no id), or a customer's as staff see it. */
export function useCreditAccount(customerId?: number, enabled = true) {
  return useQuery({
    queryKey: creditKeys.account(customerId),
    queryFn: ({ signal }) => api.get<CreditAccount>('/account-credit', { query: { customerId }, signal }),
    enabled,
  });
}

export function useAddGoodwill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GoodwillCreditInput) => api.post<{ balanceCents: number; message: string }>('/account-credit/goodwill', input),
    onSuccess: () => client.invalidateQueries({ queryKey: creditKeys.all }),
  });
}

/** Pays (part of) an invoice from account credit, after a coupon if one is given. */
export function useUseCredit() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: UseCreditInput) =>
      api.post<{
        receiptNo: string;
        couponCents: number;
        creditCents: number;
        balanceCents: number;
        invoiceBalanceCents: number;
        message: string;
      }>('/payments/credit', input),
    onSuccess: () => invalidate(creditKeys.all, recordKeys.invoices, recordKeys.payments),
  });
}

export const downloadStatement = (month: string, customerId?: number) =>
  downloadFile('/account-credit/statement', `statement-${month}.pdf`, { month, customerId });

export function useReferrals() {
  return useQuery({ queryKey: creditKeys.referrals(), queryFn: ({ signal }) => api.get<Referral[]>('/referrals', { signal }) });
}

export function useReferralRewards() {
  return useQuery({
    queryKey: creditKeys.rewards(),
    queryFn: ({ signal }) => api.get<ReferralRewards>('/settings/referral-rewards', { signal }),
  });
}

export function useSaveReferralRewards() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferralRewards) => api.put<ReferralRewards & { message: string }>('/settings/referral-rewards', input),
    onSuccess: () => client.invalidateQueries({ queryKey: creditKeys.rewards() }),
  });
}

export function useCoupons() {
  return useQuery({ queryKey: creditKeys.coupons(), queryFn: ({ signal }) => api.get<Coupon[]>('/coupons', { signal }) });
}

export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CouponInput }) =>
      id ? api.put<Coupon>(`/coupons/${id}`, input) : api.post<Coupon>('/coupons', input),
    onSuccess: () => client.invalidateQueries({ queryKey: creditKeys.coupons() }),
  });
}
