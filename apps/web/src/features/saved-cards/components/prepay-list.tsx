import { Plane } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { maskedCard } from '@courier/shared/domain/card';
import { formatJmd } from '@courier/shared/format/money';
import type { PrepayParcel, SavedCard } from '@courier/shared/schemas/saved-cards';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { TestBadge } from '@/components/ui/test-badge';
import { errorMessage } from '@/lib/api-client';
import { usePrepay, usePrepayParcels, useSavedCards } from '../api/saved-cards';

/** How a payment in advance stands: held until the invoice, then applied (and any excess to credit). */
function PrepaymentLine({ parcel }: { parcel: PrepayParcel }) {
  const p = parcel.prepayment;
  if (!p) return null;
  const settled =
    p.status === 'settled'
      ? `Applied ${formatJmd(p.appliedCents)} to ${p.invoiceNo ?? 'its invoice'}${p.creditedCents > 0 ? `; ${formatJmd(p.creditedCents)} over the invoice went to your account credit` : ''}.`
      : 'Held until the invoice is issued.';
  return (
    <p className="text-sm text-slate-700">
      Paid in advance: {formatJmd(p.amountCents)} (receipt {p.receiptNo}). {settled} {p.test && <TestBadge />}
    </p>
  );
}

function ParcelRow({ parcel, card }: { parcel: PrepayParcel; card: SavedCard | undefined }) {
  const prepay = usePrepay();
  const [confirming, setConfirming] = useState(false);
  const estimate = parcel.estimateCents;
  return (
    <li className="space-y-2 px-4 py-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">{parcel.packageNumber}</span>
        <span className="text-sm text-slate-600">{parcel.description ?? parcel.trackingNumber}</span>
        {parcel.manifestNo && <span className="text-sm text-slate-600">on {parcel.manifestNo}</span>}
      </div>
      {parcel.invoiceNo && !parcel.prepayment && (
        <p className="text-sm text-slate-700">
          Invoiced:{' '}
          <Link
            to={`/customer/invoices/${encodeURIComponent(parcel.invoiceNo)}`}
            className="text-brand-700 underline-offset-4 hover:underline"
          >
            {parcel.invoiceNo}
          </Link>
        </p>
      )}
      <PrepaymentLine parcel={parcel} />
      {estimate !== null && estimate > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm text-slate-700">
            Estimated charges: <span className="font-medium tabular-nums text-slate-900">{formatJmd(estimate)}</span>
          </span>
          {card ? (
            <Button size="sm" onClick={() => setConfirming(true)}>
              Pay {formatJmd(estimate)} now
            </Button>
          ) : (
            <Link to="/customer/cards" className="text-sm text-brand-700 underline-offset-4 hover:underline">
              Save a card to pay before arrival
            </Link>
          )}
        </div>
      )}
      {card && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Pay before arrival?"
          message={`Charge ${formatJmd(estimate ?? 0)} for ${parcel.packageNumber} to your ${maskedCard(card)} now? When the invoice is issued it is applied to it: anything over goes to your account credit, anything short stays to pay.`}
          confirmLabel={`Pay ${formatJmd(estimate ?? 0)}`}
          busy={prepay.isPending}
          onConfirm={async () => {
            try {
              const done = await prepay.mutateAsync({ packageId: parcel.packageId, cardId: card.id });
              toast.success(`${done.message} Receipt ${done.receiptNo}.`);
              setConfirming(false);
            } catch (error) {
              toast.error(errorMessage(error, 'Could not take the payment'));
              setConfirming(false);
            }
          }}
        />
      )}
    </li>
  );
}

/** The customer's parcels on a manifest: pay one's estimated charges before it arrives. */
export function PrepayList() {
  const parcels = usePrepayParcels();
  const cards = useSavedCards();
  if (parcels.isLoading) return <Skeleton className="h-40 w-full" />;
  if (parcels.isError || !parcels.data) return <p role="alert">{errorMessage(parcels.error, 'Could not load your parcels')}</p>;
  if (parcels.data.length === 0) {
    return (
      <EmptyState title="No parcels on their way" icon={Plane}>
        A parcel can be paid before it arrives once it is on a manifest (a flight or vessel).
      </EmptyState>
    );
  }
  const card = cards.data?.cards[0];
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {parcels.data.map((parcel) => (
        <ParcelRow key={parcel.packageId} parcel={parcel} card={card} />
      ))}
    </ul>
  );
}
