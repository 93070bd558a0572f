import { formatCount } from '@courier/shared/format/money';
import type { Dashboard } from '@courier/shared/schemas/dashboard';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type Membership = NonNullable<Dashboard['membership']>;

/** The customer's membership tier (by delivered packages) and how far they are from the next one. */
export function MembershipCard({ membership }: { membership: Membership }) {
  const { tier, nextTier, deliveredCount } = membership;
  const from = tier?.packageCount ?? 0;
  const percent = nextTier ? Math.min(100, Math.round(((deliveredCount - from) / (nextTier.packageCount - from)) * 100)) : 100;
  const delivered = `${formatCount(deliveredCount)} ${deliveredCount === 1 ? 'package' : 'packages'} delivered`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Membership</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-lg font-semibold text-slate-900">
          {tier ? `${tier.name} member` : 'No membership tier yet'}
          {tier && <span className="ml-2 text-sm font-normal text-slate-600">{tier.discountPercent}% off freight</span>}
        </p>
        <div
          role="progressbar"
          aria-label={nextTier ? `Progress to ${nextTier.name}` : 'Highest tier reached'}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-700" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-sm text-slate-600">
          {nextTier
            ? `${delivered}. ${formatCount(nextTier.packageCount - deliveredCount)} more to reach ${nextTier.name} (${nextTier.discountPercent}% off freight).`
            : `${delivered}. You have reached the highest tier.`}
        </p>
      </CardContent>
    </Card>
  );
}
