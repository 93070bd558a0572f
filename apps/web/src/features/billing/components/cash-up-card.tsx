import { formatJmd, formatDecimal, parseCents } from '@courier/shared/format/money';
import { useBranchOptions } from '@/hooks/use-options';
import { FileDown } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { cashUpDifference } from '@courier/shared/domain/cash-up';
import { hasPermission } from '@courier/shared/domain/permissions';
import { PAYMENT_METHOD_LABELS } from '@courier/shared/constants/billing';
import {
  BILLING_MESSAGES,
  type CashUpEntry,
  type CashUpExpected,
  type UnassignedPayment,
  cashUpFormSchema,
} from '@courier/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { openFile } from '@/lib/download';
import { useCashUp, useCorrectCashUp, usePlaceOnTill, useRecordCashUp } from '../api/payments';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDateFormat } from '@/lib/format-date';

const COUNT_FIELDS = [
  ['openingFloatCents', 'Opening float (JMD)', true],
  ['countedCashCents', 'Cash counted, with the float (JMD)', true],
  ['countedCardCents', 'Card batch total (JMD)', true],
  ['countedBankTransferCents', 'Bank transfers seen (JMD, optional)', false],
  ['countedOnlineCents', 'Online payments seen (JMD, optional)', false],
] as const;
type CountField = (typeof COUNT_FIELDS)[number][0];
type FormIn = z.input<ReturnType<typeof cashUpFormSchema>>;
type FormOut = z.output<ReturnType<typeof cashUpFormSchema>>;

const text = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : formatDecimal(cents));

