import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import type { SetupItem } from '@courier/shared/schemas/courier-invitations';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useSetupChecklist } from '../api/dashboard';
import { useCourierOptions } from '@/hooks/use-options';

/** Each item of the set-up checklist: what to do and the courier admin's screen that does it. */
export const SETUP_ITEM_LINKS: Record<SetupItem, { label: string; to: string }> = {
  logo: { label: 'Upload your logo', to: '/admin/settings?tab=company' },
  addresses: { label: 'Add your US shipping addresses', to: '/admin/settings?tab=company' },
  branches: { label: 'Add a branch', to: '/admin/branches' },
  rates: { label: 'Set your shipping rates', to: '/admin/settings?tab=shipping-rates' },
  fees: { label: 'Set your fees', to: '/admin/settings?tab=additional-fees' },
  fee_book: { label: 'Review your fees and taxes', to: '/admin/settings?tab=fees' },
  smtp: { label: 'Connect your e-mail server (SMTP)', to: '/admin/settings?tab=email' },
  bank: { label: 'Add your bank transfer details', to: '/admin/settings?tab=bank-details' },
};

/** Why the site refuses sign-ups until a branch exists (the register page says so to customers). */
export const SIGN_UPS_CLOSED =
  'Your site is not taking sign-ups yet: every new customer chooses a pickup branch, so add an active branch first.';

/** A new courier's "Set up your courier" card: gone once every item is done. */
export function SetupChecklistCard() {
  const checklist = useSetupChecklist(true);
  if (!checklist.data || checklist.data.complete) return null;
  const { items } = checklist.data;
  const doneCount = items.filter((i) => i.done).length;
  return (
    <Card className="border-brand-200 bg-brand-50">
      <CardHeader>
        <CardTitle>Set up your courier</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-slate-700">
        <p>
          {doneCount} of {items.length} done. Finish these so your customers can sign up, ship and pay.
        </p>
        {items.some((i) => i.key === 'branches' && !i.done) && (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 font-medium text-amber-900">
            {SIGN_UPS_CLOSED}
          </p>
        )}
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Set-up steps">
          {items.map((item) => {
            const { label, to } = SETUP_ITEM_LINKS[item.key];
            return (
              <li key={item.key} className="flex items-center gap-2" data-done={item.done}>
                {item.done ? (
                  <CheckCircle2 className="h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
                ) : (
                  <Circle className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
                )}
                <Link to={to} className={item.done ? 'text-slate-700 hover:underline' : 'font-medium text-brand-700 hover:underline'}>
                  {label}
                </Link>
                <span className="sr-only">{item.done ? '(done)' : '(to do)'}</span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

/** A fresh deployment (no courier at all): the super admin's first step. */
export function FirstCourierCard() {
  const couriers = useCourierOptions();
  if (!couriers.data || couriers.data.length > 0) return null;
  return (
    <Card className="border-brand-200 bg-brand-50">
      <CardHeader>
        <CardTitle>Create your first courier</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-slate-700">
        <p>
          There is no courier on the platform yet. Create one with its first admin yourself, or invite the person who will run it to set it
          up.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/superadmin/couriers?new">Create a courier</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to="/superadmin/couriers?invite">Invite a courier</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
