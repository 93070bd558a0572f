import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type IdentityField = 'name' | 'code' | 'email' | 'phone';

/**
 * The courier's name, code, e-mail and phone, as both the New courier and the Edit courier
 * dialogs ask for them; only the code's hint differs (a new code numbers mailboxes, a changed one
 * does not renumber them).
 */
export function CourierIdentityFields({
  register,
  errors,
  codeHint,
}: {
  register: (name: IdentityField) => UseFormRegisterReturn;
  errors: Partial<Record<IdentityField, FieldError>>;
  codeHint: string;
}) {
  return (
    <>
      <Field label="Courier name" error={errors.name?.message}>
        <Input {...register('name')} />
      </Field>
      <Field label="Code" error={errors.code?.message} hint={codeHint}>
        <Input className="uppercase" {...register('code')} />
      </Field>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" {...register('email')} />
      </Field>
      <Field label="Phone" error={errors.phone?.message}>
        <Input type="tel" {...register('phone')} />
      </Field>
    </>
  );
}
