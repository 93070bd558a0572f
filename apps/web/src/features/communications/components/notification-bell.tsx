import { Inbox } from 'lucide-react';
import { useNavigate } from 'react-router';
import { BELL_BADGE_CAP } from '@courier/shared/constants/limits';
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
import { useDateFormat } from '@/lib/format-date';
import { useMarkNotifications, useNotifications } from '../api/communications';
import { useNotificationBadge } from './notification-badge';

/**
 * The staff portal's notifications (its sidebar has no such page): a header popover
 * with the latest ones; choosing one marks it read and opens what it is about.
 */
export function NotificationBell() {
  const count = useNotificationBadge();
  const feed = useNotifications(1, false);
  const mark = useMarkNotifications();
  const navigate = useNavigate();
  const dates = useDateFormat();
  const items = feed.data?.data ?? [];
  const shown = count > BELL_BADGE_CAP ? `${BELL_BADGE_CAP}+` : String(count);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={count > 0 ? `Notifications: ${shown} unread` : 'Notifications'}
        // Beside the ticket bell: a different icon and a tooltip tell the two apart.
        title="Notifications"
        className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus"
        data-testid="notification-bell"
      >
        <Inbox className="h-5 w-5" aria-hidden="true" />
        <CountBadge count={count} cap={BELL_BADGE_CAP} className="absolute -top-0.5 -right-1" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-80 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        {feed.isLoading ? (
          <div className="flex justify-center p-4">
            <Spinner />
          </div>
        ) : items.length === 0 ? (
          <p className="px-3 py-4 text-center text-sm text-slate-500">No notifications</p>
        ) : (
          items.slice(0, 10).map((n) => (
            <DropdownMenuItem
              key={n.id}
              className="items-start"
              onSelect={() => {
                if (!n.read) mark.mutate(n.id);
                if (n.link) void navigate(n.link);
              }}
            >
              <span className="min-w-0 flex-1">
                <span className={`block truncate ${n.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>{n.title}</span>
                <span className="block truncate text-xs text-slate-500">
                  {n.body ? `${n.body} · ` : ''}
                  {dates.dateTime(n.createdAt)}
                </span>
              </span>
            </DropdownMenuItem>
          ))
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={count === 0} onSelect={() => mark.mutate('all')} className="justify-center font-medium text-brand-700">
          Mark all as read
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
