import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, UserCheck, UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { PARISHES } from '@courier/shared/constants/parishes';
import { CUSTOMER_ADMIN_MESSAGES, type CustomerRecord, customerUpdateSchema } from '@courier/shared/schemas/customers';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { type CustomerArea, useCustomer, useSetCustomerActive, useUpdateCustomer } from '@/features/customers/api/customers';
import { useBranchOptions } from '@/hooks/use-options';
import { CustomerActivity } from '@/features/customers/components/customer-activity';
import { CreditAccountCard } from '@/features/account-credit/components/credit-account-card';
import { ActiveBadge, DetailList, PageError, PageHeader } from '@/components/layout/page-header';
import { usePortal } from '@/lib/portal-context';
import { ResetTwoFactorButton } from '@/features/auth/components/reset-two-factor-button';
import { ActiveStatusConfirm } from '@/components/ui/active-status-confirm';
import { useDateFormat } from '@/lib/format-date';

type FormIn = z.input<typeof customerUpdateSchema>;
type FormOut = z.output<typeof customerUpdateSchema>;

function EditCustomerDialog({
  area,
  customer,
  open,
  onOpenChange,
}: {
  area: CustomerArea;
  customer: CustomerRecord;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const update = useUpdateCustomer(area);
  const branches = useBranchOptions(undefined, open);
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(customerUpdateSchema) });
  const { register, handleSubmit, reset, watch, formState } = form;
  useEffect(() => {
    if (!open) return;
    reset({
      accountType: customer.accountType,
      businessName: customer.businessName ?? '',
      title: customer.title ?? '',
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone ?? '',
      trn: customer.trn ?? '',
      address: customer.address ?? '',
      parish: (customer.parish as FormIn['parish']) ?? '',
      city: customer.city ?? '',
      branchId: customer.branchId,
    });
  }, [open, customer, reset]);
  const isBusiness = watch('accountType') === 'business';
  const onSubmit = handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ id: customer.id, input });
      toast.success(CUSTOMER_ADMIN_MESSAGES.updated);
      onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update the customer'));
    }
  });
  const e = formState.errors;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit customer" className="max-w-2xl">
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field label="Account type" error={e.accountType?.message}>
          <Select {...register('accountType')}>
            <option value="individual">Individual</option>
            <option value="business">Business</option>
          </Select>
        </Field>
        {isBusiness ? (
          <Field label="Business name" error={e.businessName?.message}>
            <Input {...register('businessName')} />
          </Field>
        ) : (
          <Field label="Title" error={e.title?.message}>
            <Input {...register('title')} />
          </Field>
        )}
        <Field label="First name" error={e.firstName?.message}>
          <Input {...register('firstName')} />
        </Field>
        <Field label="Last name" error={e.lastName?.message}>
          <Input {...register('lastName')} />
        </Field>
        <Field label="Email" error={e.email?.message}>
          <Input type="email" {...register('email')} />
        </Field>
        <Field label="Phone" error={e.phone?.message}>
          <Input type="tel" {...register('phone')} />
        </Field>
        <Field label="TRN" error={e.trn?.message}>
          <Input {...register('trn')} />
        </Field>
        <Field label="Pickup branch" error={e.branchId?.message}>
          <Select {...register('branchId', { setValueAs: (v) => (v ? Number(v) : null) })}>
            <option value="">No branch</option>
            {(branches.data ?? []).map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Street address" error={e.address?.message} className="sm:col-span-2">
          <Input {...register('address')} />
        </Field>
        <Field label="City" error={e.city?.message}>
          <Input {...register('city')} />
        </Field>
        <Field label="Parish" error={e.parish?.message}>
          <Select {...register('parish')}>
            <option value="">Choose a parish</option>
            {PARISHES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
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

/** customers/{id} and business-customers/{id}: the customer's record, edit and deactivate. */
export function CustomerDetailPage({ area }: { area: CustomerArea }) {
  const dates = useDateFormat();
  const { id } = useParams();
  const { base, can, isSuperAdmin, user } = usePortal();
  const customer = useCustomer(area, Number(id));
  // Clearing a lost second step is the admins' (the API refuses anyone else).
  const resetsTwoFactor = isSuperAdmin || user?.role.name === 'courier_admin' || user?.role.name === 'admin';
  const setActive = useSetCustomerActive(area);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const back = { to: `${base}/${area}`, label: area === 'business-customers' ? 'Business Customers' : 'Customers' };
  if (customer.isPending) return <Skeleton className="h-64" />;
  if (customer.isError) return <PageError message={errorMessage(customer.error, 'Failed to load the customer')} />;
  const c = customer.data;
  return (
    <div>
      <PageHeader
        back={back}
        title={c.businessName ?? c.name}
        description={`${c.mailboxNumber} · ${c.accountType === 'business' ? 'Business Account' : 'Individual Account'}`}
        actions={
          can('customers_edit') && (
            <>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
                Edit
              </Button>
              <Button variant={c.active ? 'danger' : 'secondary'} onClick={() => setConfirming(true)}>
                {c.active ? <UserX className="h-4 w-4" aria-hidden="true" /> : <UserCheck className="h-4 w-4" aria-hidden="true" />}
                {c.active ? 'Deactivate' : 'Activate'}
              </Button>
              {resetsTwoFactor && <ResetTwoFactorButton kind="customer" id={c.id} name={c.name} />}
            </>
          )
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Customer details</CardTitle>
        </CardHeader>
        <CardContent>
          <DetailList
            items={[
              ['Mailbox number', c.mailboxNumber],
              ['Name', [c.title, c.firstName, c.lastName].filter(Boolean).join(' ')],
              ['Business', c.businessName],
              ['Email', c.email],
              ['Phone', c.phone],
              ['TRN', c.trn],
              ['Address', [c.address, c.city, c.parish].filter(Boolean).join(', ')],
              ['Pickup branch', c.branchName],
              ['Status', <ActiveBadge key="s" active={c.active} />],
              ['Last sign-in', dates.date(c.lastLoginAt)],
              ['Joined', dates.date(c.createdAt)],
            ]}
          />
        </CardContent>
      </Card>
      <CustomerActivity customerId={c.id} />
      {!isSuperAdmin && (
        <section className="mt-6" aria-label="Account credit">
          <CreditAccountCard customerId={c.id} canGrant={can('credit_grant')} />
        </section>
      )}
      <EditCustomerDialog area={area} customer={c} open={editing} onOpenChange={setEditing} />
      <ActiveStatusConfirm
        open={confirming}
        onOpenChange={setConfirming}
        noun="customer"
        name={c.name}
        active={c.active}
        busy={setActive.isPending}
        setActive={(active) => setActive.mutateAsync({ id: c.id, active })}
        messages={CUSTOMER_ADMIN_MESSAGES}
      />
    </div>
  );
}

export const CustomerDetailRoute = () => <CustomerDetailPage area="customers" />;
export const BusinessCustomerDetailRoute = () => <CustomerDetailPage area="business-customers" />;
