import { hasPermission } from '@courier/shared/domain/permissions';
import { useSearchParams } from 'react-router';
import { TwoFactorCard, TwoFactorPolicyCard } from '@/features/auth/components/two-factor-card';
import { SettingsTabs } from '@/features/settings/components/settings-tabs';
import { useSession } from '@/lib/session';

/** /admin/settings: the courier admin's eight settings tabs. */
export default function AdminSettingsPage() {
  const { user, check } = useSession();
  const [params] = useSearchParams();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">Your company, rates and fees, bank details, e-mail and password.</p>
      </div>
      <SettingsTabs
        courierId={user?.courier?.id ?? null}
        onCourierChanged={() => void check(true)}
        canEditSettings={hasPermission(user, 'settings_edit')}
      />
      {/* The Password tab also holds the admin's own two-step sign-in and the courier's requirement of it. */}
      {params.get('tab') === 'password' && (
        <section aria-label="Two-step sign-in" className="space-y-6">
          <TwoFactorCard />
          {!user?.impersonated && <TwoFactorPolicyCard />}
        </section>
      )}
    </div>
  );
}
