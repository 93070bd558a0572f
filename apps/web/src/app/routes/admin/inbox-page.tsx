import { ExternalLink, Mail } from 'lucide-react';
import { useState } from 'react';
import { CONTACT_SUBJECT_LABELS } from '@courier/shared/schemas/public';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { useAssistedPurchaseRequests } from '@/features/public/api/get-assisted-purchase-requests';
import { useContactMessages } from '@/features/public/api/get-contact-messages';
import { formatUsd } from '@courier/shared/format/money';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';

const PAGE_SIZE = 10;

/**
 * What visitors sent through the public site: Shop For Me requests and contact messages, newest
 * first. The admin portal places this page in its own layout.
 */
export function InboxPage() {
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Website inbox</h1>
        <p className="mt-1 text-sm text-slate-600">Shop For Me requests and messages sent from your public website. Reply by e-mail.</p>
      </div>
      <Tabs
        tabs={[
          { value: 'assisted-purchases', label: 'Assisted purchases', content: <AssistedPurchaseList /> },
          { value: 'messages', label: 'Messages', content: <MessageList /> },
        ]}
      />
    </div>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4 pt-2 text-sm text-slate-600">
      <span>
        Page {page} of {pages} ({total} in all)
      </span>
      <span className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-28 w-full" />
      ))}
    </div>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {errorMessage(error, 'Could not load the list.')}{' '}
      <Button variant="link" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function AssistedPurchaseList() {
  const dates = useDateFormat();
  const [page, setPage] = useState(1);
  const query = useAssistedPurchaseRequests(page, PAGE_SIZE);
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  if (query.data.total === 0)
    return <EmptyState title="No Shop For Me requests yet">Requests from the public site appear here.</EmptyState>;
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {query.data.data.map((request) => (
          <li key={request.id}>
            <Card className="p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-semibold text-slate-900">
                    #{request.id} {request.name}
                  </p>
                  <a href={`mailto:${request.email}`} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
                    <Mail className="h-4 w-4" aria-hidden="true" />
                    {request.email}
                  </a>
                </div>
                <time dateTime={request.createdAt} className="text-sm text-slate-500">
                  {dates.dateTime(request.createdAt)}
                </time>
              </div>
              <ol className="mt-3 space-y-2 text-sm">
                {request.items.map((item, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a stored request's items never change order; the position is their identity.
                  <li key={`${request.id}-${index}`} className="rounded-md bg-slate-50 p-3">
                    <p className="font-medium text-slate-900">
                      {index + 1}. {item.itemDescription}
                    </p>
                    <p className="mt-1 text-slate-600">
                      Qty {item.quantity}
                      {item.estimatedPriceUsdCents !== null && ` · est. ${formatUsd(item.estimatedPriceUsdCents)} each`}
                    </p>
                    <a
                      href={item.itemUrl}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="mt-1 inline-flex max-w-full items-center gap-1 text-brand-700 hover:underline"
                    >
                      <span className="truncate">{item.itemUrl}</span>
                      <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ol>
              {request.notes && <p className="mt-3 text-sm whitespace-pre-line text-slate-700">Notes: {request.notes}</p>}
            </Card>
          </li>
        ))}
      </ul>
      <Pager page={page} total={query.data.total} onPage={setPage} />
    </div>
  );
}

function MessageList() {
  const dates = useDateFormat();
  const [page, setPage] = useState(1);
  const query = useContactMessages(page, PAGE_SIZE);
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  if (query.data.total === 0) return <EmptyState title="No messages yet">Messages from the contact form appear here.</EmptyState>;
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {query.data.data.map((message) => (
          <li key={message.id}>
            <Card className="p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    {message.name}
                    <Badge tone="brand">{CONTACT_SUBJECT_LABELS[message.subject]}</Badge>
                  </p>
                  <a href={`mailto:${message.email}`} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
                    <Mail className="h-4 w-4" aria-hidden="true" />
                    {message.email}
                  </a>
                </div>
                <time dateTime={message.createdAt} className="text-sm text-slate-500">
                  {dates.dateTime(message.createdAt)}
                </time>
              </div>
              <p className="mt-3 text-sm whitespace-pre-line text-slate-700">{message.message}</p>
            </Card>
          </li>
        ))}
      </ul>
      <Pager page={page} total={query.data.total} onPage={setPage} />
    </div>
  );
}
