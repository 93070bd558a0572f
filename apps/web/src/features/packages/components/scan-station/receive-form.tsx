import { type FormEvent, useRef, useState } from 'react';
import { CARRIER_LABELS, SHIPPING_MODES, type ShippingMode } from '@courier/shared/constants/packages';
import { formatUsd } from '@courier/shared/format/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCustomerSearch } from '../../api/packages';
import { WalkInCustomerDialog } from '../walk-in-customer-dialog';
import { PhotoCaptureField } from './photo-capture';
import type { PhotoCapture } from './use-photo-capture';
import type { ReceiveForm as ReceiveFormState } from './use-receive-form';

interface Props {
  form: ReceiveFormState;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
  /** The clerk may register a walk-in customer from here. */
  canRegister: boolean;
  /** The station's camera and the photos waiting to go up with this package. */
  capture: PhotoCapture;
}

/**
 * The receive form of a new tracking number, in the order a clerk works: weight (it has the focus),
 * mailbox, merchant and value when there is no pre-alert, dimensions, photos (a photo puts the focus
 * on Receive, so Enter, Enter takes it and receives), then mode and description.
 */
export function ReceiveForm({ form, onSubmit, onCancel, canRegister, capture }: Props) {
  const { lookup, fields, set, errors, weightRef } = form;
  const [walkIn, setWalkIn] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  const customers = useCustomerSearch(fields.mailbox);
  if (!lookup) return null;
  const exact = customers.data?.find((c) => c.mailboxNumber.toLowerCase() === fields.mailbox.trim().toLowerCase());

  return (
    <Card>
      <CardHeader>
        <CardTitle>Receive {lookup.trackingNumber}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-4 text-sm text-slate-600">
          Carrier: <strong>{CARRIER_LABELS[lookup.carrier]}</strong>
          {lookup.preAlert ? (
            <>
              {' '}
              · Pre-alert by <strong>{lookup.preAlert.customerName}</strong> ({lookup.preAlert.mailboxNumber}): {lookup.preAlert.merchant},{' '}
              {lookup.preAlert.description}, {formatUsd(lookup.preAlert.declaredValueUsdCents)}
              {lookup.preAlert.hasInvoice ? '' : ' · invoice missing'}
            </>
          ) : (
            ' · No pre-alert'
          )}
        </p>
        <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Receive the package" noValidate>
          <Field label="Weight (lb)" error={errors.weightLb}>
            <Input
              ref={weightRef}
              inputMode="decimal"
              value={fields.weight}
              onChange={(e) => set('weight', e.target.value)}
              autoComplete="off"
            />
          </Field>
          <Field
            label="Mailbox number"
            error={errors.mailbox}
            hint={
              fields.mailbox.trim() === ''
                ? 'Leave empty when the label has none: the package goes to Unknown packages'
                : exact
                  ? `${exact.name}${exact.branchName ? `, ${exact.branchName}` : ''}`
                  : 'No customer with this mailbox yet'
            }
          >
            <Input value={fields.mailbox} onChange={(e) => set('mailbox', e.target.value)} autoComplete="off" list="scan-customers" />
          </Field>
          {!lookup.preAlert && (
            <>
              <Field label="Merchant (optional)" error={errors.merchant}>
                <Input value={fields.merchant} maxLength={100} onChange={(e) => set('merchant', e.target.value)} autoComplete="off" />
              </Field>
              <Field label="Declared value (USD, optional)" hint="From the merchant's invoice or the box" error={errors.valueUsd}>
                <Input inputMode="decimal" value={fields.valueUsd} onChange={(e) => set('valueUsd', e.target.value)} autoComplete="off" />
              </Field>
            </>
          )}
          <Field label="Dimensions (in)" hint="Length x width x height, e.g. 12x10x8 (a dimensioner types it here)" error={errors.dims}>
            <Input
              value={fields.dims}
              onChange={(e) => set('dims', e.target.value)}
              autoComplete="off"
              spellCheck={false}
              placeholder="12x10x8"
            />
          </Field>
          <PhotoCaptureField capture={capture} onTaken={() => submitRef.current?.focus()} />
          {canRegister && (
            <div className="flex items-end sm:col-span-2">
              <Button type="button" size="sm" variant="secondary" onClick={() => setWalkIn(true)}>
                New customer
              </Button>
            </div>
          )}
          {walkIn && <WalkInCustomerDialog open={walkIn} onOpenChange={setWalkIn} onRegistered={(c) => set('mailbox', c.mailboxNumber)} />}
          <datalist id="scan-customers">
            {(customers.data ?? []).map((c) => (
              <option key={c.id} value={c.mailboxNumber}>
                {c.name}
              </option>
            ))}
          </datalist>
          <Field label="Mode">
            <Select value={fields.mode} onChange={(e) => set('mode', e.target.value as ShippingMode)}>
              {SHIPPING_MODES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Boxes in this shipment" error={form.errors.pieceCount} hint="Leave empty for one box">
            <Input inputMode="numeric" value={fields.pieces} onChange={(e) => set('pieces', e.target.value)} autoComplete="off" />
          </Field>
          <Field label="Description (optional)">
            <Input value={fields.description} maxLength={200} onChange={(e) => set('description', e.target.value)} />
          </Field>
          <div className="flex gap-2 sm:col-span-2">
            <Button ref={submitRef} type="submit" busy={form.busy}>
              Receive package
            </Button>
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