/** The count form: the first count of the day, or a correction of the latest (with a reason). */
function CountForm({
  day,
  branchId,
  date,
  correcting,
  onDone,
}: {
  day: CashUpExpected;
  branchId: number;
  date: string;
  correcting: CashUpEntry | null;
  onDone: () => void;
}) {
  const record = useRecordCashUp();
  const correct = useCorrectCashUp();
  const schema = useMemo(() => cashUpFormSchema(correcting !== null), [correcting]);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(schema),
    defaultValues: {
      openingFloatCents: text(correcting?.openingFloatCents),
      countedCashCents: text(correcting?.countedCashCents),
      countedCardCents: text(correcting?.countedCardCents),
      countedBankTransferCents: text(correcting?.countedBankTransferCents),
      countedOnlineCents: text(correcting?.countedOnlineCents),
      notes: '',
      reason: '',
    },
  });
  const { register, handleSubmit, control, formState } = form;
  const { errors } = formState;
  const values = useWatch({ control });

  const cents = (field: CountField, required: boolean): number | null => {
    const t = (values[field] ?? '').trim();
    if (t === '') return required ? 0 : null;
    return parseCents(t) ?? Number.NaN;
  };
  const counts = {
    openingFloatCents: cents('openingFloatCents', true) ?? 0,
    countedCashCents: cents('countedCashCents', true) ?? 0,
    countedCardCents: cents('countedCardCents', true) ?? 0,
    countedBankTransferCents: cents('countedBankTransferCents', false),
    countedOnlineCents: cents('countedOnlineCents', false),
  };
  const invalid = Object.values(counts).some((v) => v !== null && Number.isNaN(v));
  const difference = invalid ? null : cashUpDifference(counts, day);

  const submit = handleSubmit(async (parsed) => {
    const { reason, ...counted } = parsed;
    const body = { branchId, date, ...counted };
    try {
      if (correcting) {
        await correct.mutateAsync({ ...body, reason: reason ?? '' });
        toast.success(BILLING_MESSAGES.cashUpCorrected);
      } else {
        await record.mutateAsync(body);
        toast.success(BILLING_MESSAGES.cashUpRecorded);
      }
      onDone();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not save the cash-up'));
    }
  });

  return (
    <form
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={submit}
      noValidate
      aria-label={correcting ? 'Correct the cash-up' : 'Record the cash-up'}
    >
      {COUNT_FIELDS.map(([field, label]) => (
        <Field key={field} label={label} error={errors[field]?.message}>
          <Input inputMode="decimal" {...register(field)} placeholder="0.00" />
        </Field>
      ))}
      <Field label="Notes">
        <Textarea rows={1} {...register('notes')} maxLength={500} />
      </Field>
      {correcting && (
        <Field label="Reason for the correction" error={errors.reason?.message} className="sm:col-span-2 lg:col-span-3">
          <Input {...register('reason')} maxLength={500} />
        </Field>
      )}
      <p className="text-sm sm:col-span-2 lg:col-span-3" aria-live="polite">
        Difference{' '}
        <strong className={difference !== null && difference < 0 ? 'text-red-700' : 'text-green-700'} data-testid="cash-up-difference">
          {difference === null ? '—' : formatJmd(difference)}
        </strong>
      </p>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit" busy={record.isPending || correct.isPending}>
          {correcting ? 'Save correction' : 'Record cash-up'}
        </Button>
        {correcting && (
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function EntryLine({ entry, zone }: { entry: CashUpEntry; zone: string }) {
  const dates = useDateFormat();
  const counted = (c: number | null) => (c === null ? 'not counted' : formatJmd(c));
  return (
    <li className="py-2 text-sm text-slate-700">
      <span className="font-medium">{entry.correctsId ? 'Correction' : 'Counted'}</span>
      {entry.closedByName ? ` by ${entry.closedByName}` : ''} · {dates.dateTime(entry.createdAt, zone)}
      {entry.reason ? ` · ${entry.reason}` : ''}
      <br />
      Float {formatJmd(entry.openingFloatCents)}, cash {formatJmd(entry.countedCashCents)}, card {formatJmd(entry.countedCardCents)},
      transfers {counted(entry.countedBankTransferCents)}, online {counted(entry.countedOnlineCents)}; difference{' '}
      <strong className={entry.differenceCents < 0 ? 'text-red-700' : 'text-green-700'}>{formatJmd(entry.differenceCents)}</strong>
      {entry.notes ? ` · ${entry.notes}` : ''}
    </li>
  );
}

/**
 * Payments taken without a branch (before every payment had a till, or by someone without one)
 * stay listed on every branch's cash-up until someone places each on the till it went into.
 */
function UnassignedPayments({
  rows,
  branchName,
  branchId,
  zone,
  canPlace,
}: {
  rows: UnassignedPayment[];
  branchName: string;
  branchId: number;
  zone: string;
  canPlace: boolean;
}) {
  const dates = useDateFormat();
  const place = usePlaceOnTill();
  const [placing, setPlacing] = useState<UnassignedPayment | null>(null);
  if (rows.length === 0) return null;
  return (
    <section className="rounded-md border border-amber-300 bg-amber-50 p-3" aria-labelledby="unassigned-title">
      <h3 id="unassigned-title" className="text-sm font-semibold text-amber-900">
        Payments on no till ({rows.length})
      </h3>
      <p className="mt-1 text-sm text-amber-900">
        No cash-up counts these until they are placed on the till that took them. Place each one on the branch where the money is.
      </p>
      <ul className="mt-2 divide-y divide-amber-200" aria-label="Payments on no till">
        {rows.map((p) => (
          <li key={p.receiptNo} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <span className="font-medium">{p.receiptNo}</span> · {dates.dateTime(p.paidAt, zone)} · {p.customerName} ·{' '}
              {PAYMENT_METHOD_LABELS[p.method]} <strong className="tabular-nums">{formatJmd(p.amountCents)}</strong>
              {p.takenByName ? ` · taken by ${p.takenByName}` : ''}
            </span>
            {canPlace && (
              <Button size="sm" variant="secondary" onClick={() => setPlacing(p)} aria-label={`Place ${p.receiptNo} on ${branchName}`}>
                Place on {branchName}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={placing !== null}
        onOpenChange={(o) => !o && setPlacing(null)}
        title="Place on a till"
        message={
          placing
            ? `Place ${placing.receiptNo} (${formatJmd(placing.amountCents)}, ${PAYMENT_METHOD_LABELS[placing.method]}) on the till of ${branchName}? Its cash-up for ${dates.date(placing.paidAt, zone)} then counts it. This cannot be moved later.`
            : ''
        }
        confirmLabel="Place on till"
        busy={place.isPending}
        onConfirm={async () => {
          if (!placing) return;
          try {
            const done = await place.mutateAsync({ receiptNo: placing.receiptNo, branchId });
            toast.success(done.message);
          } catch (error) {
            toast.error(errorMessage(error, 'Could not place the payment'));
          } finally {
            setPlacing(null);
          }
        }}
      />
    </section>
  );
}

/** End of day: what the payments say each method should hold against what was counted. */
export function CashUpCard() {
  const dates = useDateFormat();
  const { user } = useSession();
  const canPickBranch = hasPermission(user, 'branches_view');
  const branches = useBranchOptions(undefined, canPickBranch);
  const [picked, setPicked] = useState<number | null>(null);
  const branchId = picked ?? user?.branch?.id ?? branches.data?.[0]?.id ?? null;
  const [date, setDate] = useState(() => dates.today());
  const cashUp = useCashUp(branchId, date);
  const [correcting, setCorrecting] = useState(false);
  const [printing, setPrinting] = useState(false);
  const canRecord = hasPermission(user, 'payments_create');
  useEffect(() => setCorrecting(false), []);

  if (!branchId) return null;
  const data = cashUp.data;
  const branchName = branches.data?.find((b) => b.id === branchId)?.name ?? user?.branch?.name ?? 'this branch';
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>End-of-day cash-up</CardTitle>
        <Button
          size="sm"
          variant="secondary"
          busy={printing}
          onClick={async () => {
            setPrinting(true);
            try {
              await openFile('/payments/cash-up/sheet', { branchId, date });
            } catch (error) {
              toast.error(errorMessage(error, 'Could not open the end-of-day sheet'));
            } finally {
              setPrinting(false);
            }
          }}
        >
          <FileDown className="size-4" aria-hidden /> End-of-day sheet
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {canPickBranch && (
            <Field label="Branch">
              <Select value={branchId} onChange={(e) => setPicked(Number(e.target.value))}>
                {(branches.data ?? []).map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field label="Day">
            <Input type="date" value={date} max={dates.today()} onChange={(e) => setDate(e.target.value)} />
          </Field>
        </div>
        {cashUp.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(cashUp.error, 'Could not load the cash-up')}{' '}
            <Button size="sm" variant="link" onClick={() => cashUp.refetch()}>
              Try again
            </Button>
          </p>
        ) : cashUp.isLoading || !data ? (
          <Spinner />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              {(
                [
                  ['Cash expected', data.expectedCashCents],
                  ['Card expected', data.expectedCardCents],
                  ['Bank transfers', data.expectedBankTransferCents],
                  ['Online', data.expectedOnlineCents],
                ] as const
              ).map(([label, cents]) => (
                <div key={label} className="rounded-md bg-slate-50 p-3">
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="font-semibold tabular-nums">{formatJmd(cents)}</dd>
                </div>
              ))}
            </dl>
            {data.refundedCents > 0 && (
              <p className="text-sm text-slate-700" data-testid="cash-up-refunds">
                Refunds handed back here: <strong className="tabular-nums">−{formatJmd(data.refundedCents)}</strong> (already out of the
                expected figures)
              </p>
            )}
            <UnassignedPayments
              rows={data.unassigned}
              branchId={branchId}
              branchName={branchName}
              zone={data.timeZone}
              canPlace={canRecord}
            />
            {data.entries.length > 0 && (
              <ul className="divide-y divide-slate-100" data-testid="cash-up-entries">
                {data.entries.map((e) => (
                  <EntryLine key={e.id} entry={e} zone={data.timeZone} />
                ))}
              </ul>
            )}
            {canRecord && !data.recorded && (
              <CountForm key={`new-${branchId}-${date}`} day={data} branchId={branchId} date={date} correcting={null} onDone={() => {}} />
            )}
            {canRecord && data.recorded && !correcting && (
              <Button variant="secondary" onClick={() => setCorrecting(true)}>
                Correct the count
              </Button>
            )}
            {canRecord && data.recorded && correcting && (
              <CountForm
                key={`fix-${data.recorded.id}`}
                day={data}
                branchId={branchId}
                date={date}
                correcting={data.recorded}
                onDone={() => setCorrecting(false)}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
