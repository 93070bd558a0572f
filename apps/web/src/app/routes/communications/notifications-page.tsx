import { useState } from 'react';
import { Link } from 'react-router';
import { NOTIFICATION_TYPE_LABELS } from '@courier/shared/schemas/notifications';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useMarkNotifications, useNotifications } from '@/features/communications/api/communications';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';

/** The in-app feed of a courier's admins and of a customer: each item opens what it is about, in the reader's portal. */
export default function NotificationsPage() {
  const dates = useDateFormat();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const feed = useNotifications(page, unreadOnly);
  const mark = useMarkNotifications();
  const pages = Math.max(1, Math.ceil((feed.data?.total ?? 0) / 20));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Notifications</h1>
          <p className="mt-1 text-sm text-slate-600">{feed.data?.unreadCount ?? 0} unread</p>
        </div>
        <Button variant="secondary" onClick={() => mark.mutate('all')} busy={mark.isPending} disabled={(feed.data?.unreadCount ?? 0) === 0}>
          Mark all as read
        </Button>
      </div>
      <Checkbox
        label="Unread only"
        checked={unreadOnly}
        onChange={(e) => {
          setUnreadOnly(e.target.checked);
          setPage(1);
        }}
      />
      {feed.isLoading ? (
        <Spinner />
      ) : feed.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(feed.error, 'Could not load notifications')}
        </p>
      ) : (feed.data?.data.length ?? 0) === 0 ? (
        <EmptyState title="No notifications">
          {unreadOnly
            ? 'Everything has been read.'
            : 'New tickets, pre-alerts, delivery requests, arrived manifests and platform announcements appear here.'}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {feed.data?.data.map((n) => (
            <li key={n.id} className="flex flex-wrap items-start gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className={n.read ? 'text-sm text-slate-700' : 'text-sm font-semibold text-slate-900'}>
                  {n.link ? (
                    <Link to={n.link} onClick={() => !n.read && mark.mutate(n.id)} className="hover:underline">
                      {n.title}
                    </Link>
                  ) : (
                    n.title
                  )}
                </p>
                {n.body && <p className="text-sm text-slate-600">{n.body}</p>}
                <p className="mt-1 text-xs text-slate-500">
                  <Badge>{NOTIFICATION_TYPE_LABELS[n.type]}</Badge> {dates.dateTime(n.createdAt)}
                </p>
              </div>
              {!n.read && (
                <Button size="sm" variant="ghost" onClick={() => mark.mutate(n.id)}>
                  Mark as read
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="flex items-center justify-end gap-2">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600">
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}
