import { PrepayList } from '@/features/saved-cards/components/prepay-list';

/** /customer/pay-ahead: parcels on a manifest, paid before they arrive and settled on their invoice. */
export default function CustomerPayAheadPage() {
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Pay before arrival</h1>
        <p className="mt-1 text-sm text-slate-600">
          Pay a parcel's estimated charges once it is on a flight or vessel. When its invoice is issued the payment is applied to it.
        </p>
      </div>
      <PrepayList />
    </div>
  );
}
