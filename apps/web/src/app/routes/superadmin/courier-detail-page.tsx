import { Ban, CheckCircle2, KeyRound, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { PLATFORM_MESSAGES } from '@courier/shared/schemas/platform';
import { ActiveBadge, DetailList, PageError, PageHeader } from '@/components/layout/page-header';
import { CourierLogo } from '@/components/layout/portal-shell';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ImpersonateButton } from '@/features/auth/components/impersonate-button';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { useCourierDetail, useRotateApiKey, useSetCourierStatus } from '@/features/couriers/api/couriers';
import { EditCourierDialog } from '@/features/couriers/components/edit-courier-dialog';
import { PaymentTestModeCard } from '@/features/couriers/components/payment-test-mode-card';
import { SmtpSecurityCard } from '@/features/couriers/components/smtp-security-card';
import { softBreaks } from '@/lib/soft-breaks';

/** One courier (super admin): its counts, details, API key, card payment test mode, SMTP security and admins. */
export function CourierDetailPage() {
  const dates = useDateFormat();
  const { id } = useParams();
  const courier = useCourierDetail(Number(id));
  const setStatus = useSetCourierStatus();
  const rotate = useRotateApiKey();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'status' | 'rotate' | null>(null);
  if (courier.isPending) return <Skeleton className="h-64" />;
  if (courier.isError) return <PageError message={errorMessage(courier.error, 'Failed to load the courier')} />;
  const c = courier.data;
  const active = c.status === 'active';
  const counts: Array<[string, number, string | undefined]> = [
    ['Customers', c.customerCount, `/superadmin/couriers/${c.id}/customers`],
    ['Business customers', c.businessCustomerCount, undefined],
    ['Staff', c.staffCount, undefined],
    ['Branches', c.branchCount, undefined],
    ['Roles', c.roleCount, undefined],
  ];
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: '/superadmin/couriers', label: 'Couriers' }}
        title={c.name}
        description={`Code ${c.code}`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
            <Button variant={active ? 'danger' : 'secondary'} onClick={() => setConfirm('status')}>
              {active ? <Ban className="h-4 w-4" aria-hidden="true" /> : <CheckCircle2 className="h-4 w-4" aria-hidden="true" />}
              {active ? 'Suspend' : 'Activate'}
            </Button>
          </>
        }
      />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {counts.map(([label, value, to]) => (
          <Card key={label}>
            <CardContent className="pt-4">
              <p className="text-xs text-slate-500">{label}</p>
              <p className="text-2xl font-semibold text-slate-900">{to ? <Link to={to}>{value}</Link> : value}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader className="flex items-center gap-3">
          <CourierLogo src={c.logoUrl} alt={`${c.name} logo`} className="h-10 w-auto max-w-32 object-contain" />
          <CardTitle>Courier details</CardTitle>
        </CardHeader>
        <CardContent>
          <DetailList
            items={[
              ['Status', <ActiveBadge key="s" active={active} labels={['Active', 'Suspended']} />],
              ['Email', c.email],
              ['Phone', c.phone],
              ['Contact', [c.contactFirstName, c.contactLastName].filter(Boolean).join(' ')],
              ['Created', dates.date(c.createdAt, c.timeZone)],
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>API key</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm text-slate-600">The courier's public site and registration links carry this key (?api_key=...).</p>
          <code className="block rounded-md bg-slate-100 px-3 py-2 text-sm break-all text-slate-900" data-testid="api-key">
            {c.apiKey}
          </code>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(c.apiKey)
                  .then(() => toast.success('API key copied'))
                  .catch(() => toast.error('Could not copy the API key'));
              }}
            >
              Copy
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirm('rotate')}>
              <KeyRound className="h-4 w-4" aria-hidden="true" />
              Rotate key
            </Button>
          </div>
        </CardContent>
      </Card>
      <PaymentTestModeCard courier={c} />
      <SmtpSecurityCard courier={c} />
      <Card>
        <CardHeader>
          <CardTitle>Courier admins</CardTitle>
        </CardHeader>
        <CardContent>
          {c.admins.length === 0 ? (
            <p className="text-sm text-slate-600">No courier admin yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {c.admins.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div>
                    <Link to={`/superadmin/staff/${a.id}`} className="font-medium text-brand-700 hover:underline">
                      {a.name}
                    </Link>
                    <p className="text-xs break-words text-slate-500">{softBreaks(a.email)}</p>
                  </div>
                  {a.active && active && <ImpersonateButton userId={a.id} />}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <EditCourierDialog courier={c} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={confirm === 'status'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={active ? 'Suspend courier' : 'Activate courier'}
        message={
          active
            ? `Suspend ${c.name}? Its admins, staff and customers are signed out and cannot sign in until it is activated again.`
            : `Activate ${c.name}? Its people can sign in again.`
        }
        confirmLabel={active ? 'Suspend' : 'Activate'}
        busy={setStatus.isPending}
        onConfirm={async () => {
          try {
            await setStatus.mutateAsync({ id: c.id, status: active ? 'suspended' : 'active' });
            toast.success(active ? PLATFORM_MESSAGES.courierSuspended : PLATFORM_MESSAGES.courierActivated);
            setConfirm(null);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to change the status'));
          }
        }}
      />
      <ConfirmDialog
        open={confirm === 'rotate'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Rotate API key"
        message="Issue a new API key? Links and sites using the old key stop working at once."
        confirmLabel="Rotate key"
        busy={rotate.isPending}
        onConfirm={async () => {
          try {
            await rotate.mutateAsync(c.id);
            toast.success(PLATFORM_MESSAGES.apiKeyRotated);
            setConfirm(null);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to rotate the API key'));
          }
        }}
      />
    </div>
  );
}
