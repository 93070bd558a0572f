import { Boxes } from 'lucide-react';
import { Link } from 'react-router';
import { REPACK_LABELS } from '@courier/shared/constants/services';
import { useConsolidations } from '../api/forwarding';

/**
 * At the scan station: a package held by an open consolidation request says so, with the way to
 * repack it (the consolidation screen beside the scan screen).
 */
export function ConsolidationNotice({ packageNumber }: { packageNumber: string }) {
  const found = useConsolidations('staff', { packageRef: packageNumber, status: 'requested' });
  const request = found.data?.data[0];
  if (!request) return null;
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
      <Boxes className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <p>
        In consolidation <strong>{request.requestNo}</strong> with {request.packages.length - 1} other package
        {request.packages.length === 2 ? '' : 's'} ({REPACK_LABELS[request.repack]}): keep it for the repack.{' '}
        <Link to="../consolidations" relative="path" className="font-medium underline">
          Repack at the consolidation station
        </Link>
      </p>
    </div>
  );
}
