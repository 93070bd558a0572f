import { formatWeight } from '@courier/shared/format/weight';
import { useState } from 'react';
import { Plus } from 'lucide-react';
import { SHIPPING_MODES } from '@courier/shared/constants/packages';
import { statusOptions } from '@courier/shared/format/status';
import { hasPermission } from '@courier/shared/domain/permissions';
import type { ManifestDto } from '@courier/shared/schemas/manifests';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { CreateManifestDialog } from '@/features/manifests/components/create-manifest-dialog';
import { ManifestDialog } from '@/features/manifests/components/manifest-dialog';
import { ManifestCostsDialog } from '@/features/margin/components/manifest-costs-dialog';
import { useManifests } from '@/features/manifests/api/manifests';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { useSession } from '@/lib/session';

/** AIR and SEA manifests: staff build and ship them; the super admin sees every courier's. */
export default function ManifestsPage() {
  const dates = useDateFormat();
  const { user } = useSession();
  const superAdmin = user?.role.name === 'super_admin';
  const canEdit = !superAdmin && hasPermission(user, 'manifests_edit');
  const canCreate = !superAdmin && hasPermission(user, 'manifests_create');
  const list = useListState();
  const manifests = useManifests(list.query);
  const [openId, setOpenId] = useState<number | null>(null);
  // A flight's costs are the courier's own money: for those holding the costs permissions.
  const canSeeCosts = !superAdmin && hasPermission(user, 'costs_view');
  const [costsId, setCostsId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const columns: Array<DataTableColumn<ManifestDto>> = [
    { field: 'manifestNumber', priority: 1, label: 'Manifest', sortable: true },
    { field: 'type', label: 'Type', sortable: true, filterOptions: SHIPPING_MODES.map((m) => ({ value: m, label: m })), width: 80 },
    ...(superAdmin
      ? [{ field: 'courierName', priority: 2, label: 'Courier', filterable: false, render: (m: ManifestDto) => m.courierName ?? '' }]
      : []),
    { field: 'mawbOrBl', priority: 3, label: 'MAWB / BL', filterable: false, render: (m) => m.mawbOrBl ?? '-' },
    { field: 'flightOrVessel', priority: 3, label: 'Flight / vessel', filterable: false, render: (m) => m.flightOrVessel ?? '-' },
    { field: 'departureDate', priority: 2, label: 'Departure date', sortable: true, render: (m) => dates.calendar(m.departureDate) },
    { field: 'pieces', priority: 3, label: 'Pieces', sortable: true, filterable: false, width: 80 },
    { field: 'weightLb', priority: 4, label: 'Weight (lb)', filterable: false, render: (m) => formatWeight(m.weightLb), width: 100 },
    {
      field: 'status',
      priority: 1,
      label: 'Status',
      sortable: true,
      render: (m) => <StatusBadge kind="manifest" status={m.status} />,
      filterOptions: statusOptions('manifest'),
    },
  ];
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">{superAdmin ? 'Manifests' : 'Maniefest'}</h1>
      <DataTable
        label="Manifests"
        empty={{
          description: 'A manifest lists the packages of one AIR or SEA shipment from Miami; build one before the shipment leaves.',
          action: canCreate ? { label: 'Create the first manifest', icon: Plus, onClick: () => setCreating(true) } : undefined,
        }}
        columns={columns}
        data={manifests.data?.data ?? []}
        total={manifests.data?.total ?? 0}
        loading={manifests.isFetching}
        error={manifests.error ? errorMessage(manifests.error, 'Could not load the manifests') : null}
        onRetry={() => void manifests.refetch()}
        exportPath="/manifests"
        getRowId={(m) => m.id}
        searchPlaceholder="Manifest, MAWB, BL or flight"
        {...list.tableProps}
        toolbar={canCreate ? <Button onClick={() => setCreating(true)}>New manifest</Button> : undefined}
        actions={(m) => (
          <>
            <Button size="sm" variant="secondary" onClick={() => setOpenId(m.id)} aria-label={`Open ${m.manifestNumber}`} data-row-open>
              Open
            </Button>
            {canSeeCosts && (
              <Button size="sm" variant="secondary" onClick={() => setCostsId(m.id)} aria-label={`Costs of ${m.manifestNumber}`}>
                Costs
              </Button>
            )}
          </>
        )}
      />
      <CreateManifestDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          setOpenId(id);
        }}
      />
      <ManifestDialog id={openId} onClose={() => setOpenId(null)} canEdit={canEdit} />
      {canSeeCosts && <ManifestCostsDialog id={costsId} onClose={() => setCostsId(null)} canEdit={hasPermission(user, 'costs_edit')} />}
    </div>
  );
}
