import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Pencil, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ROLE_LABELS, type Role } from '@courier/shared/constants/roles';
import { STAFF_MESSAGES, type StaffMember, staffPasswordResetSchema } from '@courier/shared/schemas/staff';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useResetStaffPassword, useSetStaffActive, useStaffMember } from '@/features/staff/api/staff';
import { ImpersonateButton } from '@/features/auth/components/impersonate-button';
import { ResetTwoFactorButton } from '@/features/auth/components/reset-two-factor-button';
import { ActiveBadge, DetailList, PageError, PageHeader } from '@/components/layout/page-header';
import { usePortal } from '@/lib/portal-context';
import { ActiveStatusConfirm } from '@/components/ui/active-status-confirm';
import { StaffFormDialog } from '@/features/staff/components/staff-form';
import { useDateFormat } from '@/lib/format-date';

/** A new password for a staff member, set by someone who manages them. */
export function ResetPasswordDialog({
  member,
  open,
  onOpenChange,
}: {
  member: Pick<StaffMember, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const resetPassword = useResetStaffPassword();
  const form = useForm<z.input<typeof staffPasswordResetSchema>>({
    resolver: zodResolver(staffPasswordResetSchema),
    defaultValues: { password: '' },
  });
  const { register, handleSubmit, reset, formState } = form;
  const submit = handleSubmit(async ({ password }) => {
    try {
      await resetPassword.mutateAsync({ id: member.id, password });
      toast.success(STAFF_MESSAGES.passwordReset);
      reset();
      onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to reset the password'));
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Reset password" description={`Set a new password for ${member.name}.`}>
      <form noValidate className="space-y-4" onSubmit={submit}>
        <Field label="New password" error={formState.errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={resetPassword.isPending || formState.isSubmitting}>
            Reset password
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function StaffDetailPage() {
  const dates = useDateFormat();
  const { id } = useParams();
  const { base, can, isSuperAdmin, user } = usePortal();
  const member = useStaffMember(Number(id));
  const setActive = useSetStaffActive();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);

  if (member.isPending) return <Skeleton className="h-64" />;
  if (member.isError) return <PageError message={errorMessage(member.error, 'Failed to load the staff member')} />;
  const m = member.data;
  // Staff with staff_edit manage branch managers and staff; courier admins are the admins' own business.
  const manageable = can('staff_edit') && (m.role !== 'courier_admin' || isSuperAdmin || user?.role.name === 'courier_admin');
  const isSelf = user?.kind === 'user' && user.id === m.id;

  return (
    <div>
      <PageHeader
        back={{ to: `${base}/staff`, label: 'Staff' }}
        title={m.name}
        description={[ROLE_LABELS[m.role as Role] ?? m.role, m.branchName, isSuperAdmin ? m.courierName : null].filter(Boolean).join(' · ')}
        actions={
          <>
            {isSuperAdmin && m.role === 'courier_admin' && m.active && <ImpersonateButton userId={m.id} />}
            {!isSelf && (isSuperAdmin || user?.role.name === 'courier_admin' || user?.role.name === 'admin') && (
              <ResetTwoFactorButton kind="user" id={m.id} name={m.name} />
            )}
            {manageable && (
              <>
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  Edit
                </Button>
                <Button variant="secondary" onClick={() => setResetting(true)}>
                  <KeyRound className="h-4 w-4" aria-hidden="true" />
                  Reset password
                </Button>
                {!isSelf && (
                  <Button variant={m.active ? 'danger' : 'secondary'} onClick={() => setConfirming(true)}>
                    {m.active ? <UserX className="h-4 w-4" aria-hidden="true" /> : <UserCheck className="h-4 w-4" aria-hidden="true" />}
                    {m.active ? 'Deactivate' : 'Activate'}
                  </Button>
                )}
              </>
            )}
          </>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent>
          <DetailList
            items={[
              ['First name', m.firstName],
              ['Last name', m.lastName],
              ['Email', m.email],
              ['Phone', m.phone],
              ['Position', ROLE_LABELS[m.role as Role] ?? m.role],
              ['Role', m.roleName],
              ['Branch', m.branchName],
              ...(isSuperAdmin ? ([['Courier', m.courierName]] as Array<[string, string | null]>) : []),
              ['Status', <ActiveBadge key="s" active={m.active} />],
              ['Last sign-in', dates.date(m.lastLoginAt, m.timeZone)],
              ['Created', dates.date(m.createdAt, m.timeZone)],
            ]}
          />
        </CardContent>
      </Card>
      <StaffFormDialog open={editing} onOpenChange={setEditing} member={m} />
      <ActiveStatusConfirm
        open={confirming}
        onOpenChange={setConfirming}
        noun="staff member"
        name={m.name}
        active={m.active}
        busy={setActive.isPending}
        setActive={(active) => setActive.mutateAsync({ id: m.id, active })}
        messages={STAFF_MESSAGES}
      />
      <ResetPasswordDialog member={m} open={resetting} onOpenChange={setResetting} />
    </div>
  );
}
