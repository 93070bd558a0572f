import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { PARISHES } from '@courier/shared/constants/parishes';
import { walkInCustomerSchema } from '@courier/shared/schemas/auth';
import { ACCOUNT_TYPES, TITLES } from '@courier/shared/schemas/auth-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useBranchOptions } from '@/hooks/use-options';
import { ApiError, errorMessage } from '@/lib/api-client';
import { type CustomerOption, useRegisterWalkIn } from '../api/packages';
import { StationForm } from '@/components/scan-station/station-form';

type FormIn = z.input<typeof walkInCustomerSchema>;
type FormOut = z.output<typeof walkInCustomerSchema>;

/**
 * Registers a walk-in customer from the Scan screen with the registration wizard's rules; the
 * customer gets the welcome e-mail with their mailbox and a link to choose a password.
 */
export function WalkInCustomerDialog({
  open,
  onOpenChange,
  onRegistered,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onRegistered: (customer: CustomerOption) => void;
}) {
  const branches = useBranchOptions(undefined, open);
  const save = useRegisterWalkIn();
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(walkInCustomerSchema) });
  const { register, handleSubmit, reset, formState, setError, control } = form;
  const accountType = useWatch({ control, name: 'accountType' });
  useEffect(() => {
    if (open) reset({ accountType: 'individual', title: '', country: 'Jamaica' } as FormIn);
  }, [open, reset]);
  const onSubmit = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (customer) => {
        toast.success(`Customer registered: ${customer.mailboxNumber}. The welcome e-mail is on its way.`);
        onRegistered(customer);
        onOpenChange(false);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fieldErrors : undefined;
        for (const [name, messages] of Object.entries(fields ?? {})) setError(name as keyof FormIn, { message: messages[0] });
        toast.error(errorMessage(error, 'Could not register the customer'));
      },
    }),
  );
  const e = formState.errors;
  const number = { setValueAs: (v: unknown) => (v === '' ? undefined : Number(v)) };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Register a walk-in customer" className="max-w-2xl">
      <StationForm onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <Field label="Account type" error={e.accountType?.message}>
          <Select {...register('accountType')}>
            {ACCOUNT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t === 'individual' ? 'Individual' : 'Business'}
              </option>
            ))}
          </Select>
        </Field>
        {accountType === 'business' ? (
          <Field label="Business name" error={e.businessName?.message}>
            <Input {...register('businessName')} />
          </Field>
        ) : (
          <Field label="Title" error={e.title?.message}>
            <Select {...register('title')}>
              <option value="">Choose a title</option>
              {TITLES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </Select>
          </Field>
        )}
        <Field label="First name" error={e.firstName?.message}>
          <Input autoComplete="off" {...register('firstName')} />
        </Field>
        <Field label="Last name" error={e.lastName?.message}>
          <Input autoComplete="off" {...register('lastName')} />
        </Field>
        <Field label="Email" error={e.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field label="Phone" error={e.phone?.message}>
          <Input type="tel" autoComplete="off" {...register('phone')} />
        </Field>
        <Field label="TRN" error={e.trn?.message}>
          <Input autoComplete="off" {...register('trn')} />
        </Field>
        <Field label="Pickup branch" error={e.branchId?.message}>
          <Select {...register('branchId', number)}>
            <option value="">Choose a branch</option>
            {(branches.data ?? [])
              .filter((b) => b.active)
              .map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
          </Select>
        </Field>
        <Field label="Address" error={e.address?.message} className="sm:col-span-2">
          <Input autoComplete="off" {...register('address')} />
        </Field>
        <Field label="Parish" error={e.parish?.message}>
          <Select {...register('parish')}>
            <option value="">Choose a parish</option>
            {PARISHES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </Select>
        </Field>
        <Field label="City" error={e.city?.message}>
          <Input autoComplete="off" {...register('city')} />
        </Field>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            Register customer
          </Button>
        </div>
      </StationForm>
    </Dialog>
  );
}
