import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatJmd } from '@courier/shared/format/money';
import { AUDIT_KIND_LABELS, type AuditEntry, auditActionLabel, auditKindLabel } from '@courier/shared/schemas/audit';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuditActors, useAuditLog } from '@/features/audit/api/audit-log';
import { downloadFile } from '@/lib/download';
import { usePortal } from '@/lib/portal-context';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';

/** Money in an audit row's figures: the keys that end in Cents are integer JMD cents. */
function show(key: string, value: unknown): string {
  if (typeof value === 'number' && /Cents$|^total(Before|After)$/.test(key)) {
    return formatJmd(value);
  }
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const label = (key: string) =>
  key
    .replace(/Cents$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ');

/** Before -> after, one line per field that changed (or was recorded). */
function Change({ entry }: { entry: AuditEntry }) {
  const after = entry.after ?? {};
  const before = entry.before;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])].filter((k) => k !== 'impersonatorId').slice(0, 12);
  if (keys.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {keys.map((k) => (
        <li key={k}>
          <span className="text-slate-500">{label(k)}:</span>{' '}
          {before && k in before ? (
            <>
              <span className="line-through decoration-slate-400">{show(k, before[k])}</span> → {show(k, after[k])}
            </>
          ) : (
            show(k, after[k])
          )}
        </li>
      ))}
    </ul>
  );
}

/** Admin -> Audit log: who changed what and when, with before -> after; the super admin sees every courier's. */
export default function AuditLogPage() {
  const dates = useDateFormat();
  const { portal } = usePortal();
  const list = useListState({ sort: { field: 'createdAt', order: 'desc' } });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = { from: from || undefined, to: to || undefined };
  const log = useAuditLog({ ...list.query, ...range });
  const actors = useAuditActors(undefined);
  const [exporting, setExporting] = useState(false);

  const columns: Array<DataTableColumn<AuditEntry>> = [
    {
      field: 'createdAt',
      priority: 1,
      label: 'When',
      sortable: true,
      filterable: false,
      width: 170,
      render: (e) => dates.dateTime(e.createdAt, e.timeZone),
    },
    ...(portal === 'superadmin'
      ? [{ field: 'courierName', priority: 2, label: 'Courier', sortable: true, render: (e: AuditEntry) => e.courierName ?? 'Platform' }]
      : []),
    {
      field: 'actorId',
      priority: 2,
      label: 'Who',
      sortable: false,
      render: (e) => e.actorName,
      filterOptions: (actors.data ?? []).filter((a) => a.actorId !== null).map((a) => ({ value: String(a.actorId), label: a.name })),
    },
    {
      field: 'kind',
      priority: 3,
      label: 'Kind',
      render: (e) => auditKindLabel(e.kind),
      filterOptions: Object.entries(AUDIT_KIND_LABELS).map(([value, text]) => ({ value, label: text })),
    },
    {
      field: 'action',
      priority: 1,
      label: 'What',
      sortable: true,
      wrap: true,
      render: (e) => `${auditActionLabel(e.action)}${e.entityId ? ` · ${e.entityId}` : ''}`,
    },
    {
      field: 'after',
      priority: 3,
      label: 'Before → after',
      filterable: false,
      wrap: true,
      width: 320,
      render: (e) => <Change entry={e} />,
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Audit log</h1>
          <p className="mt-1 text-sm text-slate-600">
            {portal === 'superadmin' ? "Every courier's changes" : 'Every change to money, settings and permissions'}: who, what, when,
            before → after.
          </p>
        </div>
        <Button
          variant="secondary"
          busy={exporting}
          onClick={async () => {
            setExporting(true);
            try {
              await downloadFile('/audit-log/csv', 'audit-log.csv', { ...list.query, page: undefined, limit: undefined, ...range });
            } catch (error) {
              toast.error(errorMessage(error, 'Could not export the CSV'));
            } finally {
              setExporting(false);
            }
          }}
        >
          <FileDown className="size-4" aria-hidden /> Export CSV
        </Button>
      </div>
      <div className="grid max-w-md grid-cols-2 gap-4">
        <Field label="From">
          <Input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field label="To">
          <Input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </Field>
      </div>
      <DataTable
        label="Audit log"
        empty={{
          description: 'Changes to money, settings and permissions are recorded here as they happen.',
          filtered: Boolean(from || to),
          onClearFilters: () => {
            setFrom('');
            setTo('');
          },
        }}
        columns={columns}
        data={log.data?.data ?? []}
        total={log.data?.total ?? 0}
        totalCapped={log.data?.totalCapped}
        loading={log.isFetching}
        error={log.error ? errorMessage(log.error, 'Could not load the audit log') : null}
        onRetry={() => void log.refetch()}
        getRowId={(e) => e.id}
        searchPlaceholder="Action, record or person"
        {...list.tableProps}
      />
    </div>
  );
}
