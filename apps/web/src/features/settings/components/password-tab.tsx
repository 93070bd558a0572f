import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type ChangePasswordForm, SETTINGS_MESSAGES, changePasswordFormSchema } from '@courier/shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/account';
import { passwordFailure } from './password-feedback';

/** Password: the admin change-password form with every message */
export function PasswordTab() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const submit = form.handleSubmit(async ({ current_password, new_password }) => {
    try {
      await change.mutateAsync({ current_password, new_password });
      form.reset();
      toast.success(SETTINGS_MESSAGES.passwordSaved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        form.setError('current_password', { message: SETTINGS_MESSAGES.currentPasswordIncorrect });
      passwordFailure(error);
    }
  });
  const errors = form.formState.errors;
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label="Current Password" error={errors.current_password?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('current_password')} />
          </Field>
          <Field label="New Password" error={errors.new_password?.message} hint="At least 8 characters.">
            <PasswordInput autoComplete="new-password" {...form.register('new_password')} />
          </Field>
          <Field label="Confirm New Password" error={errors.confirm_password?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('confirm_password')} />
          </Field>
          <Button type="submit" busy={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Updating...' : 'Update Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
