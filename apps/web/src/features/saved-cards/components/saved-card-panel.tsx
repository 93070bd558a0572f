import { CreditCard, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { maskedCard } from '@courier/shared/domain/card';
import { formatCalendarDay } from '@courier/shared/domain/datetime';
import { formatJmd } from '@courier/shared/format/money';
import { SAVED_CARD_MESSAGES, type SavedCard, type ScheduledCharge } from '@courier/shared/schemas/saved-cards';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { TestBadge } from '@/components/ui/test-badge';
import { errorMessage } from '@/lib/api-client';
import { useRemoveCard, useSavedCards, useSetAutopay } from '../api/saved-cards';
import { SaveCardForm } from './save-card-form';

const CHARGE_STATUS: Record<ScheduledCharge['status'], string> = {
  scheduled: 'To be charged',
  paid: 'Paid',
  declined: 'Declined',
  cancelled: 'Not charged',
};

/** Back from the bank's check (`?card=saved|failed|ended`): what happened, in words. */
export function CardReturnNotice({ state, onDismiss }: { state: string; onDismiss(): void }) {
  const ok = state === 'saved';
  const text = ok ? SAVED_CARD_MESSAGES.saved : state === 'failed' ? SAVED_CARD_MESSAGES.checkFailed : SAVED_CARD_MESSAGES.checkEnded;
  return (
    <p
      role={ok ? 'status' : 'alert'}
      className={
        ok
          ? 'rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-800'
          : 'rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800'
      }
    >
      {text}{' '}
      <button type="button" className="underline" onClick={onDismiss}>
        Dismiss
      </button>
    </p>
  );
}

function CardRow({ card }: { card: SavedCard }) {
  const autopay = useSetAutopay();
  const remove = useRemoveCard();
  const [confirming, setConfirming] = useState(false);
  const label = maskedCard(card);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <CreditCard className="size-6 text-brand-700" aria-hidden />
        <p className="font-medium text-slate-900">{label}</p>
        {card.test && <TestBadge />}
        <Button variant="secondary" size="sm" className="ml-auto" onClick={() => setConfirming(true)}>
          <Trash2 className="size-4" aria-hidden /> Remove card
        </Button>
      </div>
      <div>
        <Checkbox
          label="Pay new invoices automatically with this card"
          checked={card.autopay}
          disabled={autopay.isPending}
          onChange={async (event) => {
            try {
              await autopay.mutateAsync({ id: card.id, autopay: event.target.checked });
              toast.success(event.target.checked ? SAVED_CARD_MESSAGES.autopayOn : SAVED_CARD_MESSAGES.autopayOff);
            } catch (error) {
              toast.error(errorMessage(error, 'Could not change automatic payment'));
            }
          }}
        />
        <p className="mt-1 text-sm text-slate-600">
          We e-mail you the amount and the day before each charge, so you can pay another way first.
        </p>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this card?"
        message={`Remove your ${label}? Nothing more will be charged to it, and automatic payment stops.`}
        confirmLabel="Remove card"
        busy={remove.isPending}
        onConfirm={async () => {
          try {
            const done = await remove.mutateAsync(card.id);
            toast.success(done.message);
            setConfirming(false);
          } catch (error) {
            toast.error(errorMessage(error, 'Could not remove the card'));
          }
        }}
      />
    </div>
  );
}

function ChargeList({ charges }: { charges: ScheduledCharge[] }) {
  if (charges.length === 0) return null;
  return (
    <section aria-labelledby="card-charges-title" className="space-y-2">
      <h2 id="card-charges-title" className="text-base font-semibold text-slate-900">
        Automatic payments
      </h2>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {charges.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
            <Link
              to={`/customer/invoices/${encodeURIComponent(c.invoiceNo)}`}
              className="font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {c.invoiceNo}
            </Link>
            <span className="tabular-nums text-slate-900">{formatJmd(c.amountCents)}</span>
            <span className="text-slate-700">
              {CHARGE_STATUS[c.status]}
              {c.status === 'scheduled' ? ` on ${formatCalendarDay(c.chargeOn, 'weekday')}` : ''}
              {c.receiptNo ? ` (receipt ${c.receiptNo})` : ''}
            </span>
            {c.test && <TestBadge />}
            {c.status === 'declined' && (
              <span className="w-full text-red-700">
                Your card was declined and nothing was charged. Pay the invoice yourself, or save another card.
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The customer's saved card: shown masked, automatic payment on or off, removal, the charges. */
export function SavedCardPanel() {
  const cards = useSavedCards();
  if (cards.isLoading) return <Skeleton className="h-48 w-full" />;
  if (cards.isError || !cards.data) return <p role="alert">{errorMessage(cards.error, 'Could not load your cards')}</p>;
  const { available, test, cards: list, charges } = cards.data;
  const card = list[0];
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">Your card {test && <TestBadge />}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          {card ? (
            <CardRow card={card} />
          ) : (
            <EmptyState title="No card saved" icon={CreditCard}>
              Save a card to pay invoices automatically or pay parcels before they arrive.
            </EmptyState>
          )}
          {available ? (
            <details className="rounded-lg border border-slate-200" open={!card || undefined}>
              <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-slate-900">
                {card ? 'Use another card instead' : 'Save a card'}
              </summary>
              <div className="border-t border-slate-100 p-4">
                <SaveCardForm test={test} replacing={Boolean(card)} />
              </div>
            </details>
          ) : (
            <p className="text-sm text-slate-600">{SAVED_CARD_MESSAGES.notOffered}</p>
          )}
        </CardContent>
      </Card>
      <ChargeList charges={charges} />
    </div>
  );
}
