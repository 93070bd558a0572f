import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { issueInvoiceFormSchema } from '@courier/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { type BillableCustomer, useBillableCustomers, useBillablePackages, useIssueInvoice } from '../api/invoices';

type FormIn = z.input<typeof issueInvoiceFormSchema>;
type FormOut = z.output<typeof issueInvoiceFormSchema>;

/** Invoices ready packages that have none yet: pick the customer, then the packages. */
export function IssueInvoiceDialog({
  open,
  onOpenChange,
  onIssued,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onIssued: (no: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [customer, setCustomer] = useState<BillableCustomer | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(issueInvoiceFormSchema), defaultValues: { packageIds: [] } });
  const { register, handleSubmit, reset, formState } = form;
  const error = formState.errors.packageIds?.message;
  const customers = useBillableCustomers(search, open && customer === null);
  const pkgs = useBillablePackages(customer?.customerId ?? null);
  const issue = useIssueInvoice();
  const close = (o: boolean) => {
    if (!o) {
      setCustomer(null);
      reset({ packageIds: [] });
      setSearch('');
    }
    onOpenChange(o);
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Issue invoice" description="Ready packages without an invoice">
      {customer === null ? (
        <div className="space-y-4">
          <Field label="Customer name or mailbox">
            <Input value={search} onChange={(e) => setSearch(e.target.value)} autoFocus />
          </Field>
          {customers.isLoading ? (
            <Spinner />
          ) : (customers.data ?? []).length === 0 ? (
            <EmptyState title="No ready packages waiting for an invoice" />
          ) : (
            <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
              {(customers.data ?? []).map((c) => (
                <li key={c.customerId}>
                  <button
                    type="button"
                    className="flex w-full justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-slate-50"
                    onClick={() => {
                      setCustomer(c);
                      reset({ packageIds: [] });
                    }}
                  >
                    <span>
                      {c.customerName} ({c.mailboxNumber})
                    </span>
                    <span className="text-slate-600">
                      {c.packageCount} package{c.packageCount === 1 ? '' : 's'}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <form
          className="space-y-4"
          noValidate
          onSubmit={handleSubmit(async ({ packageIds }) => {
            try {
              const done = await issue.mutateAsync({ customerId: customer.customerId, packageIds });
              toast.success(`${done.message}: ${done.invoiceNo}`);
              close(false);
              onIssued(done.invoiceNo);
            } catch (err) {
              toast.error(errorMessage(err, 'Could not issue the invoice'));
            }
          })}
        >
          <p className="text-sm text-slate-700">
            {customer.customerName} ({customer.mailboxNumber}){' '}
            <Button type="button" variant="link" size="sm" onClick={() => setCustomer(null)}>
              Change
            </Button>
          </p>
          {pkgs.isLoading ? (
            <Spinner />
          ) : (
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-medium">Packages</legend>
              {(pkgs.data ?? []).map((p) => (
                <Checkbox
                  key={p.id}
                  className="flex"
                  label={`${p.packageNumber} · ${p.trackingNumber} · ${p.weightLb} lb${p.description ? ` · ${p.description}` : ''}`}
                  value={String(p.id)}
                  {...register('packageIds')}
                />
              ))}
            </fieldset>
          )}
          {error && (
            <p className="text-sm text-red-600" role="alert">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={issue.isPending}>
              Issue invoice
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
