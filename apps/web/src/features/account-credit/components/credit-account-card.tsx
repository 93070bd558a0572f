import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Download, Gift, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { CREDIT_ENTRY_LABELS, CREDIT_MESSAGES, goodwillFormSchema } from '@courier/shared/schemas/account-credit';
import { dayInZone } from '@courier/shared/domain/datetime';
import { formatJmd } from '@courier/shared/format/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { downloadStatement, useAddGoodwill, useCreditAccount } from '../api/account-credit';

type GoodwillIn = z.input<typeof goodwillFormSchema>;
type GoodwillOut = z.output<typeof goodwillFormSchema>;

function GoodwillDialog({ customerId, open, onOpenChange }: { customerId: number; open: boolean; onOpenChange(o: boolean): void }) {
  const add = useAddGoodwill();
  const form = useForm<GoodwillIn, unknown, GoodwillOut>({
    resolver: zodResolver(goodwillFormSchema),
    defaultValues: { amount: '', reason: '' },
  });
  const { register, handleSubmit, reset, formState } = form;
  const onSubmit = handleSubmit(async ({ amount, reason }) => {
    try {
      const done = await add.mutateAsync({ customerId, amountCents: amount ?? 0, reason });
      toast.success(`${done.message}: balance ${formatJmd(done.balanceCents)}`);
      reset();
      onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not add the credit'));
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add account credit"
      description="Goodwill credit, with the reason the customer will read."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Amount (JMD)" error={formState.errors.amount?.message}>
          <Input inputMode="decimal" {...register('amount')} />
        </Field>
        <Field label="Reason" error={formState.errors.reason?.message}>
          <Input maxLength={500} {...register('reason')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={add.isPending}>
            Add credit
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Account credit: the balance, its history, the referral code and link, and the monthly
 * statement. The customer's own (no customerId) or, for staff, a customer's with Add credit.
 */
export function CreditAccountCard({ customerId, canGrant = false }: { customerId?: number; canGrant?: boolean }) {
  const account = useCreditAccount(customerId);
  const dates = useDateFormat();
  const [granting, setGranting] = useState(false);
  const [month, setMonth] = useState(() => dayInZone(new Date()).slice(0, 7));
  const [downloading, setDownloading] = useState(false);
  if (account.isLoading) return <Skeleton className="h-40" />;
  if (account.isError || !account.data)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(account.error, 'Could not load the account credit')}{' '}
        <button type="button" className="underline" onClick={() => void account.refetch()}>
          Try again
        </button>
      </p>
    );
  const a = account.data;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(a.referralLink);
      toast.success('Referral link copied');
    } catch {
      toast.error('Could not copy: select the link and copy it');
    }
  };
  const statement = async () => {
    setDownloading(true);
    try {
      await downloadStatement(month, customerId);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not download the statement'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Account credit</CardTitle>
          {canGrant && customerId !== undefined && (
            <Button size="sm" variant="secondary" onClick={() => setGranting(true)}>
              <Plus className="size-4" aria-hidden /> Add credit
            </Button>
          )}
        </CardHeader>
        <CardContent className="space-y-4">
          <p>
            <span className="text-sm text-slate-600">Balance</span>
            <span data-testid="credit-balance" className="block text-2xl font-semibold text-slate-900">
              {formatJmd(a.balanceCents)}
            </span>
            <span className="text-xs text-slate-600">Use it on any invoice: online from the invoice, or at the counter.</span>
          </p>
          {a.pendingCouponCode && (
            <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
              Your coupon <strong>{a.pendingCouponCode}</strong> is waiting: apply it on one of your invoices.
            </p>
          )}
          {a.entries.length === 0 ? (
            <EmptyState title="No account credit yet" icon={Gift}>
              Refunds, goodwill and referral rewards show here.
            </EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm" aria-label="Account credit history">
              {a.entries.map((e) => (
                <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                  <span className="min-w-0 flex-1">
                    <span className="font-medium text-slate-900">{CREDIT_ENTRY_LABELS[e.kind]}</span>
                    <span className="block break-words text-slate-600">{e.description}</span>
                    <span className="block text-xs text-slate-500">{dates.dateTime(e.createdAt, a.timeZone)}</span>
                  </span>
                  <span className={e.amountCents < 0 ? 'text-slate-700' : 'font-medium text-green-700'}>{formatJmd(e.amountCents)}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Refer a friend</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          <p>
            Your referral code: <strong data-testid="referral-code">{a.referralCode}</strong>
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Input
              readOnly
              value={a.referralLink}
              aria-label="Referral link"
              className="min-w-0 flex-1"
              onFocus={(e) => e.target.select()}
            />
            <Button size="sm" variant="secondary" onClick={() => void copy()}>
              <Copy className="size-4" aria-hidden /> Copy link
            </Button>
          </div>
          {a.referredByName && <p className="text-slate-600">You were referred by {a.referredByName}.</p>}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Statement</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-end gap-2">
          <Field label="Month" error={/^\d{4}-\d{2}$/.test(month) ? undefined : CREDIT_MESSAGES.statementMonth}>
            <Input type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
          </Field>
          <Button variant="secondary" busy={downloading} disabled={!/^\d{4}-\d{2}$/.test(month)} onClick={() => void statement()}>
            <Download className="size-4" aria-hidden /> Download statement
          </Button>
          {a.accountType === 'business' && (
            <p className="w-full text-xs text-slate-600">Business accounts also get it by e-mail on the 1st of each month.</p>
          )}
        </CardContent>
      </Card>
      {customerId !== undefined && <GoodwillDialog customerId={customerId} open={granting} onOpenChange={setGranting} />}
    </div>
  );
}
