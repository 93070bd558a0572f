import { type FormEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SHIPPING_MODES, type ShippingMode } from '@courier/shared/constants/packages';
import { hasPermission } from '@courier/shared/domain/permissions';
import { classifyScan } from '@courier/shared/domain/scan';
import {
  DEPARTURE_IN_FUTURE_CODE,
  type ImportReport,
  MANIFEST_MESSAGES,
  type ManifestDetail,
  type ManifestDto,
} from '@courier/shared/schemas/manifests';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { downloadFile, openFile } from '@/features/packages/api/files';
import { importManifestCsv, importManifestXlsx, useManifest, useManifestAction, useManifests } from '@/features/packages/api/manifests';
import { HeldPackagesNotice } from '@/features/packages/components/held-packages-notice';
import { ManifestEditDialog } from '@/features/packages/components/manifest-edit-dialog';
import { ScanStation } from '@/features/packages/components/scan-station/scan-station';
import { type ScanOutcome, useScanStation } from '@/features/packages/components/scan-station/use-scan-station';
import { ApiError, api, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useDateFormat } from '@/lib/format-date';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusOptions } from '@courier/shared/format/status';

function CreateManifestDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const [type, setType] = useState<ShippingMode>('AIR');
  const [mawbOrBl, setMawbOrBl] = useState('');
  const [flightOrVessel, setFlightOrVessel] = useState('');
  const [departureDate, setDepartureDate] = useState('');
  const [arrivalDate, setArrivalDate] = useState('');
  const create = useManifestAction((body: object) => api.post<ManifestDetail>('/manifests', body));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        type,
        mawbOrBl: mawbOrBl || undefined,
        flightOrVessel: flightOrVessel || undefined,
        departureDate: departureDate || undefined,
        arrivalDate: arrivalDate || undefined,
      },
      {
        onSuccess: (m) => {
          toast.success(`${MANIFEST_MESSAGES.created}: ${(m as ManifestDetail).manifestNumber}`);
          onCreated((m as ManifestDetail).id);
        },
        onError: (error) => toast.error(errorMessage(error, 'Could not create the manifest')),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="New manifest">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <Field label="Type">
          <Select value={type} onChange={(e) => setType(e.target.value as ShippingMode)}>
            {SHIPPING_MODES.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </Select>
        </Field>
        <Field label={type === 'AIR' ? 'MAWB number' : 'Bill of lading number'}>
          <Input value={mawbOrBl} maxLength={40} onChange={(e) => setMawbOrBl(e.target.value)} />
        </Field>
        <Field label={type === 'AIR' ? 'Flight' : 'Vessel'}>
          <Input value={flightOrVessel} maxLength={60} onChange={(e) => setFlightOrVessel(e.target.value)} />
        </Field>
        <Field label="Departure date">
          <Input type="date" value={departureDate} onChange={(e) => setDepartureDate(e.target.value)} />
        </Field>
        <Field label="Arrival date">
          <Input type="date" value={arrivalDate} min={departureDate || undefined} onChange={(e) => setArrivalDate(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Create
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ManifestDialog({ id, onClose, canEdit }: { id: number | null; onClose: () => void; canEdit: boolean }) {
  const dates = useDateFormat();
  const detail = useManifest(id);
  const m = detail.data;
  const navigate = useNavigate();
  // The same dialog serves /staff and /admin: reconciliation is under the same portal.
  const portal = useLocation().pathname.split('/')[1] || 'staff';
  const [scanMode, setScanMode] = useState<'add' | 'remove'>('add');
  const [confirm, setConfirm] = useState<'close' | 'ship' | 'arrive' | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [editing, setEditing] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const xlsxRef = useRef<HTMLInputElement>(null);
  const add = useManifestAction((ref: string) => api.post<ManifestDetail>(`/manifests/${id}/packages`, { scan: ref }));
  const removeScanned = useManifestAction((ref: string) => api.post<ManifestDetail>(`/manifests/${id}/packages/removals`, { scan: ref }));
  const remove = useManifestAction((packageId: number) => api.delete<ManifestDetail>(`/manifests/${id}/packages/${packageId}`));
  const step = useManifestAction((action: 'close' | 'ship' | 'arrive') => api.post<ManifestDetail>(`/manifests/${id}/${action}`));
  const shipMoved = useManifestAction((note: string) =>
    api.post<ManifestDetail>(`/manifests/${id}/ship`, { moveDepartureToToday: true, note: note || undefined }),
  );
  // A manifest shipped before its departure date: the API's message, and the note for moving the date.
  const [early, setEarly] = useState<string | null>(null);
  const [earlyNote, setEarlyNote] = useState('');
  const importCsv = useManifestAction((file: File) => importManifestCsv(id ?? 0, file));
  const importXlsx = useManifestAction((file: File) => importManifestXlsx(id ?? 0, file));

  /** Scans add (or, in remove mode, take off) one package each; the field is ready for the next at once. */
  const station = useScanStation(async (code): Promise<ScanOutcome> => {
    const value = classifyScan(code)?.value;
    if (scanMode === 'remove') {
      const result = await removeScanned.mutateAsync(code);
      return { tone: 'ok', message: `${value ?? code} removed: ${result.pieces} pieces left` };
    }
    const result = await add.mutateAsync(code);
    const added = result.packages.find((p) => p.packageNumber === value || p.trackingNumber === value);
    return { tone: 'ok', message: `${added?.packageNumber ?? value ?? code} added: ${result.pieces} pieces` };
  });
  const done = { close: MANIFEST_MESSAGES.closed, ship: MANIFEST_MESSAGES.shipped, arrive: MANIFEST_MESSAGES.arrived };
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(o) => {
        if (!o) {
          onClose();
          setReport(null);
        }
      }}
      title={m ? `${m.type} manifest ${m.manifestNumber}` : 'Manifest'}
      className="max-w-4xl"
    >
      {!m ? (
        <Spinner />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            <StatusBadge kind="manifest" status={m.status} /> · {m.type === 'AIR' ? 'MAWB' : 'BL'} {m.mawbOrBl ?? '-'} ·{' '}
            {m.type === 'AIR' ? 'Flight' : 'Vessel'} {m.flightOrVessel ?? '-'} · departs {dates.calendar(m.departureDate)} · arrives{' '}
            {dates.calendar(m.arrivalDate)}
          </p>
          <p className="text-sm font-semibold" aria-live="polite">
            {m.pieces} pieces · {m.weightLb.toFixed(2)} lb
          </p>
          <div className="flex flex-wrap gap-2">
            {canEdit && (m.status === 'open' || m.status === 'closed' || m.status === 'shipped') && (
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                Edit details
              </Button>
            )}
            {canEdit && m.status === 'open' && (
              <Button size="sm" variant="secondary" onClick={() => setConfirm('close')} disabled={m.pieces === 0}>
                Close manifest
              </Button>
            )}
            {canEdit && m.status === 'closed' && (
              <Button size="sm" onClick={() => setConfirm('ship')}>
                Ship
              </Button>
            )}
            {m.status === 'arrived' && (
              <Button size="sm" onClick={() => navigate(`/${portal}/reconciliation?manifest=${m.id}`)}>
                Reconcile
              </Button>
            )}
            {canEdit && m.status === 'shipped' && (
              <Button size="sm" onClick={() => setConfirm('arrive')}>
                Mark arrived
              </Button>
            )}
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                downloadFile(`/manifests/${m.id}/export.csv`, `${m.manifestNumber}.csv`).catch((e) =>
                  toast.error(errorMessage(e, 'Could not export')),
                )
              }
            >
              Export CSV
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                downloadFile(`/manifests/${m.id}/export.xlsx`, `${m.manifestNumber}.xlsx`).catch((e) =>
                  toast.error(errorMessage(e, 'Could not export')),
                )
              }
            >
              Export Excel
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                openFile(`/manifests/${m.id}/manifest.pdf`).catch((e) => toast.error(errorMessage(e, 'Could not open the PDF')))
              }
            >
              Print PDF
            </Button>
            {canEdit && m.status === 'open' && (
              <>
                <input
                  ref={fileRef}
                  type="file"
                  accept=".csv,text/csv"
                  className="sr-only"
                  aria-label="Warehouse manifest CSV"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file)
                      importCsv.mutate(file, {
                        onSuccess: (r) => setReport(r as ImportReport),
                        onError: (error) => toast.error(errorMessage(error, 'Could not import the CSV')),
                      });
                  }}
                />
                <Button size="sm" variant="secondary" busy={importCsv.isPending} onClick={() => fileRef.current?.click()}>
                  Import CSV
                </Button>
                <input
                  ref={xlsxRef}
                  type="file"
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  className="sr-only"
                  aria-label="Warehouse manifest Excel workbook"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file)
                      importXlsx.mutate(file, {
                        onSuccess: (r) => setReport(r as ImportReport),
                        onError: (error) => toast.error(errorMessage(error, 'Could not import the Excel file')),
                      });
                  }}
                />
                <Button size="sm" variant="secondary" busy={importXlsx.isPending} onClick={() => xlsxRef.current?.click()}>
                  Import Excel
                </Button>
              </>
            )}
          </div>
          {report && (
            <div className="rounded-md border border-slate-200 p-3 text-sm" role="status">
              <p className="font-medium">
                Import: {report.accepted} accepted, {report.refused} refused
              </p>
              <ul className="mt-2 max-h-40 space-y-1 overflow-y-auto">
                {report.rows.map((r) => (
                  <li key={r.row} className={r.accepted ? 'text-green-800' : 'text-red-700'}>
                    Row {r.row}: {r.trackingNumber || '(empty)'} {r.accepted ? `added as ${r.packageNumber}` : `refused: ${r.reason}`}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {m.status === 'open' && <HeldPackagesNotice mode={m.type} />}
          {canEdit && m.status === 'open' && (
            <div className="space-y-2">
              <fieldset className="flex gap-2">
                <legend className="sr-only">What a scan does</legend>
                {(['add', 'remove'] as const).map((mode) => (
                  <Button
                    key={mode}
                    type="button"
                    size="sm"
                    variant={scanMode === mode ? 'primary' : 'secondary'}
                    aria-pressed={scanMode === mode}
                    onClick={() => {
                      setScanMode(mode);
                      station.focus();
                    }}
                  >
                    {mode === 'add' ? 'Scan to add' : 'Scan to remove'}
                  </Button>
                ))}
              </fieldset>
              <ScanStation
                station={station}
                label={scanMode === 'add' ? 'Scan a package to add it' : 'Scan a package to remove it'}
                action={scanMode === 'add' ? 'Add' : 'Remove'}
                autoFocus
                camera
              />
            </div>
          )}
          <ScrollRegion label="Packages on the manifest">
            <table className="w-full text-sm">
              <caption className="sr-only">Packages on the manifest</caption>
              <thead>
                <tr className="border-b text-left text-slate-500">
                  <th className="py-2 pr-3">Package</th>
                  <th className="py-2 pr-3">Tracking</th>
                  <th className="py-2 pr-3">Customer</th>
                  <th className="py-2 pr-3">Weight</th>
                  <th className="py-2 pr-3">Status</th>
                  {canEdit && m.status === 'open' && <th className="py-2">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {m.packages.length === 0 && (
                  <tr>
                    <td colSpan={6} className="py-4 text-center text-slate-500">
                      No packages yet
                    </td>
                  </tr>
                )}
                {m.packages.map((p) => (
                  <tr key={p.id} className="border-b">
                    <td className="py-2 pr-3">{p.packageNumber}</td>
                    <td className="py-2 pr-3 font-mono text-xs">{p.trackingNumber}</td>
                    <td className="py-2 pr-3">{p.customerName ? `${p.customerName} (${p.mailboxNumber})` : '-'}</td>
                    <td className="py-2 pr-3">{p.weightLb.toFixed(2)}</td>
                    <td className="py-2 pr-3">
                      <StatusBadge kind="package" status={p.status} />
                      {p.status === 'on_hold' && p.holdReason && (
                        <span className="mt-0.5 block text-xs text-amber-800">{p.holdReason}</span>
                      )}
                    </td>
                    {canEdit && m.status === 'open' && (
                      <td className="py-2">
                        <Button
                          size="sm"
                          variant="ghost"
                          busy={remove.isPending && remove.variables === p.id}
                          onClick={() => remove.mutate(p.id)}
                          aria-label={`Remove ${p.packageNumber}`}
                        >
                          Remove
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <ManifestEditDialog manifest={m} open={editing} onOpenChange={setEditing} />
          <Dialog open={early !== null} onOpenChange={(o) => !o && setEarly(null)} title="Ship before the departure date?">
            <form
              className="space-y-4"
              onSubmit={(e) => {
                e.preventDefault();
                shipMoved.mutate(earlyNote, {
                  onSuccess: () => {
                    toast.success(done.ship);
                    setEarly(null);
                    setEarlyNote('');
                  },
                  onError: (error) => toast.error(errorMessage(error, 'Could not ship the manifest')),
                });
              }}
            >
              <p className="text-sm text-slate-700">{early}</p>
              <Field label="Why it ships early (kept with the change)">
                <Input value={earlyNote} maxLength={500} onChange={(e) => setEarlyNote(e.target.value)} />
              </Field>
              <div className="flex justify-end gap-2">
                <Button variant="secondary" onClick={() => setEarly(null)}>
                  Cancel
                </Button>
                <Button type="submit" busy={shipMoved.isPending}>
                  Move the date to today and ship
                </Button>
              </div>
            </form>
          </Dialog>
          <ConfirmDialog
            open={confirm !== null}
            onOpenChange={(o) => !o && setConfirm(null)}
            title={confirm === 'ship' ? 'Ship the manifest' : confirm === 'arrive' ? 'Manifest arrived' : 'Close the manifest'}
            message={
              confirm === 'ship'
                ? `Ship ${m.manifestNumber}? Its ${m.pieces} packages go in transit and each customer is e-mailed.`
                : confirm === 'arrive'
                  ? `Mark ${m.manifestNumber} as arrived? It can then be reconciled.`
                  : `Close ${m.manifestNumber}? No package can be added or removed afterwards.`
            }
            confirmLabel={confirm === 'ship' ? 'Ship' : confirm === 'arrive' ? 'Mark arrived' : 'Close'}
            busy={step.isPending}
            onConfirm={() =>
              confirm &&
              step.mutate(confirm, {
                onSuccess: () => {
                  toast.success(done[confirm]);
                  setConfirm(null);
                },
                onError: (error) => {
                  if (error instanceof ApiError && error.code === DEPARTURE_IN_FUTURE_CODE) setEarly(error.message);
                  else toast.error(errorMessage(error, 'Could not update the manifest'));
                  setConfirm(null);
                },
              })
            }
          />
        </div>
      )}
    </Dialog>
  );
}

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
    { field: 'weightLb', priority: 4, label: 'Weight (lb)', filterable: false, render: (m) => m.weightLb.toFixed(2), width: 100 },
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
          <Button size="sm" variant="secondary" onClick={() => setOpenId(m.id)} aria-label={`Open ${m.manifestNumber}`}>
            Open
          </Button>
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
    </div>
  );
}
