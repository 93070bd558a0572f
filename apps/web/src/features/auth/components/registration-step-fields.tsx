import type { FieldErrors, FieldPath, UseFormRegisterReturn } from 'react-hook-form';
import { PARISHES } from '@courier/shared/constants/parishes';
import { REFERRAL_FIELD_HINT, REFERRAL_FIELD_LABEL } from '@courier/shared/constants/referrals';
import type { BranchBrief } from '@courier/shared/schemas/auth';
import { type RegistrationFormValues, TITLES } from '@courier/shared/schemas/auth-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';

/** A field of the form registered so that editing it clears its error. */
export type StepField = (name: FieldPath<RegistrationFormValues>) => UseFormRegisterReturn;

interface StepProps {
  field: StepField;
  errors: FieldErrors<RegistrationFormValues>;
}

type AccountType = RegistrationFormValues['accountType'];

/** Step 1: individual or business, and a business's name. */
export function AccountTypeFields({ field, errors, accountType }: StepProps & { accountType: AccountType }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3" role="radiogroup" aria-label="Account type">
        {(['individual', 'business'] as const).map((type) => (
          <label
            key={type}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border-2 px-4 py-3 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              accountType === type ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-slate-200 text-slate-700',
            )}
          >
            <input type="radio" value={type} className="accent-brand-700" {...field('accountType')} />
            {type === 'individual' ? 'Individual' : 'Business'}
          </label>
        ))}
      </div>
      {accountType === 'business' && (
        <Field label="Business Name" error={errors.businessName?.message}>
          <Input autoComplete="organization" {...field('businessName')} />
        </Field>
      )}
    </>
  );
}

/** Step 2: who the customer is; an individual gives a title. */
export function PersonalFields({ field, errors, accountType }: StepProps & { accountType: AccountType }) {
  return (
    <>
      {accountType === 'individual' && (
        <Field label="Title" error={errors.title?.message}>
          <Select autoComplete="honorific-prefix" {...field('title')}>
            <option value="">Select title</option>
            {TITLES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First Name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...field('firstName')} />
        </Field>
        <Field label="Last Name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...field('lastName')} />
        </Field>
      </div>
      <Field label="TRN" error={errors.trn?.message} hint="Taxpayer Registration Number">
        <Input inputMode="numeric" {...field('trn')} />
      </Field>
    </>
  );
}

/** Step 3: e-mail, phone and the password. */
export function ContactFields({ field, errors }: StepProps) {
  return (
    <>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...field('email')} />
      </Field>
      <Field label="Phone" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...field('phone')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...field('password')} />
      </Field>
      <Field label="Confirm Password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...field('confirmPassword')} />
      </Field>
    </>
  );
}

/** Step 4: the address and the branch the customer collects from. */
export function AddressFields({ field, errors, branches }: StepProps & { branches: BranchBrief[] }) {
  return (
    <>
      <Field label="Street Address" error={errors.address?.message}>
        <Input autoComplete="street-address" {...field('address')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Parish" error={errors.parish?.message}>
          <Select {...field('parish')}>
            <option value="">Select parish</option>
            {PARISHES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="City" error={errors.city?.message}>
          <Input autoComplete="address-level2" {...field('city')} />
        </Field>
      </div>
      <Field label="Branch" error={errors.branchId?.message} hint="Where you will collect your packages">
        <Select {...field('branchId')}>
          <option value="">Select branch</option>
          {branches.map((b) => (
            <option key={b.id} value={String(b.id)}>
              {b.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={REFERRAL_FIELD_LABEL} error={errors.referralCode?.message ?? errors.couponCode?.message} hint={REFERRAL_FIELD_HINT}>
        <Input autoCapitalize="characters" autoComplete="off" {...field('referralCode')} />
      </Field>
    </>
  );
}
