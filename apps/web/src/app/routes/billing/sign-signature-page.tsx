import { formatJmd } from '@courier/shared/format/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { BILLING_MESSAGES, collectFormSchema } from '@courier/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useCollect, useCollectable, useCollection, useFindCollectable } from '@/features/billing/api/invoices';
import { InvoicePackages } from '@/features/billing/components/invoice-view';
import { CollectorChoice } from '@/features/billing/components/collector-choice';
import { ReleaseOverrideFields } from '@/features/billing/components/release-override';
import { type SignaturePadHandle, SignedNameFields } from '@/features/billing/components/signature-pad';
import { ScanStation } from '@/components/scan-station/scan-station';
import { type ScanOutcome, useScanStation } from '@/components/scan-station/use-scan-station';
import { ApiError, errorMessage } from '@/lib/api-client';
import { StatusBadge } from '@/components/ui/status-badge';

/** Where this screen lives: /admin/sign-signature, /courier/admin/sign-signature or /staff/sign-signature. */
function useBase() {
  const { pathname } = window.location;
  const base = pathname.startsWith('/courier/admin') ? '/courier/admin' : pathname.startsWith('/staff') ? '/staff' : '/admin';
  return { signBase: `${base}/sign-signature`, home: base === '/staff' ? '/staff' : '/admin' };
}

