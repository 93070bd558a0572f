import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  SETTINGS_MESSAGES,
  type UpdateProfileInput,
  type UserPasswordForm,
  updateProfileSchema,
  userPasswordFormSchema,
} from '@courier/shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useChangeUserPassword, useUpdateProfile } from '../api/account';
import { passwordFailure } from './password-feedback';
import { reportFailure, serverFieldErrors } from './report';
import { TabLoading } from './tab-states';

/** The staff profile: first name, last name, e-mail, and a change-password form. */
export function StaffProfile() {
  const { user, check } = useSession();
  const userId = user?.id ?? null;
  const updateProfile = useUpdateProfile(userId);
  const changePassword = useChangeUserPassword(userId);

  const profile = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { firstName: '', lastName: '', email: '' },
  });
  const password = useForm<UserPasswordForm>({
    resolver: zodResolver(userPasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const filledFor = useRef<number | null>(null);
  useEffect(() => {
    if (!user || filledFor.current === user.id) return;
    filledFor.current = user.id;
    profile.reset({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  }, [user, profile]);

  if (!user) return <TabLoading />;

  const saveProfile = profile.handleSubmit(async (values) => {
    try {
      const saved = await updateProfile.mutateAsync(values);
      profile.reset({ firstName: saved.firstName, lastName: saved.lastName, email: saved.email });
      toast.success(SETTINGS_MESSAGES.profileSaved);
      // The header shows the name from the session: read the profile again.
      void check(true);
    } catch (error) {
      for (const [field, message] of Object.entries(serverFieldErrors(error))) {
        profile.setError(field as keyof UpdateProfileInput, { message });
      }
      reportFailure('update profile', error, SETTINGS_MESSAGES.profileFailed);
    }
  });

  const savePassword = password.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      password.reset();
      toast.success(SETTINGS_MESSAGES.passwordSaved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        password.setError('currentPassword', { message: SETTINGS_MESSAGES.currentPasswordIncorrect });
      }
      passwordFailure(error);
    }
  });

  const pe = profile.formState.errors;
  const we = password.formState.errors;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={saveProfile} noValidate className="space-y-4">
            <Field label="First Name" error={pe.firstName?.message}>
              <Input autoComplete="given-name" {...profile.register('firstName')} />
            </Field>
            <Field label="Last Name" error={pe.lastName?.message}>
              <Input autoComplete="family-name" {...profile.register('lastName')} />
            </Field>
            <Field label="Email" error={pe.email?.message}>
              <Input type="email" autoComplete="email" {...profile.register('email')} />
            </Field>
            <Button type="submit" busy={profile.formState.isSubmitting}>
              Save Profile
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Change Password</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={savePassword} noValidate className="space-y-4">
            <Field label="Current Password" error={we.currentPassword?.message}>
              <PasswordInput autoComplete="current-password" {...password.register('currentPassword')} />
            </Field>
            <Field label="New Password" error={we.newPassword?.message} hint="At least 8 characters.">
              <PasswordInput autoComplete="new-password" {...password.register('newPassword')} />
            </Field>
            <Field label="Confirm New Password" error={we.confirmPassword?.message}>
              <PasswordInput autoComplete="new-password" {...password.register('confirmPassword')} />
            </Field>
            <Button type="submit" busy={password.formState.isSubmitting}>
              {password.formState.isSubmitting ? 'Updating...' : 'Update Password'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
