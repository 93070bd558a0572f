import { useSearchParams } from 'react-router';
import { CardReturnNotice, SavedCardPanel } from '@/features/saved-cards/components/saved-card-panel';

/** /customer/cards: the customer's saved card, automatic payment of new invoices and its charges. */
export default function CustomerCardsPage() {
  const [search, setSearch] = useSearchParams();
  const returned = search.get('card');
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Cards and automatic payment</h1>
        <p className="mt-1 text-sm text-slate-600">Save a card, pay new invoices with it automatically, or remove it.</p>
      </div>
      {returned && (
        <CardReturnNotice
          state={returned}
          onDismiss={() =>
            setSearch(
              (s) => {
                s.delete('card');
                return s;
              },
              { replace: true },
            )
          }
        />
      )}
      <SavedCardPanel />
    </div>
  );
}
