import { type FormEvent, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CARRIER_LABELS, SHIPPING_MODES } from '@courier/shared/constants/packages';
import { formatUsd } from '@courier/shared/format/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useTariffOptions } from '../../api/duty-rates';
import { useCustomerSearch } from '../../api/packages';
import { WalkInCustomerDialog } from '../walk-in-customer-dialog';
import { PhotoCaptureField } from './photo-capture';
import type { PhotoCapture } from './use-photo-capture';
import type { ReceiveForm as ReceiveFormState } from './use-receive-form';
import { StationForm } from '@/components/scan-station/station-form';

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
  const { lookup, fields, setMailbox } = form;
  const { register, formState } = fields;
  const errors = formState.errors;
  const mailbox = useWatch({ control: fields.control, name: 'mailbox' });
  const [walkIn, setWalkIn] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  const customers = useCustomerSearch(mailbox);
  const tariffOptions = useTariffOptions();
  if (!lookup) return null;
  const exact = customers.data?.find((c) => c.mailboxNumber.toLowerCase() === mailbox.trim().toLowerCase());

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
              {lookup.preAlert.shopRequestNo
                ? ` · Shop For Me ${lookup.preAlert.shopRequestNo}`
                : lookup.preAlert.hasInvoice
                  ? ''
                  : ' · invoice missing'}
            </>
          ) : (
            ' · No pre-alert'
          )}
        </p>
        <StationForm onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Receive the package" noValidate>
          <Field label="Weight (lb)" error={errors.weight?.message}>
            <Input inputMode="decimal" autoComplete="off" {...register('weight')} />
          </Field>
          <Field
            label="Mailbox number"
            error={errors.mailbox?.message}
            hint={
              mailbox.trim() === ''
                ? 'Leave empty when the label has none: the package goes to Unknown packages'
                : exact
                  ? `${exact.name}${exact.branchName ? `, ${exact.branchName}` : ''}`
                  : 'No customer with this mailbox yet'
            }
          >
            <Input autoComplete="off" list="scan-customers" {...register('mailbox')} />
          </Field>
          {form.firstPiece && !lookup.preAlert && (
            <p className="text-sm text-slate-600 sm:col-span-2">
              As {form.firstPiece.packageNumber}, piece {form.firstPiece.pieceNumber} of this shipment: merchant{' '}
              <strong>{form.firstPiece.merchant ?? 'not given'}</strong>, value{' '}
              <strong>
                {form.firstPiece.declaredValueUsdCents === null ? 'not given' : formatUsd(form.firstPiece.declaredValueUsdCents)}
              </strong>
            </p>
          )}
          {!lookup.preAlert && !form.firstPiece && (
            <>
              <Field label="Merchant (optional)" error={errors.merchant?.message}>
                <Input maxLength={100} autoComplete="off" {...register('merchant')} />
              </Field>
              <Field label="Declared value (USD, optional)" hint="From the merchant's invoice or the box" error={errors.valueUsd?.message}>
                <Input inputMode="decimal" autoComplete="off" {...register('valueUsd')} />
              </Field>
            </>
          )}
          <Field
            label="Dimensions (in)"
            hint="Length x width x height, e.g. 12x10x8 (a dimensioner types it here)"
            error={errors.dims?.message}
          >
            <Input autoComplete="off" spellCheck={false} placeholder="12x10x8" {...register('dims')} />
          </Field>
          <PhotoCaptureField capture={capture} onTaken={() => submitRef.current?.focus()} />
          {canRegister && (
            <div className="flex items-end sm:col-span-2">
              <Button type="button" size="sm" variant="secondary" onClick={() => setWalkIn(true)}>
                New customer
              </Button>
            </div>
          )}
          {walkIn && <WalkInCustomerDialog open={walkIn} onOpenChange={setWalkIn} onRegistered={(c) => setMailbox(c.mailboxNumber)} />}
          <datalist id="scan-customers">
            {(customers.data ?? []).map((c) => (
              <option key={c.id} value={c.mailboxNumber}>
                {c.name}
              </option>
            ))}
          </datalist>
          {/* After the photo: appearing while a mailbox is typed, it must not move the fast path's Tab order. */}
          {!exact && !form.firstPiece && (
            <Field
              label="Name on the label (optional)"
              hint="Kept with an unknown package, to match it later"
              error={errors.labelName?.message}
            >
              <Input maxLength={100} autoComplete="off" {...register('labelName')} />
            </Field>
          )}
          <Field label="Mode">
            <Select {...register('mode')}>
              {SHIPPING_MODES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Tariff class" hint="The customs duty it goes by, from your customs rates">
            <Select {...register('tariffClass')}>
              {tariffOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Boxes in this shipment" error={errors.pieces?.message} hint="Leave empty for one box">
            <Input inputMode="numeric" autoComplete="off" {...register('pieces')} />
          </Field>
          <Field label="Description (optional)" error={errors.description?.message}>
            <Input maxLength={200} {...register('description')} />
          </Field>
          {errors.root && (
            <p role="alert" className="text-sm text-red-600 sm:col-span-2">
              {errors.root.message}
            </p>
          )}
          <div className="flex gap-2 sm:col-span-2">
            <Button ref={submitRef} type="submit" busy={form.busy}>
              Receive package
            </Button>
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </StationForm>
      </CardContent>
    </Card>
  );
}
