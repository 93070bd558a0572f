import { formatWeight } from '@courier/shared/format/weight';
import { useState } from 'react';
import { ScanLine } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PACKAGE_STATUSES, PACKAGE_STATUS_LABELS, type PackageStatus, SHIPPING_MODES } from '@courier/shared/constants/packages';
import { hasPermission } from '@courier/shared/domain/permissions';
import { LEAVING_STATUSES } from '@courier/shared/domain/release';
import type { PackageListItem } from '@courier/shared/schemas/packages';
import type { ReleaseOverrideInput } from '@courier/shared/schemas/release';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ReleaseOverrideFields, overridePayload } from '@/features/billing/components/release-override';
import { useBulkStatus, usePackageList } from '@/features/packages/api/packages';
import { PackageDetailDialog } from '@/app/routes/packages/package-detail-dialog';
import { useLinkedPackage } from '@/features/packages/hooks/use-linked-package';
import { errorMessage } from '@/lib/api-client';
import { toast } from 'sonner';
import { downloadZpl, openLabels } from '@/features/packages/api/labels';
import { useSession } from '@/lib/session';
import { useDateFormat } from '@/lib/format-date';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusOptions } from '@courier/shared/format/status';

/** The staff package list: every filter a warehouse needs, bulk status changes, and each package's timeline. */
export default function PackagesPage() {
  const dates = useDateFormat();
  const { user } = useSession();
  const [params] = useSearchParams();
  const superAdmin = user?.role.name === 'super_admin';
  const canEdit = !superAdmin && hasPermission(user, 'packages_edit');
  const list = useListState({ search: params.get('search') ?? '', limit: 25 });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = { ...list.query, receivedFrom: from || undefined, receivedTo: to || undefined };
  const packages = usePackageList('/packages', query);
  const { openId, open: setOpenId, close } = useLinkedPackage();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<PackageStatus>('in_transit');
  const bulk = useBulkStatus();
  // Delivered by a status change follows the release rule; its override is offered to those who hold it.
  const [override, setOverride] = useState<ReleaseOverrideInput>({});
  const offerOverride = LEAVING_STATUSES.includes(bulkStatus) && hasPermission(user, 'release_override');
  const rows = packages.data?.data ?? [];

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Array<DataTableColumn<PackageListItem>> = [
    ...(canEdit
      ? [
          {
            field: 'select',
            priority: 1,
            label: 'Select',
            width: 60,
            render: (p: PackageListItem) => (
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                aria-label={`Select ${p.packageNumber}`}
                checked={selected.has(p.id)}
                onChange={() => toggle(p.id)}
              />
            ),
          },
        ]
      : []),
    {
      field: 'packageNumber',
      priority: 1,
      label: 'Package',
      sortable: true,
      render: (p) => <span className="font-medium whitespace-nowrap">{p.packageNumber}</span>,
    },
    {
      field: 'trackingNumber',
      priority: 3,
      label: 'Tracking',
      sortable: true,
      render: (p) => <span className="font-mono text-xs break-all">{p.trackingNumber}</span>,
      width: 230,
      // A tracking number stays on one line: it is read and compared as one code.
      nowrap: true,
    },
    {
      field: 'status',
      priority: 1,
      label: 'Status',
      sortable: true,
      render: (p) => <StatusBadge kind="package" status={p.status} />,
      filterOptions: statusOptions('package'),
    },
    {
      field: 'customerName',
      priority: 2,
      label: 'Customer',
      sortable: true,
      render: (p) => (p.customerName ? `${p.customerName} (${p.mailboxNumber})` : 'Unknown'),
      width: 200,
    },
    ...(superAdmin
      ? [{ field: 'courierName', priority: 2, label: 'Courier', filterable: false, render: (p: PackageListItem) => p.courierName ?? '' }]
      : []),
    { field: 'branchName', priority: 3, label: 'Branch', sortable: true, render: (p) => p.branchName ?? '-' },
    { field: 'mode', label: 'Mode', sortable: true, filterOptions: SHIPPING_MODES.map((m) => ({ value: m, label: m })), width: 80 },
    { field: 'manifestNumber', priority: 3, label: 'Manifest', sortable: true, render: (p) => p.manifestNumber ?? '-' },
    { field: 'weightLb', label: 'Weight (lb)', sortable: true, filterable: false, render: (p) => formatWeight(p.weightLb), width: 100 },
    {
      field: 'receivedAt',
      priority: 2,
      label: 'Received date',
      sortable: true,
      filterable: false,
      render: (p) => dates.date(p.receivedAt, p.timeZone),
    },
  ];

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Packages</h1>
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Received from">
          <Input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field label="Received to">
          <Input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </Field>
        {(from || to) && (
          <Button
            variant="ghost"
            onClick={() => {
              setFrom('');
              setTo('');
            }}
          >
            Clear dates
          </Button>
        )}
      </div>
      {canEdit && selected.size > 0 && (
        <section
          className="flex flex-wrap items-end gap-3 rounded-md border border-brand-200 bg-brand-50 p-3"
          aria-label="Selected packages"
        >
          <p className="text-sm font-medium">{selected.size} selected</p>
          <Field label="New status">
            <Select value={bulkStatus} onChange={(e) => setBulkStatus(e.target.value as PackageStatus)}>
              {PACKAGE_STATUSES.filter((s) => s !== 'unknown').map((s) => (
                <option key={s} value={s}>
                  {PACKAGE_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </Field>
          {offerOverride && <ReleaseOverrideFields value={override} onChange={setOverride} />}
          <Button
            busy={bulk.isPending}
            onClick={() =>
              bulk.mutate(
                { ids: [...selected], status: bulkStatus, ...(offerOverride ? overridePayload(override) : {}) },
                { onSuccess: () => setSelected(new Set()) },
              )
            }
          >
            Apply to selected
          </Button>
          <Button
            variant="secondary"
            onClick={() => openLabels([...selected]).catch((e) => toast.error(errorMessage(e, 'Could not open the labels')))}
          >
            Print labels
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              downloadZpl([...selected], `labels-${selected.size}.zpl`).catch((e) =>
                toast.error(errorMessage(e, 'Could not download the labels')),
              )
            }
          >
            Download ZPL
          </Button>
          <Button variant="ghost" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </section>
      )}
      <DataTable
        label="Packages"
        empty={{
          description: 'Every package the courier receives shows here once it is scanned in at the warehouse.',
          action:
            !superAdmin && hasPermission(user, 'packages_scan') ? { label: 'Scan a package in', icon: ScanLine, to: '../scan' } : undefined,
          filtered: Boolean(from || to),
          onClearFilters: () => {
            setFrom('');
            setTo('');
          },
        }}
        columns={columns}
        data={rows}
        total={packages.data?.total ?? 0}
        totalCapped={packages.data?.totalCapped}
        loading={packages.isFetching}
        error={packages.error ? errorMessage(packages.error, 'Could not load the packages') : null}
        onRetry={() => void packages.refetch()}
        exportPath="/packages"
        exportQuery={query}
        getRowId={(p) => p.id}
        searchPlaceholder="Package, tracking, mailbox or name"
        {...list.tableProps}
        actions={(p) => (
          <Button size="sm" variant="secondary" onClick={() => setOpenId(p.id)} aria-label={`Open ${p.packageNumber}`} data-row-open>
            Open
          </Button>
        )}
      />
      <PackageDetailDialog id={openId} onClose={close} canEdit={canEdit} />
    </div>
  );
}
