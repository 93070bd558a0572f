import type { ReactNode } from 'react';
import { PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import type { PackageDetail } from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { useChangeStatus } from '../../api/packages';
import { PackageSummary } from '../package-summary';
import { PrintLabelButton } from './label-printing';

interface Props {
  pkg: PackageDetail;
  canEdit: boolean;
  /** The package after a status change, so the card shows its new state. */
  onChanged: (pkg: PackageDetail) => void;
  onNext: () => void;
  /** What the station must say first about this parcel (a photo of contents asked for). */
  notice?: ReactNode;
}

/** A tracking number already received: its summary, the next statuses and its label. */
export function KnownPackageCard({ pkg, canEdit, onChanged, onNext, notice }: Props) {
  const change = useChangeStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {pkg.packageNumber} <StatusBadge kind="package" status={pkg.status} />
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">This tracking number has already been received.</p>
        {notice}
        <PackageSummary pkg={pkg} />
        <div className="flex flex-wrap gap-2">
          {canEdit &&
            pkg.nextStatuses.map((s) => (
              <Button
                key={s}
                size="sm"
                variant={s === 'abandoned' ? 'danger' : 'primary'}
                busy={change.isPending && change.variables?.status === s}
                onClick={() => change.mutate({ id: pkg.id, status: s }, { onSuccess: onChanged })}
              >
                {PACKAGE_STATUS_LABELS[s]}
              </Button>
            ))}
          <PrintLabelButton pkg={pkg} />
          <Button size="sm" variant="ghost" onClick={onNext}>
            Scan next
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
