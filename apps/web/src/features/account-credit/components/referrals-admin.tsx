import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  COUPON_KINDS,
  COUPON_KIND_LABELS,
  type Coupon,
  couponFormSchema,
  referralRewardsFormSchema,
} from '@courier/shared/schemas/account-credit';
import { formatDecimal, formatJmd } from '@courier/shared/format/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { useCoupons, useReferralRewards, useReferrals, useSaveCoupon, useSaveReferralRewards } from '../api/account-credit';

type RewardsIn = z.input<typeof referralRewardsFormSchema>;
type RewardsOut = z.output<typeof referralRewardsFormSchema>;

/** The credit each side gets when a referred customer's first invoice is fully paid. */
export function ReferralRewardsForm({ canEdit }: { canEdit: boolean }) {
  const rewards = useReferralRewards();
  const save = useSaveReferralRewards();
  const form = useForm<RewardsIn, unknown, RewardsOut>({
    resolver: zodResolver(referralRewardsFormSchema),
    values: rewards.data
      ? { referrer: formatDecimal(rewards.data.referrerRewardCents), referred: formatDecimal(rewards.data.referredRewardCents) }
      : undefined,
  });
  const { register, handleSubmit, formState } = form;
  const onSubmit = handleSubmit(async ({ referrer, referred }) => {
    try {
      const done = await save.mutateAsync({ referrerRewardCents: referrer ?? 0, referredRewardCents: referred ?? 0 });
      toast.success(done.message);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save the rewards'));
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Referral rewards</CardTitle>
      </CardHeader>
      <CardContent>
        {rewards.isLoading ? (
          <Skeleton className="h-20" />
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <Field label="Credit to the referrer (JMD)" error={formState.errors.referrer?.message} hint="0 for none">
              <Input inputMode="decimal" disabled={!canEdit} {...register('referrer')} />
            </Field>
            <Field label="Credit to the new customer (JMD)" error={formState.errors.referred?.message} hint="0 for none">
              <Input inputMode="decimal" disabled={!canEdit} {...register('referred')} />
            </Field>
            {canEdit && (
              <Button type="submit" busy={save.isPending}>
                Save rewards
              </Button>
            )}
            <p className="text-xs text-slate-600 sm:col-span-3">
              Credited once to each side, when the new customer's first invoice is fully paid; both are told by e-mail.
            </p>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

type CouponIn = z.input<typeof couponFormSchema>;
type CouponOut = z.output<typeof couponFormSchema>;
const EMPTY_COUPON: CouponIn = { code: '', kind: 'percent', percent: '', amount: '', validFrom: '', validUntil: '', maxUses: '' };

const couponValue = (c: Coupon) =>
  c.kind === 'percent' ? `${c.percent}% off` : c.kind === 'fixed' ? `${formatJmd(c.amountCents ?? 0)} off` : 'Free delivery';

/** The courier's coupons, their use, and a form for a new one. */
export function CouponsCard({ canEdit }: { canEdit: boolean }) {
  const coupons = useCoupons();
  const save = useSaveCoupon();
  const dates = useDateFormat();
  const form = useForm<CouponIn, unknown, CouponOut>({ resolver: zodResolver(couponFormSchema), defaultValues: EMPTY_COUPON });
  const { register, handleSubmit, watch, reset, setError, formState } = form;
  const kind = watch('kind');
  const e = formState.errors;
  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ input });
      toast.success(`Coupon ${saved.code} saved`);
      reset(EMPTY_COUPON);
    } catch (error) {
      const f = error instanceof ApiError ? error.fieldErrors : undefined;
      if (f?.code?.[0]) setError('code', { message: f.code[0] });
      else toast.error(errorMessage(error, 'Could not save the coupon'));
    }
  });
  const toggle = async (c: Coupon) => {
    try {
      const { code, kind, percent, amountCents, validFrom, validUntil, maxUses } = c;
      await save.mutateAsync({ id: c.id, input: { code, kind, percent, amountCents, validFrom, validUntil, maxUses, active: !c.active } });
      toast.success(`Coupon ${c.code} ${c.active ? 'switched off' : 'switched on'}`);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not change the coupon'));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Coupons</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {coupons.isLoading ? (
          <Skeleton className="h-20" />
        ) : coupons.isError ? (
          <p role="alert">{errorMessage(coupons.error, 'Could not load the coupons')}</p>
        ) : (coupons.data ?? []).length === 0 ? (
          <EmptyState title="No coupons yet">A customer enters a coupon at registration or on an invoice.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Coupons">
            {(coupons.data ?? []).map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <strong>{c.code}</strong> · {couponValue(c)}
                  <span className="block text-xs text-slate-600">
                    {c.validFrom || c.validUntil
                      ? `Valid ${c.validFrom ? dates.date(c.validFrom) : 'now'} to ${c.validUntil ? dates.date(c.validUntil) : 'no end'}`
                      : 'No end date'}
                    {' · '}Used {c.usesCount}
                    {c.maxUses ? ` of ${c.maxUses}` : ''} times, {formatJmd(c.discountedCents)} off in all
                    {c.active ? '' : ' · Off'}
                  </span>
                </span>
                {canEdit && (
                  <Button size="sm" variant="secondary" onClick={() => void toggle(c)}>
                    {c.active ? 'Switch off' : 'Switch on'}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canEdit && (
          <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-3" aria-label="New coupon">
            <Field label="Code" error={e.code?.message}>
              <Input autoCapitalize="characters" {...register('code')} />
            </Field>
            <Field label="Kind">
              <Select {...register('kind')}>
                {COUPON_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {COUPON_KIND_LABELS[k]}
                  </option>
                ))}
              </Select>
            </Field>
            {kind === 'percent' && (
              <Field label="Percent off" error={e.percent?.message}>
                <Input inputMode="numeric" {...register('percent')} />
              </Field>
            )}
            {kind === 'fixed' && (
              <Field
                label="Amount off (JMD)"
                error={e.amount?.message ?? (e as Record<string, { message?: string } | undefined>).amountCents?.message}
              >
                <Input inputMode="decimal" {...register('amount')} />
              </Field>
            )}
            <Field label="Valid from" error={e.validFrom?.message}>
              <Input type="date" {...register('validFrom')} />
            </Field>
            <Field label="Valid until" error={e.validUntil?.message}>
              <Input type="date" {...register('validUntil')} />
            </Field>
            <Field label="Uses in all (optional)" error={e.maxUses?.message}>
              <Input inputMode="numeric" {...register('maxUses')} />
            </Field>
            <div className="sm:col-span-3">
              <Button type="submit" busy={save.isPending}>
                Add coupon
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** Who referred whom, and whether the reward was paid. */
export function ReferralsCard() {
  const referrals = useReferrals();
  const dates = useDateFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Referrals</CardTitle>
      </CardHeader>
      <CardContent>
        {referrals.isLoading ? (
          <Skeleton className="h-20" />
        ) : referrals.isError ? (
          <p role="alert">{errorMessage(referrals.error, 'Could not load the referrals')}</p>
        ) : (referrals.data ?? []).length === 0 ? (
          <EmptyState title="No referrals yet">Customers share their referral link from their Account Credit page.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Referrals">
            {(referrals.data ?? []).map((r) => (
              <li key={r.customerId} className="py-2">
                <strong>{r.referrerName}</strong> ({r.referrerMailboxNumber}) referred <strong>{r.customerName}</strong> ({r.mailboxNumber})
                <span className="block text-xs text-slate-600">
                  Registered {dates.date(r.registeredAt)} ·{' '}
                  {r.rewardedAt ? `Rewarded ${dates.date(r.rewardedAt)}` : 'Reward due after the first paid invoice'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
