import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ROLE_LABELS } from '@courier/shared/constants/roles';
import { STAFF_MESSAGES, type StaffMember, staffCreateSchema, staffUpdateSchema } from '@courier/shared/schemas/staff';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useCreateStaff, useUpdateStaff } from '../api/staff';
import { useBranchOptions, useCourierOptions, useRoleOptions } from '@/hooks/use-options';
import { CourierSelectField } from '@/components/ui/courier-select-field';
import { usePortal } from '@/lib/portal-context';

type CreateIn = z.input<typeof staffCreateSchema>;
type CreateOut = z.output<typeof staffCreateSchema>;

const toId = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** Create (with a password) or edit a staff member: role, permission role and branch. */
export function StaffFormDialog({
  open,
  onOpenChange,
  member,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  member?: StaffMember;
  onCreated?: (m: StaffMember) => void;
}) {
  const { isSuperAdmin } = usePortal();
  const isNew = !member;
  const schema = isNew ? staffCreateSchema : staffUpdateSchema;
  const form = useForm<CreateIn, unknown, CreateOut>({ resolver: zodResolver(schema as typeof staffCreateSchema) });
  const { register, handleSubmit, reset, watch, formState } = form;
  const courierField = watch('courierId');
  const courierId = isSuperAdmin ? (member?.courierId ?? (courierField ? Number(courierField) : undefined)) : undefined;
  const needsCourier = isSuperAdmin && !courierId;
  const couriers = useCourierOptions(isSuperAdmin && isNew && open);
  const roles = useRoleOptions(courierId, open && !needsCourier);
  const branches = useBranchOptions(courierId, open && !needsCourier);
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const kind = watch('role');

  useEffect(() => {
    if (!open) return;
    reset({
      firstName: member?.firstName ?? '',
      lastName: member?.lastName ?? '',
      email: member?.email ?? '',
      phone: member?.phone ?? '',
      role: (member?.role as CreateIn['role']) ?? 'staff',
      roleId: member?.roleId ?? null,
      branchId: member?.branchId ?? null,
      password: '',
    });
  }, [open, member, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      if (member) {
        const { password: _password, courierId: _courier, ...rest } = input;
        await update.mutateAsync({ id: member.id, input: rest });
        toast.success(STAFF_MESSAGES.updated);
      } else {
        const created = await create.mutateAsync(input);
        toast.success(STAFF_MESSAGES.created);
        onCreated?.(created);
      }
      onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save the staff member'));
    }
  });

  const roleKinds = isSuperAdmin
    ? (['courier_admin', 'branch_manager', 'staff', 'agent'] as const)
    : (['branch_manager', 'staff', 'agent'] as const);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={isNew ? 'New staff member' : 'Edit staff member'} className="max-w-2xl">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {isSuperAdmin && isNew && (
          <CourierSelectField
            couriers={couriers.data}
            error={formState.errors.courierId?.message}
            registration={register('courierId', { setValueAs: (v) => (v ? Number(v) : undefined) })}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" error={formState.errors.firstName?.message}>
            <Input autoComplete="off" {...register('firstName')} />
          </Field>
          <Field label="Last name" error={formState.errors.lastName?.message}>
            <Input autoComplete="off" {...register('lastName')} />
          </Field>
          <Field label="Email" error={formState.errors.email?.message}>
            <Input type="email" autoComplete="off" {...register('email')} />
          </Field>
          <Field label="Phone" error={formState.errors.phone?.message}>
            <Input type="tel" {...register('phone')} />
          </Field>
          <Field label="Position" error={formState.errors.role?.message}>
            <Select {...register('role')} disabled={member?.role === 'courier_admin' && !isSuperAdmin}>
              {roleKinds.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
          </Field>
          {kind === 'agent' && (
            <p className="text-sm text-slate-600">
              The US agent sees its own imports, their error reports and the manifests; nothing else.
            </p>
          )}
          {kind !== 'courier_admin' && kind !== 'agent' && (
            <>
              <Field label="Role" error={formState.errors.roleId?.message}>
                <Select disabled={needsCourier} {...register('roleId', { setValueAs: toId })}>
                  <option value="">{STAFF_MESSAGES.roleRequired}</option>
                  {(roles.data ?? []).map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Branch" error={formState.errors.branchId?.message}>
                <Select disabled={needsCourier} {...register('branchId', { setValueAs: toId })}>
                  <option value="">{STAFF_MESSAGES.branchRequired}</option>
                  {(branches.data ?? []).map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                      {b.active ? '' : ' (inactive)'}
                    </option>
                  ))}
                </Select>
              </Field>
            </>
          )}
          {isNew && (
            <Field
              label="Password"
              error={formState.errors.password?.message}
              hint="At least 8 characters. Share it with the person safely."
            >
              <PasswordInput autoComplete="new-password" {...register('password')} />
            </Field>
          )}
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending || update.isPending}>
            {isNew ? 'Create staff member' : 'Save changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
