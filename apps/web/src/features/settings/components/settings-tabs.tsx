import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from '@/components/ui/tabs';
import { AdditionalFeesTab } from './additional-fees-tab';
import { BankDetailsTab } from './bank-details-tab';
import { CompanySettingsTab } from './company-settings-tab';
import { EmailConfigTab } from './email-config-tab';
import { FeesTab } from './fees-tab';
import { OutboxCard } from './outbox-card';
import { PasswordTab } from './password-tab';
import { ProcessingFeesTab } from './processing-fees-tab';
import { PublicSiteTab } from './public-site-tab';
import { RateSheetTab } from './rate-sheet-tab';
import { ShippingRatesTab } from './shipping-rates-tab';
import { WarehouseSettingsCard } from './warehouse-settings-card';
import { HazardFeeCard } from './hazard-fee-card';
import { MessagingSettingsCard } from './messaging-settings-card';
import { TestClockCard } from './test-clock-card';
import { TrackingAccountCard } from './tracking-account-card';

export const SETTINGS_TABS = [
  { value: 'company', label: 'Company Settings' },
  { value: 'shipping-rates', label: 'Shipping Rates' },
  { value: 'additional-fees', label: 'Additional Fees' },
  { value: 'processing-fees', label: 'Processing Fees' },
  { value: 'fees', label: 'Fees' },
  { value: 'bank-details', label: 'Bank Transfer Details' },
  { value: 'email', label: 'Email Configuration' },
  { value: 'rate-sheet', label: 'Rate Sheet' },
  { value: 'public-site', label: 'Public site' },
  { value: 'password', label: 'Password' },
] as const;

/**
 * The eight fixed tabs, in their order, and Public site before Password: a side menu on a wide
 * screen, a select on a phone. The open tab is kept in `?tab=` so a reload
 * or a shared link lands on the same tab. `onCourierChanged` lets the portal refresh what it shows
 * of the courier (the header's name and logo).
 */
export function SettingsTabs({
  courierId,
  onCourierChanged,
  canEditSettings = false,
}: {
  courierId: number | null;
  onCourierChanged?: () => void;
  /** Shows the outbox's Send again (settings_edit). */
  canEditSettings?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const value = SETTINGS_TABS.some((t) => t.value === requested) ? (requested as string) : 'company';
  const content: Record<(typeof SETTINGS_TABS)[number]['value'], ReactNode> = {
    company: (
      <>
        <CompanySettingsTab courierId={courierId} onCourierChanged={onCourierChanged} />
        {courierId !== null && <WarehouseSettingsCard />}
        {courierId !== null && <MessagingSettingsCard />}
        {courierId !== null && <TestClockCard canEdit={canEditSettings} />}
        {courierId !== null && <TrackingAccountCard canEdit={canEditSettings} />}
      </>
    ),
    'shipping-rates': <ShippingRatesTab />,
    'additional-fees': (
      <>
        <AdditionalFeesTab />
        {courierId !== null && <HazardFeeCard canEdit={canEditSettings} />}
      </>
    ),
    'processing-fees': <ProcessingFeesTab />,
    fees: <FeesTab />,
    'bank-details': <BankDetailsTab courierId={courierId} />,
    email: (
      <>
        <EmailConfigTab courierId={courierId} />
        <OutboxCard courierId={courierId} canRetry={canEditSettings} />
      </>
    ),
    'rate-sheet': <RateSheetTab courierId={courierId} />,
    'public-site': <PublicSiteTab />,
    password: <PasswordTab />,
  };
  return (
    <Tabs
      layout="side"
      selectLabel="Settings section"
      value={value}
      onValueChange={(next) =>
        setParams(
          (p) => {
            p.set('tab', next);
            return p;
          },
          { replace: true },
        )
      }
      tabs={SETTINGS_TABS.map((t) => ({ value: t.value, label: t.label, content: content[t.value] }))}
    />
  );
}
