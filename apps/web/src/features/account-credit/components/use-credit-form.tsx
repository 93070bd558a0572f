import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, Gift } from 'lucide-react';
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
 * On the customer's open invoice, folded under the balance due: pay part or all of it from account
 * credit, or with a coupon code; what is left is paid online with Pay now. The credit field shows
 * only when there is credit to use, so the form never opens on a disabled field.
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
  const hasCredit = available > 0;
  return (
    <details className="group rounded-lg border border-slate-200 bg-white" open={pending !== '' || undefined}>
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-3 text-sm font-medium text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <Gift className="size-4 text-brand-700" aria-hidden />
        {hasCredit ? 'Use account credit or a coupon' : 'Use a coupon'}
        {hasCredit && <span className="font-normal text-slate-600 tabular-nums">({formatJmd(available)} available)</span>}
        <ChevronDown className="ml-auto size-4 text-slate-500 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <form onSubmit={onSubmit} noValidate className="border-t border-slate-100 p-4" aria-label="Use account credit">
        {hasCredit && <p className="mb-3 text-sm text-slate-700">Account credit: {formatJmd(available)} available</p>}
        <div
          className={hasCredit ? 'grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end' : 'grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end'}
        >
          {hasCredit && (
            <Field label="Credit to use (JMD)" error={formState.errors.amount?.message} hint={`Leave empty to use ${formatJmd(suggested)}`}>
              <Input inputMode="decimal" {...register('amount')} />
            </Field>
          )}
          <Field label="Coupon code (optional)" error={formState.errors.couponCode?.message}>
            <Input autoCapitalize="characters" {...register('couponCode')} />
          </Field>
          <Button type="submit" variant="secondary" busy={use.isPending}>
            Apply
          </Button>
        </div>
      </form>
    </details>
  );
}
