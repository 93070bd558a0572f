import { DefaultCourierCard, DomainApprovalsCard } from '@/features/platform/components/public-site-platform-cards';
import { PlatformSettingsPage } from '@/app/routes/superadmin/platform-settings-page';
import { OutboxCard } from '@/features/settings/components/outbox-card';
import { TwoFactorCard } from '@/features/auth/components/two-factor-card';
import { PasswordTab } from '@/features/settings/components/password-tab';

/** /superadmin/settings: the platform's settings, the public site's default courier and domains, and the super admin's own password. */
export default function SuperAdminSettingsPage() {
  return (
    <div className="space-y-8">
      <PlatformSettingsPage />
      <section aria-label="Public sites" className="space-y-6">
        <DefaultCourierCard />
        <DomainApprovalsCard />
      </section>
      <section aria-label="Platform outbox">
        <OutboxCard courierId={null} canRetry />
      </section>
      <section aria-label="Your password">
        <PasswordTab />
      </section>
      <section aria-label="Two-step sign-in">
        <TwoFactorCard />
      </section>
    </div>
  );
}
