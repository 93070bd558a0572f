import { PageHeader } from '@/components/layout/page-header';
import { ShopRequestsBoard } from '@/features/forwarding/components/shop-requests-board';

/** Staff: Shop For Me requests to quote, and purchases to record once paid. */
export default function ShopRequestsPage() {
  return (
    <div>
      <PageHeader title="Shop For Me" description="Quote each request, and record the merchant orders once the customer has paid." />
      <ShopRequestsBoard />
    </div>
  );
}
