import { TEST_PAYMENT_LABEL, TEST_PAYMENT_NOTE } from '@courier/shared/constants/billing';
import { Badge } from './badge';

/** Marks a test-mode payment (or a courier in test mode): no money moved. */
export function TestBadge({ title = TEST_PAYMENT_NOTE }: { title?: string }) {
  return (
    <Badge tone="yellow" title={title} className="font-semibold tracking-wide">
      {TEST_PAYMENT_LABEL}
    </Badge>
  );
}
