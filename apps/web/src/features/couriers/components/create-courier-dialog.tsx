import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { PLATFORM_MESSAGES, courierCreateSchema } from '@courier/shared/schemas/platform';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/api-client';
import { useCreateCourier } from '../api/couriers';
import { CourierIdentityFields } from './courier-identity-fields';

type CreateIn = z.input<typeof courierCreateSchema>;
type CreateOut = z.output<typeof courierCreateSchema>;

/** The super admin's "New courier": the courier and the admin who will run it. */
export function CreateCourierDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const create = useCreateCourier();
  const navigate = useNavigate();
  const form = useForm<CreateIn, unknown, CreateOut>({ resolver: zodResolver(courierCreateSchema) });
  const { register, handleSubmit, reset, formState } = form;
  useEffect(() => {
    if (open) reset({ name: '', code: '', email: '', phone: '', admin: { firstName: '', lastName: '', email: '', password: '' } });
  }, [open, reset]);
  const e = formState.errors;
  const onSubmit = handleSubmit(async (input) => {
    try {
      const created = await create.mutateAsync(input);
      toast.success(PLATFORM_MESSAGES.courierCreated);
      onOpenChange(false);
      navigate(`/superadmin/couriers/${created.id}`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to create the courier'));
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New courier"
      description="The courier and the admin who will run it."
      className="max-w-2xl"
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <CourierIdentityFields register={register} errors={e} codeHint="2 to 8 letters or digits; starts every mailbox number." />
        <h3 className="pt-2 text-sm font-semibold text-slate-900 sm:col-span-2">Courier admin</h3>
        <Field label="First name" error={e.admin?.firstName?.message}>
          <Input {...register('admin.firstName')} />
        </Field>
        <Field label="Last name" error={e.admin?.lastName?.message}>
          <Input {...register('admin.lastName')} />
        </Field>
        <Field label="Admin email" error={e.admin?.email?.message}>
          <Input type="email" autoComplete="off" {...register('admin.email')} />
        </Field>
        <Field label="Admin password" error={e.admin?.password?.message}>
          <PasswordInput autoComplete="new-password" {...register('admin.password')} />
        </Field>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Create courier
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
