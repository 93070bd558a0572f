import { PageHeader } from '@/components/layout/page-header';
import { ReturnQueue } from '@/features/packages/components/return-queue';

/** Staff: the returns to sender and discards customers asked for, to carry out and record. */
export default function ReturnRequestsPage() {
  const packagesPath = window.location.pathname.startsWith('/staff') ? '/staff/packages' : '/admin/packages';
  return (
    <div>
      <PageHeader
        title="Returns & discards"
        description="Parcels customers asked us to send back to the sender or discard: do it, then record what was done."
      />
      <ReturnQueue packagesPath={packagesPath} />
    </div>
  );
}
