import { RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import { OUTBOX_MESSAGES, OUTBOX_STATUS_LABELS, type OutboxEntry, type OutboxStatus } from '@courier/shared/schemas/outbox';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { useOutbox, useOutboxSummary, useRetryOutboxMail } from '../api/outbox';

const STATUS_TONE: Record<OutboxStatus, BadgeTone> = { pending: 'yellow', sending: 'blue', sent: 'green', failed: 'red' };

/** Why mail waits, said once above the list; nothing when SMTP is working and nothing waits. */
function WaitingNotice({ courierId }: { courierId: number | null }) {
  const summary = useOutboxSummary(courierId).data;
  if (!summary) return null;
  const text =
    summary.smtp === 'not_configured' && summary.queued > 0
      ? OUTBOX_MESSAGES.notConfigured(summary.queued)
      : summary.smtp === 'paused' && summary.queued > 0
        ? OUTBOX_MESSAGES.paused(summary.queued)
        : null;
  if (!text && summary.failed === 0) return null;
  return (
    <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {text && <p>{text}</p>}
      {summary.failed > 0 && (
        <p>
          {summary.failed} e-mail{summary.failed === 1 ? '' : 's'} failed: the reason is under each; fix the settings above, then Send
          again.
        </p>
      )}
    </div>
  );
}

/**
 * The outbox: every e-mail the courier's customers and staff were sent, whether it is
 * queued, sent or failed with the SMTP server's reason, and Send again for a failed one. The super
 * admin's (courierId null) is the platform's own mail.
 */
export function OutboxCard({ courierId, canRetry }: { courierId: number | null; canRetry: boolean }) {
  const list = useListState({ sort: { field: 'createdAt', order: 'desc' } });
  const outbox = useOutbox(courierId, list.query);
  const retry = useRetryOutboxMail(courierId);
  const dates = useDateFormat();
  const columns: Array<DataTableColumn<OutboxEntry>> = [
    { field: 'createdAt', label: 'Queued', sortable: true, filterable: false, width: 170, render: (m) => dates.dateTime(m.createdAt) },
    { field: 'to', label: 'To', sortable: true, filterable: false },
    { field: 'subject', label: 'Subject', sortable: true, filterable: false, wrap: true, width: 260 },
    {
      field: 'status',
      label: 'Status',
      sortable: true,
      width: 110,
      filterOptions: Object.entries(OUTBOX_STATUS_LABELS).map(([value, label]) => ({ value, label })),
      render: (m) => (
        <Badge tone={STATUS_TONE[m.status]} className="whitespace-nowrap">
          {OUTBOX_STATUS_LABELS[m.status]}
        </Badge>
      ),
    },
    {
      field: 'lastError',
      label: 'Details',
      filterable: false,
      wrap: true,
      width: 240,
      render: (m) =>
        m.status === 'sent' && m.sentAt
          ? `Sent ${dates.dateTime(m.sentAt)}`
          : m.lastError
            ? `${m.lastError}${m.attempts > 0 ? ` (attempt ${m.attempts})` : ''}`
            : m.status === 'pending'
              ? `Next try ${dates.dateTime(m.sendAfter)}`
              : '—',
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Outbox</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">
          Every e-mail goes through this outbox: it is "Sent" only once the SMTP server has taken it.
        </p>
        <WaitingNotice courierId={courierId} />
        {outbox.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(outbox.error, 'Could not load the outbox')}{' '}
            <Button size="sm" variant="link" onClick={() => outbox.refetch()}>
              Try again
            </Button>
          </p>
        )}
        <DataTable
          label="Outbox"
          empty={{ description: 'Every e-mail the portal sends is listed here with how its delivery went.' }}
          columns={columns}
          data={outbox.data?.data ?? []}
          total={outbox.data?.total ?? 0}
          loading={outbox.isFetching}
          getRowId={(m) => m.id}
          searchPlaceholder="Recipient or subject"
          {...list.tableProps}
          actions={
            canRetry
              ? (m) =>
                  m.status === 'failed' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      busy={retry.isPending && retry.variables === m.id}
                      onClick={() =>
                        retry.mutate(m.id, {
                          onSuccess: () => toast.success(OUTBOX_MESSAGES.retried),
                          onError: (error) => toast.error(errorMessage(error, 'Could not send the e-mail again')),
                        })
                      }
                    >
                      <RotateCw className="h-3.5 w-3.5" aria-hidden="true" /> Send again
                    </Button>
                  ) : null
              : undefined
          }
        />
      </CardContent>
    </Card>
  );
}
