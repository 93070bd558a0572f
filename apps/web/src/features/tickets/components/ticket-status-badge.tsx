import { TICKET_STATUS_COLORS, type TicketStatus } from '@courier/shared/schemas/tickets';
import { Badge } from '@/components/ui/badge';

/** Part 2 §4: Pending yellow, In Progress blue, Resolved green. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <Badge tone={TICKET_STATUS_COLORS[status] ?? 'neutral'}>{status}</Badge>;
}
