import { useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '@courier/shared/constants/billing';
import { hasPermission } from '@courier/shared/domain/permissions';
import { type Payment, parseJmdToCents } from '@courier/shared/schemas/billing';
import type { BranchOption } from '@courier/shared/schemas/branches';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { openPdf } from '@/features/billing/api/files';
import { useCashUp, usePayments, useRecordCashUp } from '@/features/billing/api/payments';
import { jamaicaToday, jmd, shortDate } from '@/features/billing/components/money';
import { usePortal } from '@/features/billing/components/portal';
import { api, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

function ReceiptButton({ payment }: { payment: Payment }) {
  const portal = usePortal();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant="secondary"
      busy={busy}
      aria-label={`Receipt ${payment.receiptNo}`}
      onClick={async () => {
        setBusy(true);
        try {
          await openPdf(`/payments/${payment.receiptNo}/receipt`, { courierId: portal === 'superadmin' ? payment.courierId : undefined });
        } catch (error) {
          toast.error(errorMessage(error, 'Could not open the receipt'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FileDown className="size-4" aria-hidden /> Receipt
    </Button>
  );
}

/** End of day: what the payments say each method should hold against what was counted. */
function CashUpCard() {
  const { user } = useSession();
  const canPickBranch = hasPermission(user, 'branches_view');
  const branches = useQuery({
    queryKey: ['branches', 'options'],
    queryFn: ({ signal }) => api.get<BranchOption[]>('/branches/options', { signal }),
    enabled: canPickBranch,
  });
  const [picked, setPicked] = useState<number | null>(null);
  const branchId = picked ?? user?.branch?.id ?? branches.data?.[0]?.id ?? null;
  const [date, setDate] = useState(jamaicaToday());
  const cashUp = useCashUp(branchId, date);
  const record = useRecordCashUp();
  const [cash, setCash] = useState('');
  const [card, setCard] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string>();
  const canRecord = hasPermission(user, 'payments_create');

  if (!branchId) return null;
  const data = cashUp.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>End-of-day cash-up</CardTitle>
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
            <Input type="date" value={date} max={jamaicaToday()} onChange={(e) => setDate(e.target.value)} />
          </Field>
        </div>
        {cashUp.isLoading || !data ? (
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
                  <dd className="font-semibold tabular-nums">{jmd(cents)}</dd>
                </div>
              ))}
            </dl>
            {data.recorded ? (
              <p className="text-sm text-slate-700">
                Recorded{data.recorded.closedByName ? ` by ${data.recorded.closedByName}` : ''}: counted cash{' '}
                {jmd(data.recorded.countedCashCents)}, card {jmd(data.recorded.countedCardCents)}; difference{' '}
                <strong className={data.recorded.differenceCents < 0 ? 'text-red-700' : 'text-green-700'}>
                  {jmd(data.recorded.differenceCents)}
                </strong>
                {data.recorded.notes ? ` · ${data.recorded.notes}` : ''}
              </p>
            ) : canRecord ? (
              <form
                className="grid gap-4 sm:grid-cols-3"
                onSubmit={async (e) => {
                  e.preventDefault();
                  const countedCashCents = parseJmdToCents(cash || '0');
                  const countedCardCents = parseJmdToCents(card || '0');
                  if (Number.isNaN(countedCashCents) || Number.isNaN(countedCardCents)) return setError('Enter amounts like 12500.00');
                  setError(undefined);
                  try {
                    await record.mutateAsync({ branchId, date, countedCashCents, countedCardCents, notes: notes.trim() || undefined });
                    toast.success('Cash-up recorded');
                  } catch (err) {
                    toast.error(errorMessage(err, 'Could not record the cash-up'));
                  }
                }}
              >
                <Field label="Cash counted (JMD)" error={error}>
                  <Input inputMode="decimal" value={cash} onChange={(e) => setCash(e.target.value)} placeholder="0.00" />
                </Field>
                <Field label="Card batch total (JMD)">
                  <Input inputMode="decimal" value={card} onChange={(e) => setCard(e.target.value)} placeholder="0.00" />
                </Field>
                <Field label="Notes">
                  <Textarea rows={1} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={500} />
                </Field>
                <div className="sm:col-span-3">
                  <Button type="submit" busy={record.isPending}>
                    Record cash-up
                  </Button>
                </div>
              </form>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Payments: the customer's history, or the courier's payments (super admin: every courier's). */
export default function PaymentsPage() {
  const portal = usePortal();
  const list = useListState({ sort: { field: 'paidAt', order: 'desc' } });
  const payments = usePayments(list.query);
  const columns: Array<DataTableColumn<Payment>> = [
    { field: 'receiptNo', label: 'Receipt', sortable: true, filterable: false },
    ...(portal === 'superadmin' ? [{ field: 'courierName', label: 'Courier' }] : []),
    ...(portal === 'customer'
      ? []
      : [
          {
            field: 'customerName',
            label: 'Customer',
            sortable: true,
            filterable: false,
            wrap: true,
            render: (r: Payment) => `${r.customerName} (${r.mailboxNumber})`,
          },
        ]),
    { field: 'invoiceNos', label: 'Invoices', filterable: false, wrap: true, render: (r) => r.invoiceNos.join(', ') },
    {
      field: 'method',
      label: 'Method',
      sortable: true,
      render: (r) => `${PAYMENT_METHOD_LABELS[r.method]}${r.reference ? ` (${r.reference})` : ''}`,
      filterOptions: PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] })),
    },
    { field: 'amountCents', label: 'Amount', sortable: true, render: (r) => jmd(r.amountCents) },
    ...(portal === 'customer'
      ? []
      : [{ field: 'branchName', label: 'Branch', sortable: true, render: (r: Payment) => r.branchName ?? '' }]),
    { field: 'paidAt', label: 'Date', sortable: true, render: (r) => shortDate(r.paidAt) },
  ];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Payments</h1>
        <p className="mt-1 text-sm text-slate-600">
          {portal === 'customer'
            ? 'Your payments and receipts.'
            : 'Payments taken at the counter and by bank transfer, with their receipts.'}
        </p>
      </div>
      {(portal === 'admin' || portal === 'staff') && <CashUpCard />}
      {payments.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(payments.error, 'Could not load payments')}
        </p>
      )}
      <DataTable
        label="Payments"
        columns={columns}
        data={payments.data?.data ?? []}
        total={payments.data?.total ?? 0}
        loading={payments.isFetching}
        getRowId={(r) => r.id}
        searchPlaceholder="Receipt, reference or customer"
        {...list.tableProps}
        actions={(r) => <ReceiptButton payment={r} />}
      />
    </div>
  );
}
