import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { type CourierDetail, PLATFORM_MESSAGES, courierUpdateSchema } from '@courier/shared/schemas/platform';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useUpdateCourier } from '../api/couriers';
import { CourierIdentityFields } from './courier-identity-fields';

type UpdateIn = z.input<typeof courierUpdateSchema>;
type UpdateOut = z.output<typeof courierUpdateSchema>;

export function EditCourierDialog({
  courier,
  open,
  onOpenChange,
}: {
  courier: CourierDetail;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const update = useUpdateCourier();
  const form = useForm<UpdateIn, unknown, UpdateOut>({ resolver: zodResolver(courierUpdateSchema) });
  const { register, handleSubmit, reset, formState } = form;
  useEffect(() => {
    if (open)
      reset({
        name: courier.name,
        code: courier.code,
        email: courier.email ?? '',
        phone: courier.phone ?? '',
        contactFirstName: courier.contactFirstName ?? '',
        contactLastName: courier.contactLastName ?? '',
      });
  }, [open, courier, reset]);
  const e = formState.errors;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit courier" className="max-w-2xl">
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={handleSubmit(async (input) => {
          try {
            await update.mutateAsync({ id: courier.id, input });
            toast.success(PLATFORM_MESSAGES.courierUpdated);
            onOpenChange(false);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to update the courier'));
          }
        })}
      >
        <CourierIdentityFields register={register} errors={e} codeHint="Changing it does not renumber existing mailboxes." />
        <Field label="Contact first name" error={e.contactFirstName?.message}>
          <Input {...register('contactFirstName')} />
        </Field>
        <Field label="Contact last name" error={e.contactLastName?.message}>
          <Input {...register('contactLastName')} />
        </Field>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
