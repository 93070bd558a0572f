import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useTicket } from '@/features/tickets/api/tickets';
import { TicketThread } from '@/features/tickets/components/ticket-thread';
import { useSession } from '@/lib/session';

/** support-tickets/{id} of the admin and staff portals: one ticket on its own page. */
export default function SupportTicketPage() {
  const { id } = useParams();
  const ticketId = Number(id);
  const ticket = useTicket(Number.isInteger(ticketId) && ticketId > 0 ? ticketId : null);
  const { user } = useSession();
  const canEdit = user?.role.name === 'super_admin' || (user?.permissions.includes('tickets_edit') ?? false);
  const back = useLocation().pathname.replace(/\/[^/]+\/?$/, '');
  return (
    <div className="space-y-4">
      <Link to={back} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All tickets
      </Link>
      {ticket.isLoading ? (
        <Spinner />
      ) : ticket.data ? (
        <>
          <h1 className="text-2xl font-semibold text-slate-900">{ticket.data.subject}</h1>
          <TicketThread ticket={ticket.data} side="staff" canEdit={canEdit} />
        </>
      ) : (
        <p className="text-sm text-red-700" role="alert">
          Ticket not found
        </p>
      )}
    </div>
  );
}
