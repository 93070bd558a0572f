import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { PARISHES } from '@courier/shared/constants/parishes';
import { BRANCH_MESSAGES, type Branch, branchInputSchema } from '@courier/shared/schemas/branches';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useCourierOptions } from '@/hooks/use-options';
import { useSaveBranch } from '../api/branches';
import { CourierSelectField } from '@/components/ui/courier-select-field';
import { usePortal } from '@/lib/portal-context';

type FormIn = z.input<typeof branchInputSchema>;
type FormOut = z.output<typeof branchInputSchema>;

/** Create or edit a branch: name, code, address, parish, phone, hours, active. */
export function BranchFormDialog({
  open,
  onOpenChange,
  branch,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  branch?: Branch;
}) {
  const { isSuperAdmin } = usePortal();
  const couriers = useCourierOptions(isSuperAdmin && !branch);
  const save = useSaveBranch();
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(branchInputSchema) });
  const { register, handleSubmit, reset, formState } = form;

  useEffect(() => {
    if (!open) return;
    reset({
      name: branch?.name ?? '',
      code: branch?.code ?? '',
      address: branch?.address ?? '',
      parish: (branch?.parish as FormIn['parish']) ?? '',
      phone: branch?.phone ?? '',
      hours: branch?.hours ?? '',
      active: branch?.active ?? true,
    });
  }, [open, branch, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: branch?.id, input });
      toast.success(branch ? BRANCH_MESSAGES.updated : BRANCH_MESSAGES.created);
      onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save the branch'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={branch ? 'Edit branch' : 'New branch'}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {isSuperAdmin && !branch && (
          <CourierSelectField
            couriers={couriers.data}
            error={formState.errors.courierId?.message}
            registration={register('courierId', { setValueAs: (v) => (v ? Number(v) : undefined) })}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={formState.errors.name?.message}>
            <Input {...register('name')} />
          </Field>
          <Field label="Code" error={formState.errors.code?.message}>
            <Input {...register('code')} />
          </Field>
        </div>
        <Field label="Address" error={formState.errors.address?.message}>
          <Input {...register('address')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Parish" error={formState.errors.parish?.message}>
            <Select {...register('parish')}>
              <option value="">Choose a parish</option>
              {PARISHES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Phone" error={formState.errors.phone?.message}>
            <Input type="tel" {...register('phone')} />
          </Field>
        </div>
        <Field label="Opening hours" error={formState.errors.hours?.message}>
          <Input placeholder="Mon-Fri 9:00 AM-6:00 PM" {...register('hours')} />
        </Field>
        <Checkbox label="Active" {...register('active')} />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            {branch ? 'Save changes' : 'Create branch'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
