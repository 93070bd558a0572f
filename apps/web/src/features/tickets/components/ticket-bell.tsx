import { Bell } from 'lucide-react';
import { useNavigate } from 'react-router';
import { BELL_BADGE_CAP } from '@courier/shared/constants/limits';
import { TICKET_MESSAGES } from '@courier/shared/schemas/tickets';
import { CountBadge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { useUnreadTickets } from '../api/tickets';
import { useCanSeeTickets } from '../hooks/use-ticket-badges';
import { supportTicketsPathFor, ticketLinkFor } from './ticket-links';

/**
 * The header bell of every non-customer role. Lists the unread tickets (polled every
 * 30 s), opens one on the role's support-tickets page with ?ticket={ticket_no}.
 */
export function TicketBell() {
  const { user } = useSession();
  const enabled = useCanSeeTickets();
  const unread = useUnreadTickets(enabled);
  const navigate = useNavigate();
  if (!user || !enabled) return null;
  const role = user.role.name;
  const count = unread.data?.unreadCount ?? 0;
  const tickets = unread.data?.tickets ?? [];

  return (
    // Not modal: the bell's list is a small popup; hiding the page from assistive technology while it
    // is open would hide focusable page content (charts) behind aria-hidden.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={count > 0 ? `Support tickets: ${count > BELL_BADGE_CAP ? `${BELL_BADGE_CAP}+` : count} unread` : 'Support tickets'}
        title="Support tickets"
        className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus"
        data-testid="ticket-bell"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        <CountBadge count={count} cap={BELL_BADGE_CAP} className="absolute -top-0.5 -right-1" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-80 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>Unread tickets</DropdownMenuLabel>
        {unread.isLoading ? (
          <div className="flex justify-center p-4">
            <Spinner />
          </div>
        ) : tickets.length === 0 ? (
          <p className="px-3 py-4 text-center text-sm text-slate-500">{TICKET_MESSAGES.noUnread}</p>
        ) : (
          tickets.map((t) => (
            <DropdownMenuItem key={t.id} onSelect={() => navigate(ticketLinkFor(role, t.ticket_no, t.courier.id))} className="items-start">
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900">{t.subject}</span>
                <span className="block truncate text-xs text-slate-500">
                  {t.ticket_no} · {t.customer.firstName} {t.customer.lastName}
                  {role === 'super_admin' ? ` · ${t.courier.name}` : ''}
                </span>
              </span>
            </DropdownMenuItem>
          ))
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(supportTicketsPathFor(role))} className="justify-center font-medium text-brand-700">
          {TICKET_MESSAGES.viewAll}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
