import { PageHeader } from '@/components/layout/page-header';
import { ConsolidationStation } from '@/features/forwarding/components/consolidation-station';

/** Staff: the customers' consolidation requests, found by scanning a package, repacked here. */
export default function ConsolidationsPage() {
  return (
    <div>
      <PageHeader
        title="Consolidations"
        description="Scan a package to find its request; repack, weigh and measure the new parcel, and print its label."
      />
      <ConsolidationStation />
    </div>
  );
}
