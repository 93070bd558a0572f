import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AUTH_MESSAGES, type PasswordResetRequestInput, passwordResetRequestSchema } from '@courier/shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { requestPasswordReset } from '../api/password-reset';

interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The customer login passes its courier's api key so the customer account of that courier is found. */
  apiKey?: string;
}

/** The Reset Your Password modal: closes on Cancel, the close icon or success. */
export function ForgotPasswordDialog({ open, onOpenChange, apiKey }: ForgotPasswordDialogProps) {
  const form = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await requestPasswordReset(values.email, apiKey);
      toast.success(AUTH_MESSAGES.resetEmailSent, { duration: 7_000 });
      form.reset();
      onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error, AUTH_MESSAGES.resetEmailFailed));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
      title="Reset Your Password"
      description="Enter the email address of your account and we will send you a link to reset your password."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
