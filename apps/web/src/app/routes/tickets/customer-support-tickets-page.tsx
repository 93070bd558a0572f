import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TicketWithMessages } from '@courier/shared/schemas/tickets';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useCustomerTickets, useTicket } from '@/features/tickets/api/tickets';
import { NewTicketDialog } from '@/features/tickets/components/new-ticket-dialog';
import { TicketThread } from '@/features/tickets/components/ticket-thread';
import { useSession } from '@/lib/session';
import { useDateFormat } from '@/lib/format-date';
import { StatusBadge } from '@/components/ui/status-badge';

function OpenTicket({ id }: { id: number }) {
  const ticket = useTicket(id);
  if (ticket.isLoading) return <Spinner />;
  if (!ticket.data) return <p className="text-sm text-red-700">Ticket not found</p>;
  return <TicketThread ticket={ticket.data} side="customer" canEdit={false} />;
}

const hasStaffReply = (t: TicketWithMessages) => t.messages.some((m) => m.user_id !== null);

/** The customer's support tickets: open one, read the answers, reply. */
export default function CustomerSupportTicketsPage() {
  const dates = useDateFormat();
  const { user } = useSession();
  const tickets = useCustomerTickets(user?.kind === 'customer' ? user.id : undefined, true);
  const [creating, setCreating] = useState(false);
  const [params, setParams] = useSearchParams();
  const openNo = params.get('ticket');
  const open = tickets.data?.data.find((t) => t.ticket_no === openNo);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Support Tickets</h1>
          <p className="mt-1 text-sm text-slate-600">Questions about a package, a bill or a delivery? Our team answers here.</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" /> New Ticket
        </Button>
      </div>
      {tickets.isLoading ? (
        <Spinner />
      ) : tickets.isError ? (
        <p className="text-sm text-red-700" role="alert">
          Could not load your tickets. Please reload the page.
        </p>
      ) : (tickets.data?.data.length ?? 0) === 0 ? (
        <EmptyState
          title="No support tickets yet"
          action={{ label: 'Open your first ticket', icon: Plus, onClick: () => setCreating(true) }}
        >
          Questions about a package, a bill or a delivery? Open a ticket and our team will answer here.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {tickets.data?.data.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                onClick={() => setParams({ ticket: t.ticket_no })}
                className="flex w-full flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-left hover:bg-slate-50"
              >
                <span className="min-w-0 flex-1">
                  <span className={t.unread ? 'block truncate font-semibold text-slate-900' : 'block truncate text-slate-900'}>
                    {t.subject}
                    {t.unread && <span className="ml-2 rounded bg-red-600 px-1.5 text-xs font-semibold text-white">New reply</span>}
                  </span>
                  <span className="block text-xs text-slate-500">
                    {t.ticket_no} · {t.department} · {hasStaffReply(t) ? 'Answered' : 'Awaiting answer'} · updated {dates.date(t.updatedAt)}
                  </span>
                </span>
                <StatusBadge kind="ticket" status={t.status} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <NewTicketDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={() => {
          setCreating(false);
        }}
      />
      <Dialog
        open={openNo !== null}
        onOpenChange={(o) => {
          if (!o) setParams({});
        }}
        title={open ? open.subject : 'Ticket'}
        className="max-w-3xl"
      >
        {open ? <OpenTicket id={open.id} /> : tickets.isLoading ? <Spinner /> : <p className="text-sm text-red-700">Ticket not found</p>}
      </Dialog>
    </div>
  );
}
