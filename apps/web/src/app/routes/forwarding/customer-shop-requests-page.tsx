import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatUsd } from '@courier/shared/format/money';
import { PageError, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useShopRequests } from '@/features/forwarding/api/forwarding';
import { ShopStageBadge } from '@/features/forwarding/components/shop-request-details';
import { ShopRequestForm } from '@/features/forwarding/components/shop-request-form';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';

/** The customer's Shop For Me requests, and a new one. */
export default function CustomerShopRequestsPage() {
  const list = useShopRequests('customer');
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const dates = useDateFormat();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Shop For Me"
        description="No US card? We buy it for you: send the links, we quote, you pay online, we buy and ship."
        actions={!asking && <Button onClick={() => setAsking(true)}>New request</Button>}
      />
      {asking && (
        <section aria-labelledby="new-shop" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="new-shop" className="mb-3 text-lg font-semibold text-slate-900">
            What should we buy?
          </h2>
          <ShopRequestForm onDone={(created) => void navigate(`/customer/shop-requests/${created.id}`)} />
        </section>
      )}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <PageError message={errorMessage(list.error, 'Could not load your requests')} />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          title="No request yet"
          action={asking ? undefined : { label: 'Ask us to buy something', onClick: () => setAsking(true) }}
        >
          Send us the links of what you want from US stores; we quote before buying anything.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {list.data.data.map((r) => (
            <li key={r.id}>
              <Link
                to={`/customer/shop-requests/${r.id}`}
                className="flex min-h-14 items-center justify-between gap-3 p-3 hover:bg-slate-50"
              >
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{r.requestNo}</span>
                  <span className="block truncate text-xs text-slate-500">
                    {r.items.map((i) => i.itemDescription).join(', ')} · {dates.date(r.createdAt)}
                    {r.quote ? ` · ${formatUsd(r.quote.totalUsdCents)}` : ''}
                  </span>
                </span>
                <ShopStageBadge stage={r.stage} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
