import { formatWeight } from '@courier/shared/format/weight';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { type ClaimDto, type PackageDto, assignPackageSchema } from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { openFile } from '@/lib/download';
import { useAssignPackage, useCustomerSearch, useDecideClaim, usePackageList, useUnknownClaims } from '@/features/packages/api/packages';
import { PackageDetailDialog } from '@/app/routes/packages/package-detail-dialog';
import { UnknownAssignStation } from '@/features/packages/components/unknown-assign/unknown-assign-station';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusOptions } from '@courier/shared/format/status';

export function AssignDialog({ pkg, onClose }: { pkg: PackageDto | null; onClose: () => void }) {
  const form = useForm<z.input<typeof assignPackageSchema>, unknown, z.output<typeof assignPackageSchema>>({
    resolver: zodResolver(assignPackageSchema),
    defaultValues: { mailbox: '' },
  });
  const { register, handleSubmit, reset, setError, control, formState } = form;
  const assign = useAssignPackage();
  const matches = useCustomerSearch(useWatch({ control, name: 'mailbox' }));
  const submit = handleSubmit(({ mailbox }) => {
    if (!pkg) return;
    assign.mutate(
      { id: pkg.id, mailbox },
      {
        onSuccess: () => {
          reset();
          onClose();
        },
        onError: (err) => setError('mailbox', { message: errorMessage(err, 'Could not assign the package') }),
      },
    );
  });
  return (
    <Dialog
      open={pkg !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Assign ${pkg?.packageNumber ?? ''}`}
      description="The customer is e-mailed and the unknown fee is added to their invoice."
    >
      <form onSubmit={submit} className="space-y-4">
        <Field label="Mailbox number or name" error={formState.errors.mailbox?.message}>
          <Input autoFocus list="assign-customers" {...register('mailbox')} />
        </Field>
        <datalist id="assign-customers">
          {(matches.data ?? []).map((c) => (
            <option key={c.id} value={c.mailboxNumber}>
              {c.name}
            </option>
          ))}
        </datalist>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={assign.isPending || formState.isSubmitting}>
            Assign
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Packages that reached the warehouse without a customer, and customers' claims for them. */
export default function UnknownPackagesPage() {
  const dates = useDateFormat();
  const list = useListState();
  const packages = usePackageList('/packages/unknown', list.query);
  const claimList = useListState({ filters: { status: 'pending' } });
  const claims = useUnknownClaims(claimList.query);
  const decide = useDecideClaim();
  const [assigning, setAssigning] = useState<PackageDto | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  const columns: Array<DataTableColumn<PackageDto>> = [
    { field: 'packageNumber', priority: 1, label: 'Package', sortable: true },
    {
      field: 'trackingNumber',
      priority: 2,
      label: 'Tracking',
      sortable: true,
      render: (p) => <span className="font-mono text-xs break-all">{p.trackingNumber}</span>,
      width: 230,
      // A tracking number stays on one line: it is read and compared as one code.
      nowrap: true,
    },
    {
      field: 'labelMailbox',
      priority: 1,
      label: 'On the label',
      filterable: false,
      // What the receiver read off the label: the clue for finding the customer.
      render: (p) => (p.labelMailbox || p.labelName ? [p.labelMailbox, p.labelName].filter(Boolean).join(' · ') : '-'),
      wrap: true,
    },
    { field: 'carrier', priority: 3, label: 'Carrier', sortable: true },
    { field: 'weightLb', priority: 3, label: 'Weight (lb)', sortable: true, filterable: false, render: (p) => formatWeight(p.weightLb) },
    {
      field: 'receivedAt',
      priority: 2,
      label: 'Received date',
      sortable: true,
      filterable: false,
      render: (p) => dates.date(p.receivedAt),
    },
  ];
  const claimColumns: Array<DataTableColumn<ClaimDto>> = [
    { field: 'packageNumber', priority: 1, label: 'Package', filterable: false },
    {
      field: 'trackingNumber',
      priority: 2,
      label: 'Tracking',
      filterable: false,
      render: (c) => <span className="font-mono text-xs">{c.trackingNumber}</span>,
      // A tracking number stays on one line: it is read and compared as one code.
      nowrap: true,
    },
    {
      field: 'customerName',
      priority: 2,
      label: 'Claimed by',
      sortable: true,
      filterable: false,
      render: (c) => `${c.customerName} (${c.mailboxNumber})`,
    },
    { field: 'note', priority: 3, label: 'Note', filterable: false, wrap: true, render: (c) => c.note ?? '-' },
    {
      field: 'status',
      priority: 1,
      label: 'Status',
      sortable: true,
      render: (c) => <StatusBadge kind="claim" status={c.status} />,
      filterOptions: statusOptions('claim'),
    },
  ];

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold text-slate-900">Unknown Packages</h1>
      <UnknownAssignStation />
      <DataTable
        label="Unknown packages"
        empty={{ description: 'Packages that arrive without a mailbox we can match wait here until someone assigns them to a customer.' }}
        columns={columns}
        data={packages.data?.data ?? []}
        total={packages.data?.total ?? 0}
        totalCapped={packages.data?.totalCapped}
        loading={packages.isFetching}
        error={packages.error ? errorMessage(packages.error, 'Could not load the unknown packages') : null}
        onRetry={() => void packages.refetch()}
        getRowId={(p) => p.id}
        searchPlaceholder="Package or tracking number"
        {...list.tableProps}
        actions={(p) => (
          <div className="flex gap-2">
            <Button size="sm" onClick={() => setAssigning(p)}>
              Assign
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setOpenId(p.id)}>
              Open
            </Button>
          </div>
        )}
      />
      <Card>
        <CardHeader>
          <CardTitle>Customer claims</CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            label="Claims"
            empty={{ description: 'When a customer claims an unknown package as theirs, the claim waits here for your decision.' }}
            columns={claimColumns}
            data={claims.data?.data ?? []}
            total={claims.data?.total ?? 0}
            loading={claims.isFetching}
            error={claims.error ? errorMessage(claims.error, 'Could not load the claims') : null}
            onRetry={() => void claims.refetch()}
            getRowId={(c) => c.id}
            searchPlaceholder="Tracking, mailbox or name"
            {...claimList.tableProps}
            actions={(c) => (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    openFile(`/unknown-claims/${c.id}/proof`).catch((e) => toast.error(errorMessage(e, 'Could not open the proof')))
                  }
                >
                  Proof
                </Button>
                {c.status === 'pending' && (
                  <>
                    <Button
                      size="sm"
                      busy={decide.isPending && decide.variables?.id === c.id && decide.variables.approve}
                      onClick={() => decide.mutate({ id: c.id, approve: true })}
                    >
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      busy={decide.isPending && decide.variables?.id === c.id && !decide.variables.approve}
                      onClick={() => decide.mutate({ id: c.id, approve: false })}
                    >
                      Reject
                    </Button>
                  </>
                )}
              </div>
            )}
          />
        </CardContent>
      </Card>
      <AssignDialog pkg={assigning} onClose={() => setAssigning(null)} />
      <PackageDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
