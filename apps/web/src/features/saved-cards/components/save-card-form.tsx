import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { type SaveCardInput, saveCardInputSchema } from '@courier/shared/schemas/saved-cards';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSaveCard } from '../api/saved-cards';

type FormOut = z.output<typeof saveCardInputSchema>;
const FIELDS = ['cardholderName', 'cardNumber', 'expiry', 'cvv'] as const;

/**
 * The card form: sent once to our server, which passes it to the card processor and keeps only
 * the processor's token; then the browser goes to the bank's check (3-D Secure).
 */
export function SaveCardForm({ test, replacing }: { test: boolean; replacing: boolean }) {
  const save = useSaveCard();
  const [leaving, setLeaving] = useState(false);
  const form = useForm<SaveCardInput, unknown, FormOut>({
    resolver: zodResolver(saveCardInputSchema),
    defaultValues: { cardholderName: '', cardNumber: '', expiry: '', cvv: '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  const onSubmit = handleSubmit(async (input) => {
    try {
      const { challengeUrl } = await save.mutateAsync(input);
      setLeaving(true);
      window.location.assign(challengeUrl);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      const field = FIELDS.find((f) => fieldErrors?.[f]?.[0]);
      if (field) setError(field, { message: fieldErrors?.[field]?.[0] });
      else toast.error(errorMessage(error, 'Could not check the card'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Save a card" className="grid gap-4">
      <Field label="Name on the card" error={formState.errors.cardholderName?.message}>
        <Input autoComplete="cc-name" {...register('cardholderName')} />
      </Field>
      <Field label="Card number" error={formState.errors.cardNumber?.message}>
        <Input inputMode="numeric" autoComplete="cc-number" {...register('cardNumber')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry (MM/YY)" error={formState.errors.expiry?.message}>
          <Input inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" {...register('expiry')} />
        </Field>
        <Field label="Security code" error={formState.errors.cvv?.message} hint="3 or 4 digits">
          <Input inputMode="numeric" autoComplete="cc-csc" {...register('cvv')} />
        </Field>
      </div>
      {test && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Test mode: no card is charged. Try 4012 0000 0002 0006 (your bank asks for the password 3ds2), or 5555 6666 6666 2222, which saves
          but declines every charge.
        </p>
      )}
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
        We keep only the card processor's token, the brand, the last four digits and the expiry; never the card number or the security code.
        Your bank will ask you to confirm it is you.
      </p>
      <div>
        <Button type="submit" busy={save.isPending || leaving}>
          {replacing ? 'Replace my card' : 'Save card'}
        </Button>
      </div>
    </form>
  );
}
