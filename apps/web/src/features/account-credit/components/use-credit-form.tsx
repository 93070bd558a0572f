import { zodResolver } from '@hookform/resolvers/zod';
import { Gift } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useCreditFormSchema } from '@courier/shared/schemas/account-credit';
import { formatJmd } from '@courier/shared/format/money';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCreditAccount, useUseCredit } from '../api/account-credit';

type FormIn = z.input<typeof useCreditFormSchema>;
type FormOut = z.output<typeof useCreditFormSchema>;

/**
 * On the customer's open invoice: pay part or all of it from account credit, or with a coupon
 * code; what is left is paid online with Pay now.
 */
export function UseCreditForm({ invoiceNo, balanceCents }: { invoiceNo: string; balanceCents: number }) {
  const account = useCreditAccount();
  const use = useUseCredit();
  const available = account.data?.balanceCents ?? 0;
  const suggested = Math.min(available, balanceCents);
  // A coupon typed at registration and not used yet is offered on the invoice.
  const pending = account.data?.pendingCouponCode ?? '';
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(useCreditFormSchema),
    values: { amount: '', couponCode: pending },
  });
  const { register, handleSubmit, setError, formState, reset } = form;
  if (balanceCents <= 0 || account.isLoading) return null;
  const onSubmit = handleSubmit(async ({ amount, couponCode }) => {
    try {
      const done = await use.mutateAsync({
        invoiceNo,
        ...(amount !== undefined ? { amountCents: amount } : {}),
        ...(couponCode ? { couponCode } : {}),
      });
      const left = done.invoiceBalanceCents > 0 ? ` ${formatJmd(done.invoiceBalanceCents)} left to pay.` : ' The invoice is paid.';
      toast.success(`${done.message}: ${formatJmd(done.couponCents + done.creditCents)}.${left}`);
      reset();
    } catch (error) {
      const f = error instanceof ApiError ? error.fieldErrors : undefined;
      if (f?.couponCode?.[0]) setError('couponCode', { message: f.couponCode[0] });
      else if (f?.amountCents?.[0]) setError('amount', { message: f.amountCents[0] });
      else toast.error(errorMessage(error, 'Could not use the credit'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="rounded-lg border border-slate-200 bg-white p-4" aria-label="Use account credit">
      <p className="mb-3 flex items-center gap-2 text-sm font-medium text-slate-900">
        <Gift className="size-4 text-brand-700" aria-hidden /> Account credit: {formatJmd(available)} available
      </p>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field
          label="Credit to use (JMD)"
          error={formState.errors.amount?.message}
          hint={available > 0 ? `Leave empty to use ${formatJmd(suggested)}` : undefined}
        >
          <Input inputMode="decimal" disabled={available <= 0} {...register('amount')} />
        </Field>
        <Field label="Coupon code (optional)" error={formState.errors.couponCode?.message}>
          <Input autoCapitalize="characters" {...register('couponCode')} />
        </Field>
        <Button type="submit" variant="secondary" busy={use.isPending}>
          Apply
        </Button>
      </div>
    </form>
  );
}
