import { useState } from 'react';
import type { ConsolidationDto } from '@courier/shared/schemas/services';
import { PageError, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useConsolidations } from '@/features/forwarding/api/forwarding';
import { CancelConsolidationDialog } from '@/features/forwarding/components/cancel-consolidation-dialog';
import { ConsolidationCard } from '@/features/forwarding/components/consolidation-card';
import { ConsolidationRequestForm } from '@/features/forwarding/components/consolidation-request-form';
import { usePackageList } from '@/features/packages/api/packages';
import { errorMessage } from '@/lib/api-client';

/** The customer's consolidations: ask to repack packages waiting at the warehouse, follow or cancel. */
export default function CustomerConsolidationsPage() {
  const requests = useConsolidations('customer');
  const atWarehouse = usePackageList('/customer/packages', { page: 1, limit: 100, filters: JSON.stringify({ status: 'received' }) });
  const [cancelling, setCancelling] = useState<ConsolidationDto | null>(null);
  const held = new Set((requests.data?.data ?? []).filter((r) => r.status === 'requested').flatMap((r) => r.packages.map((p) => p.id)));
  const free = (atWarehouse.data?.data ?? []).filter((p) => !held.has(p.id));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Consolidation"
        description="Ship several packages as one parcel: we repack them at the US warehouse, and you pay freight on one box."
      />
      <section aria-labelledby="new-consolidation" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="new-consolidation" className="mb-3 text-lg font-semibold text-slate-900">
          Request a consolidation
        </h2>
        {atWarehouse.isPending ? (
          <Spinner />
        ) : atWarehouse.isError ? (
          <PageError message={errorMessage(atWarehouse.error, 'Could not load your packages')} />
        ) : (
          <ConsolidationRequestForm packages={free} feeCents={requests.data?.feeCents} />
        )}
      </section>
      <section aria-labelledby="my-consolidations" className="space-y-3">
        <h2 id="my-consolidations" className="text-lg font-semibold text-slate-900">
          My consolidations
        </h2>
        {requests.isPending ? (
          <Spinner />
        ) : requests.isError ? (
          <PageError message={errorMessage(requests.error, 'Could not load your consolidations')} />
        ) : requests.data.data.length === 0 ? (
          <EmptyState title="No consolidation yet">Pick two or more packages above to have them repacked into one parcel.</EmptyState>
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            {requests.data.data.map((r) => (
              <ConsolidationCard
                key={r.id}
                request={r}
                actions={
                  r.status === 'requested' ? (
                    <Button variant="secondary" onClick={() => setCancelling(r)}>
                      Cancel (free)
                    </Button>
                  ) : null
                }
              />
            ))}
          </div>
        )}
      </section>
      <CancelConsolidationDialog
        request={cancelling}
        scope="customer"
        confirmLabel="Cancel consolidation"
        onClose={() => setCancelling(null)}
      />
    </div>
  );
}
