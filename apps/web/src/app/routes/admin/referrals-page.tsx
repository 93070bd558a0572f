import { CouponsCard, ReferralRewardsForm, ReferralsCard } from '@/features/account-credit/components/referrals-admin';
import { usePortal } from '@/lib/portal-context';

/** /admin/referrals: the referral rewards, the coupons and who referred whom. */
export default function ReferralsPage() {
  const { can } = usePortal();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Referrals &amp; Coupons</h1>
        <p className="mt-1 text-sm text-slate-600">What a referral earns, your coupons and their use, and who referred whom.</p>
      </div>
      <ReferralRewardsForm canEdit={can('settings_edit')} />
      <CouponsCard canEdit={can('settings_edit')} />
      <ReferralsCard />
    </div>
  );
}
