import { errorMessage } from '@/lib/api-client';
import { Link, useLocation, useSearchParams } from 'react-router';
import { TICKET_DEPARTMENTS, TICKET_STATUSES, type Ticket } from '@courier/shared/schemas/tickets';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useTicket, useTickets } from '@/features/tickets/api/tickets';
import { TicketThread } from '@/features/tickets/components/ticket-thread';
import { useSession } from '@/lib/session';
import { useDateFormat } from '@/lib/format-date';
import { StatusBadge } from '@/components/ui/status-badge';

function OpenTicket({ id, canEdit }: { id: number; canEdit: boolean }) {
  const ticket = useTicket(id);
  if (ticket.isLoading) return <Spinner />;
  if (!ticket.data) return <p className="text-sm text-red-700">Ticket not found</p>;
  return <TicketThread ticket={ticket.data} side="staff" canEdit={canEdit} />;
}

/** Support tickets of the admin, staff and super admin portals; ?ticket={ticket_no} opens one. */
export default function StaffSupportTicketsPage() {
  const dates = useDateFormat();
  const { user } = useSession();
  const superAdmin = user?.role.name === 'super_admin';
  const canEdit = superAdmin || (user?.permissions.includes('tickets_edit') ?? false);
  const list = useListState({ sort: { field: 'updatedAt', order: 'desc' } });
  const tickets = useTickets(list.query);
  const [params, setParams] = useSearchParams();
  const base = useLocation().pathname.replace(/\/$/, '');
  const openNo = params.get('ticket');
  const openCourier = params.get('courier') ? Number(params.get('courier')) : undefined;
  const lookup = useTickets(
    { page: 1, limit: 10, filters: JSON.stringify({ ticket_no: openNo ?? '' }), courierId: openCourier },
    openNo !== null,
  );
  const openId = lookup.data?.data[0]?.id ?? null;

  const columns: Array<DataTableColumn<Ticket>> = [
    {
      field: 'ticket_no',
      priority: 1,
      label: 'Ticket',
      sortable: true,
      filterable: false,
      width: 115,
      render: (t) => {
        const label = (
          <>
            {t.unread && <span className="sr-only">Unread: </span>}
            {t.ticket_no}
          </>
        );
        // The super admin's list has no ticket page (their route map has none); the others link to it.
        return superAdmin ? (
          <span className={t.unread ? 'font-semibold text-slate-900' : undefined}>{label}</span>
        ) : (
          <Link
            to={`${base}/${t.id}`}
            className={t.unread ? 'font-semibold text-brand-800 hover:underline' : 'text-brand-700 hover:underline'}
          >
            {label}
          </Link>
        );
      },
    },
    {
      field: 'subject',
      priority: 1,
      label: 'Subject',
      sortable: true,
      filterable: false,
      wrap: true,
      width: 190,
      render: (t) => <span className={t.unread ? 'font-semibold text-slate-900' : undefined}>{t.subject}</span>,
    },
    ...(superAdmin ? [{ field: 'courier', priority: 2, label: 'Courier', sortable: true, render: (t: Ticket) => t.courier.name }] : []),
    {
      field: 'customer',
      priority: 2,
      label: 'Customer',
      sortable: true,
      filterable: false,
      wrap: true,
      width: 160,
      render: (t) => `${t.customer.firstName} ${t.customer.lastName} (${t.customer.mailboxNumber})`,
    },
    {
      field: 'department',
      priority: 3,
      label: 'Department',
      sortable: true,
      wrap: true,
      width: 120,
      filterOptions: TICKET_DEPARTMENTS.map((d) => ({ value: d, label: d })),
    },
    {
      field: 'status',
      priority: 1,
      label: 'Status',
      sortable: true,
      width: 120,
      render: (t) => <StatusBadge kind="ticket" status={t.status} />,
      filterOptions: TICKET_STATUSES.map((s) => ({ value: s, label: s })),
    },
    {
      field: 'updatedAt',
      priority: 2,
      label: 'Updated',
      sortable: true,
      wrap: true,
      width: 120,
      filterable: false,
      render: (t) => dates.dateTime(t.updatedAt, t.timeZone),
    },
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Support Tickets</h1>
        <p className="mt-1 text-sm text-slate-600">Customers' questions. Unread tickets are in bold.</p>
      </div>
      <DataTable
        label="Support tickets"
        empty={{ description: "Customers' questions about packages, bills and deliveries arrive here; answer them from the ticket." }}
        columns={columns}
        data={tickets.data?.data ?? []}
        total={tickets.data?.total ?? 0}
        loading={tickets.isFetching}
        error={tickets.error ? errorMessage(tickets.error, 'Could not load the tickets') : null}
        onRetry={() => void tickets.refetch()}
        getRowId={(t) => t.id}
        searchPlaceholder="Ticket, subject, customer or mailbox"
        {...list.tableProps}
        actions={(t) => (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Open ${t.ticket_no}`}
            data-row-open
            onClick={() => setParams(superAdmin ? { ticket: t.ticket_no, courier: String(t.courier.id) } : { ticket: t.ticket_no })}
          >
            Open
          </Button>
        )}
      />
      <Dialog
        open={openNo !== null}
        onOpenChange={(o) => {
          if (!o) setParams({});
        }}
        title={openNo ? `Ticket ${openNo}` : 'Ticket'}
        className="max-w-3xl"
      >
        {lookup.isLoading ? (
          <Spinner />
        ) : openId !== null ? (
          <OpenTicket id={openId} canEdit={canEdit} />
        ) : (
          <p className="text-sm text-red-700">Ticket not found</p>
        )}
      </Dialog>
    </div>
  );
}
