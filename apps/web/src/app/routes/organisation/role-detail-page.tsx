import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ROLE_MESSAGES, roleInputSchema } from '@courier/shared/schemas/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useCourierOptions } from '@/hooks/use-options';
import { useRole, useSaveRole } from '@/features/roles/api/roles';
import { PageError, PageHeader } from '@/components/layout/page-header';
import { PermissionPicker } from '@/features/roles/components/permission-picker';
import { usePortal } from '@/lib/portal-context';

type FormIn = z.input<typeof roleInputSchema>;
type FormOut = z.output<typeof roleInputSchema>;

/** roles/{id}: the role's name, description and permissions; roles/new creates one. */
export function RoleDetailPage() {
  const { id } = useParams();
  const isNew = id === 'new';
  const { base, can, isSuperAdmin } = usePortal();
  const navigate = useNavigate();
  const role = useRole(Number(id), !isNew);
  const couriers = useCourierOptions(isSuperAdmin && isNew);
  const save = useSaveRole();
  const editable = isNew ? can('roles_create') : can('roles_edit');
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(roleInputSchema),
    defaultValues: { name: '', description: '', permissions: [] },
  });
  const { register, handleSubmit, reset, control, formState } = form;

  useEffect(() => {
    if (role.data) reset({ name: role.data.name, description: role.data.description ?? '', permissions: role.data.permissions });
  }, [role.data, reset]);

  const back = { to: `${base}/roles`, label: 'Roles' };
  if (!isNew && role.isPending) return <Skeleton className="h-96" />;
  if (!isNew && role.isError) return <PageError message={errorMessage(role.error, 'Failed to load the role')} />;

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ id: isNew ? undefined : Number(id), input });
      toast.success(isNew ? ROLE_MESSAGES.created : ROLE_MESSAGES.updated);
      if (isNew) navigate(`${base}/roles/${saved.id}`, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save the role'));
    }
  });

  return (
    <div>
      <PageHeader
        back={back}
        title={isNew ? 'New role' : (role.data?.name ?? '')}
        description={
          isNew ? 'Choose what people with this role may see and do.' : `${role.data?.staffCount ?? 0} staff member(s) have this role.`
        }
      />
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <Card>
          <CardContent className="grid gap-4 pt-5 sm:grid-cols-2">
            {isSuperAdmin && isNew && (
              <Field label="Courier" error={formState.errors.courierId?.message} className="sm:col-span-2">
                <Select {...register('courierId', { setValueAs: (v) => (v ? Number(v) : undefined) })}>
                  <option value="">Choose a courier</option>
                  {(couriers.data ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            <Field label="Role name" error={formState.errors.name?.message}>
              <Input disabled={!editable} {...register('name')} />
            </Field>
            <Field label="Description" error={formState.errors.description?.message} className="sm:col-span-2">
              <Textarea disabled={!editable} rows={2} {...register('description')} />
            </Field>
          </CardContent>
        </Card>
        <section aria-labelledby="permissions-heading" className="space-y-3">
          <h2 id="permissions-heading" className="text-lg font-semibold text-slate-900">
            Permissions
          </h2>
          {formState.errors.permissions && (
            <p role="alert" className="text-sm text-red-600">
              {formState.errors.permissions.message ?? ROLE_MESSAGES.permissionsRequired}
            </p>
          )}
          <Controller
            control={control}
            name="permissions"
            render={({ field }) => <PermissionPicker value={field.value} onChange={field.onChange} disabled={!editable} />}
          />
        </section>
        {editable && (
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => navigate(back.to)}>
              Cancel
            </Button>
            <Button type="submit" busy={save.isPending}>
              {isNew ? 'Create role' : 'Save changes'}
            </Button>
          </div>
        )}
      </form>
    </div>
  );
}