function FindInvoice({ onPick }: { onPick: (invoiceNo: string) => void }) {
  const [search, setSearch] = useState('');
  const list = useCollectable(search);
  const findCollectable = useFindCollectable();
  /** A scanned label, tracking number, mailbox or invoice number: one invoice opens, several are listed. */
  const station = useScanStation(async (code): Promise<ScanOutcome> => {
    const found = await findCollectable(code);
    const [first] = found;
    if (found.length === 1 && first) {
      onPick(first.invoiceNo);
      return { tone: 'ok', message: `Invoice ${first.invoiceNo}`, refocus: false };
    }
    setSearch(code);
    if (found.length === 0) return { tone: 'error', message: `No invoice with packages waiting for ${code}` };
    return { tone: 'warning', message: `${found.length} invoices for ${code}: choose one below` };
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Find the invoice</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <ScanStation
          station={station}
          label="Scan a package, mailbox or invoice"
          hint="Scan the package label, the customer's mailbox or the invoice number, then press Enter"
          action="Find"
          autoFocus
          camera
        />
        <Field label="Invoice number, mailbox or name">
          <Input value={search} onChange={(e) => setSearch(e.target.value)} placeholder="INV-000001 or JXP-10001" />
        </Field>
        {list.isLoading ? (
          <Spinner />
        ) : (list.data ?? []).length === 0 ? (
          <EmptyState title="No invoice with packages waiting for pickup" />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {(list.data ?? []).map((c) => (
              <li key={c.invoiceNo}>
                <button
                  type="button"
                  className="flex w-full flex-wrap items-center justify-between gap-2 px-3 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
                  onClick={() => onPick(c.invoiceNo)}
                >
                  <span>
                    <span className="font-medium">{c.invoiceNo}</span> · {c.customerName} ({c.mailboxNumber}) · {c.readyCount} package
                    {c.readyCount === 1 ? '' : 's'}
                  </span>
                  <span className="flex items-center gap-2">
                    <StatusBadge kind="invoice" status={c.status} /> {formatJmd(c.balanceCents)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Collect({ invoiceNo, onDone }: { invoiceNo: string; onDone: () => void }) {
  const collection = useCollection(invoiceNo);
  const collect = useCollect(invoiceNo);
  const pad = useRef<SignaturePadHandle>(null);
  const [signed, setSigned] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const onSigned = useCallback((v: boolean) => setSigned(v), []);
  const form = useForm<z.input<typeof collectFormSchema>, unknown, z.output<typeof collectFormSchema>>({
    resolver: zodResolver(collectFormSchema),
    defaultValues: { collectorName: '', signature: '', collector: 'other', idChecked: false, override: {} },
  });
  const { handleSubmit, setValue, control, formState } = form;
  const { errors } = formState;
  const allowUnpaid = useWatch({ control, name: 'override.allowUnpaid' });
  const collector = useWatch({ control, name: 'collector' });
  const idChecked = useWatch({ control, name: 'idChecked' });
  // The pad is no form control: its drawing is taken into the form as the form is sent.
  const submit = (e: FormEvent) => {
    setValue('signature', pad.current?.toDataUrl() ?? '');
    return handleSubmit(async ({ override, collector: who, idChecked, ...signedFor }) => {
      // An authorised person is released to by the list's name and ID, once the clerk checked it.
      const authorised = who === 'other' ? {} : { authorisedPersonId: Number(who), idChecked };
      try {
        const res = await collect.mutateAsync({ ...signedFor, ...authorised, ...override });
        toast.success(res.message);
        setDone(res.message);
      } catch (error) {
        toast.error(errorMessage(error, 'Could not record the collection'));
      }
    })(e);
  };

  if (collection.isLoading) return <Spinner />;
  if (collection.isError || !collection.data) {
    return collection.error instanceof ApiError && collection.error.status === 404 ? (
      <EmptyState title="Invoice not found">There is no invoice {invoiceNo}.</EmptyState>
    ) : (
      <p role="alert">{errorMessage(collection.error, 'Could not load the invoice')}</p>
    );
  }
  const { invoice, canOverride } = collection.data;
  const shelves = collection.data.shelves ?? [];
  const people = collection.data.authorisedPeople ?? [];
  const waiting = invoice.packages.filter((p) => p.status === 'ready_for_pickup');

  if (done) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <CheckCircle2 className="size-12 text-green-600" aria-hidden />
          <p className="text-lg font-semibold" role="status">
            {done}
          </p>
          <Button onClick={onDone}>Next collection</Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <Card>
        <CardHeader className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>
            {invoice.invoiceNo} <StatusBadge kind="invoice" status={invoice.status} />
          </CardTitle>
          <span className="text-sm text-slate-700">
            {invoice.customerName} ({invoice.mailboxNumber})
          </span>
        </CardHeader>
        <CardContent className="space-y-4">
          <InvoicePackages invoice={invoice} />
          {shelves.length > 0 && (
            <div>
              <h3 className="text-sm font-medium text-slate-700">Where they sit</h3>
              <ul aria-label="Where they sit" className="mt-1 flex flex-wrap gap-2 text-sm">
                {shelves.map((s) => (
                  <li key={s.packageId} className="rounded bg-slate-100 px-2 py-1 text-slate-900">
                    <span className="font-mono">{s.packageNumber}</span>:{' '}
                    {s.shelfCode ? <strong>Shelf {s.shelfCode}</strong> : <span className="text-slate-600">not put away</span>}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p className="text-lg">
            Balance due: <strong data-testid="sign-balance">{formatJmd(invoice.balanceCents)}</strong>
          </p>
          {invoice.balanceCents > 0 && (
            <div className="rounded-md bg-yellow-50 p-3 text-sm text-yellow-900" role="note">
              <p>{BILLING_MESSAGES.unpaidCollection}</p>
              {canOverride && (
                <div className="mt-2">
                  <Controller
                    control={control}
                    name="override"
                    render={({ field }) => (
                      <ReleaseOverrideFields
                        value={field.value}
                        onChange={field.onChange}
                        error={errors.override?.overrideReason?.message}
                      />
                    )}
                  />
                </div>
              )}
            </div>
          )}
          {waiting.length === 0 && <p className="text-sm text-slate-700">{BILLING_MESSAGES.alreadyCollected}</p>}
        </CardContent>
      </Card>
      {waiting.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Signature</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {people.length > 0 && (
              <Controller
                control={control}
                name="collector"
                render={({ field }) => (
                  <CollectorChoice
                    customerName={invoice.customerName}
                    people={people}
                    value={field.value}
                    onChange={(who, person) => {
                      field.onChange(who);
                      setValue('idChecked', false);
                      setValue('collectorName', person ? person.name : '');
                    }}
                    idChecked={idChecked}
                    onIdChecked={(checked) => setValue('idChecked', checked, { shouldValidate: formState.isSubmitted })}
                    idError={errors.idChecked?.message}
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name="collectorName"
              render={({ field }) => (
                <SignedNameFields
                  nameLabel="Collector's name"
                  nameReadOnly={collector !== 'other'}
                  name={field.value}
                  onNameChange={field.onChange}
                  nameError={errors.collectorName?.message}
                  pad={pad}
                  onSigned={onSigned}
                  signatureError={errors.signature?.message}
                />
              )}
            />
            <Button
              type="submit"
              size="lg"
              busy={collect.isPending || formState.isSubmitting}
              disabled={invoice.balanceCents > 0 && !allowUnpaid}
              className="w-full sm:w-auto"
            >
              {signed ? 'Confirm collection' : 'Sign to confirm collection'}
            </Button>
          </CardContent>
        </Card>
      )}
    </form>
  );
}

/** The counter's signature screen, outside the portal layouts so it fills a tablet. */
export default function SignSignaturePage() {
  const { invoiceNumber } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { signBase, home } = useBase();
  // The staff route has no path parameter: the chosen invoice rides in ?invoice=.
  const invoiceNo = invoiceNumber ?? params.get('invoice');
  const pick = (no: string) =>
    signBase.startsWith('/staff') ? setParams({ invoice: no }) : navigate(`${signBase}/${encodeURIComponent(no)}`);
  const reset = () => (signBase.startsWith('/staff') ? setParams({}) : navigate(signBase));

  return (
    <main className="mx-auto min-h-screen max-w-3xl space-y-4 bg-slate-50 px-4 py-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold text-slate-900">Signature</h1>
        <Link to={invoiceNo ? signBase : home} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> {invoiceNo ? 'Another invoice' : 'Back'}
        </Link>
      </div>
      {invoiceNo ? <Collect key={invoiceNo} invoiceNo={invoiceNo} onDone={reset} /> : <FindInvoice onPick={pick} />}
    </main>
  );
}
