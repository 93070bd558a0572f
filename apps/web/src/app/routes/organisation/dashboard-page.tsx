import { Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { toast } from 'sonner';
import type { DashboardChart } from '@courier/shared/schemas/dashboard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { ClockWidget } from '@/features/time-tracking/components/clock-widget';
import { useSession } from '@/lib/session';
import { useDashboard } from '@/features/dashboard/api/dashboard';
import { CourierFilter } from '@/components/ui/courier-filter';
import { MembershipCard } from '@/features/dashboard/components/membership-card';
import { PageError, PageHeader } from '@/components/layout/page-header';
import { FirstCourierCard, SetupChecklistCard } from '@/features/dashboard/components/setup-cards';
import { formatJmd } from '@courier/shared/format/money';
import { useContainerWidth } from '@/components/ui/data-table-layout';
import { VALUE_AXIS_WIDTH, countTicks, leanCategoryLabels } from '@/features/dashboard/components/chart-axis';

const COLOURS = ['#124a7d', '#f59e0b', '#16a34a', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];

function ChartCard({ chart }: { chart: DashboardChart }) {
  const empty = chart.data.every((d) => d.value === 0);
  const area = useRef<HTMLDivElement>(null);
  const lean = leanCategoryLabels(
    chart.data.map((d) => d.name),
    useContainerWidth(area),
  );
  const ticks = countTicks(Math.max(0, ...chart.data.map((d) => d.value)));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{chart.label}</CardTitle>
      </CardHeader>
      <CardContent ref={area} className="h-64">
        {empty ? (
          <p className="flex h-full items-center justify-center text-sm text-slate-500">No data available</p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            {chart.kind === 'bar' ? (
              <BarChart data={chart.data}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                {/* Every category keeps its label; they lean when they would collide (a phone, many bars). */}
                <XAxis
                  dataKey="name"
                  tick={{ fontSize: 12 }}
                  interval={0}
                  {...(lean ? { angle: -30, textAnchor: 'end', height: 72 } : {})}
                />
                <YAxis ticks={ticks} domain={[0, ticks.at(-1) ?? 1]} tick={{ fontSize: 12 }} width={VALUE_AXIS_WIDTH} />
                <Tooltip />
                <Bar isAnimationActive={false} dataKey="value" name={chart.label} fill={COLOURS[0]} radius={[4, 4, 0, 0]} />
              </BarChart>
            ) : (
              <PieChart>
                <Pie
                  isAnimationActive={false}
                  stroke={chart.data.length > 1 ? '#fff' : 'none'}
                  data={chart.data}
                  dataKey="value"
                  nameKey="name"
                  outerRadius="75%"
                >
                  {chart.data.map((d, i) => (
                    <Cell key={d.name} fill={COLOURS[i % COLOURS.length]} />
                  ))}
                </Pie>
                <Tooltip />
                <Legend />
              </PieChart>
            )}
          </ResponsiveContainer>
        )}
      </CardContent>
    </Card>
  );
}

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
        <ClockWidget />
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
      {dashboard.data && dashboard.data.cards.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {dashboard.data.cards.map((card) => {
            const value = card.format === 'money' ? formatJmd(card.value) : card.value.toLocaleString('en-JM');
            return (
              <Card key={card.key}>
                <CardContent className="pt-4">
                  <p className="text-sm text-slate-600">{card.label}</p>
                  <p className="mt-1 text-3xl font-semibold text-slate-900">
                    {card.href ? (
                      <Link to={`${base}/${card.href}`} className="hover:text-brand-700">
                        {value}
                      </Link>
                    ) : (
                      value
                    )}
                  </p>
                </CardContent>
              </Card>
            );
          })}
        </div>
      )}
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
