import { ExternalLink } from 'lucide-react';
import { CARRIER_LABELS, type Carrier } from '@courier/shared/constants/packages';
import { carrierTrackingUrl } from '@courier/shared/domain/carrier';

/** A tracking number, linked to its carrier's own tracking page when the carrier is one we know. */
export function TrackingLink({ trackingNumber, carrier }: { trackingNumber: string; carrier: Carrier }) {
  const url = carrierTrackingUrl(trackingNumber, carrier);
  if (!url) return <span className="font-mono break-all">{trackingNumber}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-mono break-all text-brand-700 underline underline-offset-2 hover:text-brand-900"
      aria-label={`${trackingNumber} on ${CARRIER_LABELS[carrier]}'s tracking page (opens in a new tab)`}
    >
      {trackingNumber}
      <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
    </a>
  );
}
