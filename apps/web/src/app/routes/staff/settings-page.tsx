import { TwoFactorCard } from '@/features/auth/components/two-factor-card';
import { StaffProfile } from '@/features/settings/components/staff-profile';

/** /staff/settings: the staff member's own profile and password. */
export default function StaffSettingsPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">Your name, e-mail, password and two-step sign-in.</p>
      </div>
      <StaffProfile />
      <TwoFactorCard />
    </div>
  );
}
