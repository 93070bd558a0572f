import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { PARISHES } from '@courier/shared/constants/parishes';
import {
  AUTH_API_MESSAGES,
  AUTH_MESSAGES,
  CHANGE_PASSWORD_MESSAGES,
  type ChangePasswordFormInput,
  type CustomerProfile,
  changePasswordFormSchema,
  customerProfileUpdateSchema,
} from '@courier/shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TwoFactorCard } from '@/features/auth/components/two-factor-card';
import { NotificationPreferencesCard } from '@/features/communications/components/notification-preferences-card';
import { PhoneNoticesCard } from '@/features/communications/components/phone-notices-card';
import { AuthorisedPeopleCard } from '@/features/customers/components/authorised-people-card';
import {
  changeCustomerPassword,
  useCourierBranches,
  useCustomerProfile,
  useUpdateCustomerProfile,
} from '@/features/auth/api/customer-account';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The form keeps the branch as the select's string; the shared schema checks the rest. */
const detailsFormSchema = customerProfileUpdateSchema.extend({
  branchId: z.string().min(1, AUTH_MESSAGES.branchRequired),
  businessName: z.string().trim().max(200),
});
type DetailsForm = z.input<typeof detailsFormSchema>;

function toForm(p: CustomerProfile): DetailsForm {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone ?? '',
    trn: p.trn ?? '',
    businessName: p.businessName ?? '',
    address: p.address ?? '',
    parish: p.parish ?? '',
    city: p.city ?? '',
    branchId: p.branch ? String(p.branch.id) : '',
  };
}

function DetailsCard({ profile }: { profile: CustomerProfile }) {
  const branches = useCourierBranches(profile.courier.id);
  const updateProfile = useUpdateCustomerProfile();
  const { check } = useSession();
  const form = useForm<DetailsForm>({ resolver: zodResolver(detailsFormSchema), defaultValues: toForm(profile) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const { reset } = form;
  useEffect(() => reset(toForm(profile)), [profile, reset]);

  const submit = form.handleSubmit(async (values) => {
    if (profile.accountType === 'business' && !values.businessName?.trim()) {
      form.setError('businessName', { message: AUTH_MESSAGES.businessNameRequired });
      return;
    }
    try {
      await updateProfile.mutateAsync({
        ...values,
        businessName: profile.accountType === 'business' ? (values.businessName ?? '') : null,
        branchId: Number(values.branchId),
      });
      toast.success(AUTH_API_MESSAGES.profileUpdated);
      await check(true);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update profile'));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal details</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-4">
          <dl className="grid gap-3 rounded-md bg-slate-50 p-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-500">Mailbox number</dt>
              <dd className="font-semibold text-slate-900">{profile.mailboxNumber}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-slate-500">Email</dt>
              <dd className="truncate font-medium text-slate-900">{profile.email}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Account type</dt>
              <dd className="font-medium text-slate-900">{profile.accountType === 'business' ? 'Business' : 'Individual'}</dd>
            </div>
          </dl>
          {profile.accountType === 'business' && (
            <Field label="Business Name" error={errors.businessName?.message}>
              <Input autoComplete="organization" {...form.register('businessName')} />
            </Field>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First Name" error={errors.firstName?.message}>
              <Input autoComplete="given-name" {...form.register('firstName')} />
            </Field>
            <Field label="Last Name" error={errors.lastName?.message}>
              <Input autoComplete="family-name" {...form.register('lastName')} />
            </Field>
            <Field label="Phone" error={errors.phone?.message}>
              <Input type="tel" autoComplete="tel" {...form.register('phone')} />
            </Field>
            <Field label="TRN" error={errors.trn?.message}>
              <Input {...form.register('trn')} />
            </Field>
          </div>
          <h3 className="pt-2 text-sm font-semibold text-slate-900">Address</h3>
          <Field label="Street Address" error={errors.address?.message}>
            <Input autoComplete="street-address" {...form.register('address')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Parish" error={errors.parish?.message}>
              <Select {...form.register('parish')}>
                <option value="">Select parish</option>
                {PARISHES.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="City" error={errors.city?.message}>
              <Input autoComplete="address-level2" {...form.register('city')} />
            </Field>
          </div>
          <Field label="Pickup Branch" error={errors.branchId?.message ?? (branches.isError ? 'Branches could not be loaded' : undefined)}>
            {branches.isPending ? (
              // The select mounts once its options exist, so it shows the saved branch.
              <Select disabled aria-busy="true">
                <option>Loading branches...</option>
              </Select>
            ) : (
              <Select {...form.register('branchId')}>
                <option value="">Select branch</option>
                {(branches.data ?? []).map((b) => (
                  <option key={b.id} value={String(b.id)}>
                    {b.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" busy={isSubmitting} disabled={!isDirty}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function PasswordCard() {
  const form = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await changeCustomerPassword(values.currentPassword, values.newPassword);
      toast.success(AUTH_API_MESSAGES.passwordChanged);
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors?.currentPassword?.[0]) {
        form.setError('currentPassword', { message: error.fieldErrors.currentPassword[0] });
      }
      toast.error(errorMessage(error, CHANGE_PASSWORD_MESSAGES.failed));
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label="Current Password" error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
          </Field>
          <Field label="New Password" error={errors.newPassword?.message} hint="At least 8 characters">
            <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
          </Field>
          <Field label="Confirm New Password" error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" busy={isSubmitting}>
              {isSubmitting ? 'Updating...' : 'Update Password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** /customer/profile: the customer's details, address and pickup branch, their e-mail switches, and a change-password form. */
export function CustomerProfilePage() {
  const profile = useCustomerProfile();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">My Profile</h1>
      {profile.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : profile.isError ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          {errorMessage(profile.error, 'Your profile could not be loaded.')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void profile.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <DetailsCard profile={profile.data} />
      )}
      <AuthorisedPeopleCard />
      <NotificationPreferencesCard />
      <PhoneNoticesCard />
      <PasswordCard />
      <TwoFactorCard />
    </div>
  );
}
