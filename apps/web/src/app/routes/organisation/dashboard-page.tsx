import { Copy } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { lazyToast as toast } from '@/lib/lazy-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useDashboard } from '@/features/dashboard/api/dashboard';
import { CourierFilter } from '@/components/ui/courier-filter';
import { MembershipCard } from '@/features/dashboard/components/membership-card';
import { PageError, PageHeader } from '@/components/layout/page-header';
import { FirstCourierCard, SetupChecklistCard } from '@/features/dashboard/components/setup-cards';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import { MainFigures } from '@/features/dashboard/components/main-figures';

// Staff only: a customer's first visit does not download it (nor the time-tracking schemas it reads).
const ClockWidget = lazy(async () => ({ default: (await import('@/features/time-tracking/components/clock-widget')).ClockWidget }));

/** Every portal's dashboard: figures and charts from each area, and the customer's US addresses. */
export function DashboardPage() {
  const { user } = useSession();
  const base = `/${useLocation().pathname.split('/')[1] ?? ''}`;
  const isSuperAdmin = user?.role.name === 'super_admin';
  const [courierId, setCourierId] = useState<number | undefined>();
  const dashboard = useDashboard(courierId);
  const name = user ? user.firstName : '';
  // A customer with no package yet is new here: greet them as such and show the first step.
  const firstRun =
    user?.kind === 'customer' && dashboard.data !== undefined && dashboard.data.charts.every((c) => c.data.every((d) => d.value === 0));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboard"
        description={name ? (firstRun ? `Welcome, ${name}.` : `Welcome back, ${name}.`) : undefined}
        actions={isSuperAdmin && <CourierFilter value={courierId} onChange={setCourierId} />}
      />
      {isSuperAdmin && <FirstCourierCard />}
      {user?.role.name === 'courier_admin' && user.permissions.includes('settings_view') && <SetupChecklistCard />}
      {dashboard.isPending && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[1, 2, 3, 4].map((k) => (
            <Skeleton key={k} className="h-24" />
          ))}
        </div>
      )}
      {/* Staff and branch managers clock in and out from their dashboard (time tracking). */}
      {(user?.role.name === 'staff' || user?.role.name === 'branch_manager') && user.permissions.includes('time_tracking_view') && (
        <Suspense fallback={<Skeleton className="h-24" />}>
          <ClockWidget />
        </Suspense>
      )}
      {dashboard.isError && <PageError message={errorMessage(dashboard.error, 'Failed to load the dashboard')} />}
      {firstRun && (
        <Card className="border-brand-200 bg-brand-50">
          <CardHeader>
            <CardTitle>Pre-alert your first package</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm text-slate-700">
            <p>
              Shop online with the US address below as your shipping address. When you order, tell us what is coming: the tracking number
              and the merchant's invoice, so customs can clear it without delay.
            </p>
            <Button asChild>
              <Link to={`${base}/packages?pre-alert`}>Pre-alert your first package</Link>
            </Button>
          </CardContent>
        </Card>
      )}
      {dashboard.data?.mailbox && (
        <Card>
          <CardHeader>
            <CardTitle>Your US shipping address</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <p className="text-sm text-slate-600">
              Your mailbox number is <strong className="text-slate-900">{dashboard.data.mailbox.number}</strong>. Use these addresses when
              you shop.
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              {dashboard.data.mailbox.addresses.map((a) => (
                <div key={a.mode} className="rounded-lg border border-slate-200 p-4">
                  <div className="mb-2 flex items-center justify-between">
                    <h3 className="text-sm font-semibold text-slate-900">{a.mode}</h3>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Copy ${a.mode} address`}
                      onClick={() => {
                        void navigator.clipboard
                          ?.writeText(a.lines.join('\n'))
                          .then(() => toast.success(`${a.mode} address copied`))
                          .catch(() => toast.error('Could not copy the address'));
                      }}
                    >
                      <Copy className="h-4 w-4" aria-hidden="true" />
                      Copy
                    </Button>
                  </div>
                  <address className="text-sm whitespace-pre-line text-slate-800 not-italic">{a.lines.join('\n')}</address>
                </div>
              ))}
            </div>
          </CardContent>
        </Card>
      )}
      {dashboard.data && dashboard.data.cards.length > 0 && <MainFigures cards={dashboard.data.cards} base={base} />}
      {dashboard.data?.membership && <MembershipCard membership={dashboard.data.membership} />}
      {dashboard.data && dashboard.data.charts.length > 0 && (
        <div className="grid gap-4 lg:grid-cols-2">
          {dashboard.data.charts.map((chart) => (
            <ChartCard key={chart.key} chart={chart} />
          ))}
        </div>
      )}
    </div>
  );
}
