import { formatWeight } from '@courier/shared/format/weight';
import { useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { CARRIER_LABELS } from '@courier/shared/constants/packages';
import { PACKAGE_MESSAGES, type PackageDto, type PreAlertDto } from '@courier/shared/schemas/packages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { openFile } from '@/lib/download';
import { usePackageList } from '@/features/packages/api/packages';
import { useCancelPreAlert, useOwnPreAlerts, useUploadPreAlertInvoice } from '@/features/pre-alerts/api/pre-alerts';
import { InsureByDefaultToggle } from '@/features/cover/components/package-cover-panel';
import { PackageDetailDialog } from '@/app/routes/packages/package-detail-dialog';
import { PackageInsuranceCheckbox } from '@/features/cover/components/package-insurance-checkbox';
import { useLinkedPackage } from '@/features/packages/hooks/use-linked-package';
import { INVOICE_ACCEPT, PreAlertForm, invoiceProblem } from '@/features/pre-alerts/components/pre-alert-form';
import { errorMessage } from '@/lib/api-client';
import { formatUsd } from '@courier/shared/format/money';
import { useDateFormat } from '@/lib/format-date';
import { StatusBadge } from '@/components/ui/status-badge';
import { TrackingLink } from '@/components/ui/tracking-link';
import { statusOptions } from '@courier/shared/format/status';
import { PreAlertCarrierDialog } from '@/features/carrier-tracking/components/pre-alert-carrier-dialog';

function UploadInvoiceButton({ preAlert }: { preAlert: PreAlertDto }) {
  const ref = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const upload = useUploadPreAlertInvoice();
  return (
    <>
      <input
        ref={ref}
        type="file"
        accept={INVOICE_ACCEPT}
        className="sr-only"
        aria-label={`Invoice for ${preAlert.trackingNumber}`}
        onChange={async (e) => {
          const file = e.target.files?.[0] ?? null;
          e.target.value = '';
          const problem = invoiceProblem(file);
          if (!file || problem) {
            if (problem) toast.error(problem);
            return;
          }
          setBusy(true);
          try {
            await upload.mutateAsync({ id: preAlert.id, file });
            toast.success(PACKAGE_MESSAGES.invoiceUploaded);
          } catch (error) {
            toast.error(errorMessage(error, 'Could not upload the invoice'));
          } finally {
            setBusy(false);
          }
        }}
      />
      <Button size="sm" variant="secondary" busy={busy} onClick={() => ref.current?.click()}>
        {busy ? 'Uploading...' : preAlert.hasInvoice ? 'Replace invoice' : 'Upload invoice'}
      </Button>
    </>
  );
}

/** The customer's packages with their timelines, and their pre-alerts. */
export default function CustomerPackagesPage() {
  const dates = useDateFormat();
  // A notification opens this page on its package (?search=PKG-...).
  const list = useListState({ search: new URLSearchParams(window.location.search).get('search') ?? '' });
  const packages = usePackageList('/customer/packages', list.query);
  const alertsList = useListState();
  const preAlerts = useOwnPreAlerts(alertsList.query);
  const cancel = useCancelPreAlert();
  const { openId, open: setOpenId, close } = useLinkedPackage();
  // The dashboard's first step links here with ?pre-alert to open the form at once.
  const [formOpen, setFormOpen] = useState(() => new URLSearchParams(window.location.search).has('pre-alert'));
  const [cancelling, setCancelling] = useState<PreAlertDto | null>(null);
  const [following, setFollowing] = useState<PreAlertDto | null>(null);

  const columns: Array<DataTableColumn<PackageDto>> = [
    { field: 'packageNumber', priority: 1, label: 'Package', sortable: true },
    {
      field: 'trackingNumber',
      priority: 2,
      label: 'Tracking',
      sortable: true,
      render: (p) => (
        <span className="text-xs">
          <TrackingLink trackingNumber={p.trackingNumber} carrier={p.carrier} />
        </span>
      ),
      width: 230,
      // A tracking number stays on one line: it is read and compared as one code.
      nowrap: true,
    },
    { field: 'description', priority: 3, label: 'Description', filterable: false, render: (p) => p.description ?? '-', wrap: true },
    {
      field: 'status',
      priority: 1,
      label: 'Status',
      sortable: true,
      render: (p) => <StatusBadge kind="package" status={p.status} />,
      filterOptions: statusOptions('package').filter((o) => o.value !== 'unknown'),
    },
    { field: 'weightLb', label: 'Weight (lb)', sortable: true, filterable: false, render: (p) => formatWeight(p.weightLb), width: 100 },
    { field: 'branchName', priority: 3, label: 'Pickup branch', filterable: false, render: (p) => p.branchName ?? '-' },
    {
      field: 'receivedAt',
      priority: 2,
      label: 'Received date',
      sortable: true,
      filterable: false,
      render: (p) => dates.date(p.receivedAt),
    },
    {
      field: 'estimatedArrival',
      priority: 2,
      label: 'Estimated arrival',
      filterable: false,
      render: (p) => (p.estimatedArrival ? dates.calendar(p.estimatedArrival) : '-'),
    },
    {
      field: 'insured',
      priority: 1,
      label: 'Insurance',
      filterable: false,
      render: (p) => <PackageInsuranceCheckbox packageId={p.id} packageNumber={p.packageNumber} />,
    },
  ];
  const alertColumns: Array<DataTableColumn<PreAlertDto>> = [
    {
      field: 'trackingNumber',
      priority: 2,
      label: 'Tracking',
      sortable: true,
      render: (a) => <span className="font-mono text-xs break-all">{a.trackingNumber}</span>,
      width: 230,
      // A tracking number stays on one line: it is read and compared as one code.
      nowrap: true,
    },
    { field: 'carrier', priority: 4, label: 'Carrier', render: (a) => CARRIER_LABELS[a.carrier], filterable: false },
    { field: 'merchant', priority: 3, label: 'Merchant', sortable: true, filterable: false },
    { field: 'description', priority: 3, label: 'Description', filterable: false, wrap: true },
    { field: 'declaredValueUsdCents', priority: 2, label: 'Value', filterable: false, render: (a) => formatUsd(a.declaredValueUsdCents) },
    {
      field: 'invoice',
      // Customs needs it: whether it is on file stays in view before carrier, merchant or description.
      priority: 2,
      label: 'Invoice',
      filterable: false,
      // A Shop For Me order was bought by the courier: its invoice is that request, never missing.
      render: (a) =>
        a.hasInvoice ? (
          <Badge tone="green">On file</Badge>
        ) : a.shopRequestNo ? (
          <Badge tone="green">Shop For Me {a.shopRequestNo}</Badge>
        ) : (
          <Badge tone="red">Missing</Badge>
        ),
    },
    {
      field: 'status',
      priority: 1,
      label: 'Status',
      sortable: true,
      render: (a) => <StatusBadge kind="preAlert" status={a.status} />,
      filterOptions: statusOptions('preAlert'),
    },
  ];

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">My packages</h1>
        <Button onClick={() => setFormOpen(true)}>Pre-alert a package</Button>
      </div>

      <section aria-labelledby="packages-heading" className="space-y-3">
        <h2 id="packages-heading" className="text-lg font-semibold">
          Packages
        </h2>
        <InsureByDefaultToggle />
        <DataTable
          label="My packages"
          empty={{
            description:
              'Packages we receive for you at our Miami warehouse show here, each with its timeline. Shop online with your US shipping address, then pre-alert what you order.',
            action: { label: 'See your US shipping address', to: '../dashboard', variant: 'secondary' },
          }}
          columns={columns}
          data={packages.data?.data ?? []}
          total={packages.data?.total ?? 0}
          totalCapped={packages.data?.totalCapped}
          loading={packages.isFetching}
          error={packages.error ? errorMessage(packages.error, 'Could not load your packages') : null}
          onRetry={() => void packages.refetch()}
          exportPath="/customer/packages"
          getRowId={(p) => p.id}
          searchPlaceholder="Package, tracking or merchant"
          {...list.tableProps}
          actions={(p) => (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setOpenId(p.id)}
              aria-label={`Timeline of ${p.packageNumber}`}
              data-row-open
            >
              Timeline
            </Button>
          )}
        />
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Pre-alerts</CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            label="My pre-alerts"
            empty={{
              description:
                'A pre-alert tells us a package is on its way, with its invoice for customs, so we can match it the moment it reaches Miami.',
              action: { label: 'Pre-alert your first package', icon: Plus, onClick: () => setFormOpen(true) },
            }}
            columns={alertColumns}
            data={preAlerts.data?.data ?? []}
            total={preAlerts.data?.total ?? 0}
            loading={preAlerts.isFetching}
            error={preAlerts.error ? errorMessage(preAlerts.error, 'Could not load your pre-alerts') : null}
            onRetry={() => void preAlerts.refetch()}
            getRowId={(a) => a.id}
            searchPlaceholder="Tracking, merchant or description"
            {...alertsList.tableProps}
            actions={(a) => (
              <div className="flex flex-wrap gap-2">
                {a.status === 'pending' && (
                  <Button size="sm" variant="secondary" onClick={() => setFollowing(a)} aria-label={`Carrier scans of ${a.trackingNumber}`}>
                    On its way
                  </Button>
                )}
                {a.status !== 'cancelled' && !a.shopRequestNo && <UploadInvoiceButton preAlert={a} />}
                {a.hasInvoice && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      openFile(`/customer/pre-alerts/${a.id}/invoice`).catch((e) =>
                        toast.error(errorMessage(e, 'Could not open the invoice')),
                      )
                    }
                  >
                    View
                  </Button>
                )}
                {a.status === 'pending' && (
                  <Button size="sm" variant="ghost" onClick={() => setCancelling(a)}>
                    Cancel
                  </Button>
                )}
              </div>
            )}
          />
        </CardContent>
      </Card>

      <Dialog
        open={formOpen}
        onOpenChange={setFormOpen}
        title="Pre-alert a package"
        description="Tell us what is coming so we can match it the moment it reaches our Miami warehouse."
        className="max-w-2xl"
      >
        <PreAlertForm onDone={() => setFormOpen(false)} onCancel={() => setFormOpen(false)} />
      </Dialog>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel pre-alert"
        message={`Cancel the pre-alert for ${cancelling?.trackingNumber ?? ''}?`}
        confirmLabel="Cancel pre-alert"
        busy={cancel.isPending}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: () => {
              toast.success(PACKAGE_MESSAGES.preAlertCancelled);
              setCancelling(null);
            },
            onError: (error) => toast.error(errorMessage(error, 'Could not cancel the pre-alert')),
          })
        }
      />
      <PackageDetailDialog id={openId} onClose={close} customer />
      <PreAlertCarrierDialog preAlert={following} onClose={() => setFollowing(null)} />
    </div>
  );
}
