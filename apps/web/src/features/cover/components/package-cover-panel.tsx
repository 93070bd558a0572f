import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type ClaimReason, claimReasonsOpen } from '@courier/shared/domain/claims';
import { formatMoney } from '@courier/shared/format/money';
import {
  CLAIM_PAYOUT_LABELS,
  CLAIM_REASON_LABELS,
  CLAIM_STATUS_LABELS,
  INSURANCE_MESSAGES,
  type Claim,
  type ClaimCreateInput,
  type ClaimDecisionInput,
  claimCreateSchema,
  claimDecisionFormSchema,
} from '@courier/shared/schemas/insurance';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import {
  useAddClaimPhoto,
  useClaimPhotoUrl,
  useDecideClaim,
  useInsureByDefault,
  useOpenClaim,
  usePackageCover,
  useSetInsurance,
  useSetInsureByDefault,
} from '../api/cover';

function ClaimPhoto({ claimId, photoId }: { claimId: number; photoId: number }) {
  const url = useClaimPhotoUrl(claimId, photoId);
  if (!url.data) return <span className="inline-block size-16 rounded bg-slate-100" aria-hidden />;
  return <img src={url.data} alt="Photo of the damage" className="size-16 rounded object-cover" />;
}

/** The claim's photos, and while it is open a way to add one (the server re-encodes it). */
function ClaimPhotos({ claim, mayAdd }: { claim: Claim; mayAdd: boolean }) {
  const add = useAddClaimPhoto();
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      {claim.photos.map((p) => (
        <ClaimPhoto key={p.id} claimId={claim.id} photoId={p.id} />
      ))}
      {mayAdd && claim.status === 'open' && (
        <label className="cursor-pointer text-sm text-brand-700 underline focus-within:ring-2 focus-within:ring-brand-500">
          {add.isPending ? 'Uploading…' : 'Add a photo of the damage'}
          <input
            type="file"
            accept="image/jpeg,image/png"
            className="sr-only"
            disabled={add.isPending}
            onChange={async (e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (!file) return;
              try {
                await add.mutateAsync({ claimId: claim.id, photo: file });
                toast.success('Photo added to the claim');
              } catch (error) {
                toast.error(errorMessage(error, 'The photo could not be added'));
              }
            }}
          />
        </label>
      )}
    </div>
  );
}

/** Staff record a claim's outcome (approved for an amount, or declined) with the reason. */
export function DecideClaim({ claim }: { claim: Claim }) {
  const decide = useDecideClaim();
  const form = useForm<ClaimDecisionInput>({
    resolver: zodResolver(claimDecisionFormSchema),
    defaultValues: { outcome: 'approved', approvedAmount: claim.insuredValueUsdCents / 100, payout: 'account_credit', reason: '' },
  });
  const outcome = form.watch('outcome');
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (input) => {
    try {
      await decide.mutateAsync({
        id: claim.id,
        input: {
          ...input,
          approvedAmount: input.outcome === 'approved' ? input.approvedAmount : null,
          payout: input.outcome === 'approved' ? input.payout : null,
        },
      });
      toast.success(`Claim ${claim.claimNo} ${input.outcome}`);
    } catch (error) {
      toast.error(errorMessage(error, 'The outcome could not be saved'));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-2 grid gap-2 sm:grid-cols-2" aria-label={`Decide ${claim.claimNo}`}>
      <Field label="Outcome">
        <Select {...form.register('outcome')}>
          <option value="approved">Approved</option>
          <option value="declined">Declined</option>
        </Select>
      </Field>
      {outcome === 'approved' && (
        <Field label="Approved amount (USD)" error={errors.approvedAmount?.message}>
          <Input type="number" min={0} step="0.01" {...form.register('approvedAmount', { valueAsNumber: true })} />
        </Field>
      )}
      {outcome === 'approved' && (
        <Field label="Pay as" error={errors.payout?.message}>
          <Select {...form.register('payout')}>
            <option value="account_credit">{CLAIM_PAYOUT_LABELS.account_credit}</option>
            <option value="refund">{CLAIM_PAYOUT_LABELS.refund}</option>
          </Select>
        </Field>
      )}
      <Field label="Reason" error={errors.reason?.message} className="sm:col-span-2">
        <Input {...form.register('reason')} />
      </Field>
      <Button type="submit" size="sm" busy={decide.isPending}>
        Record outcome
      </Button>
    </form>
  );
}

function OpenClaim({ packageId, reasons, onDone }: { packageId: number; reasons: ClaimReason[]; onDone: () => void }) {
  const open = useOpenClaim();
  const form = useForm<ClaimCreateInput>({
    resolver: zodResolver(claimCreateSchema),
    defaultValues: { packageId, reason: reasons[0] ?? 'lost', description: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (input) => {
    try {
      const claim = await open.mutateAsync(input);
      toast.success(`Claim ${claim.claimNo} opened`);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, 'The claim could not be opened'));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-2 grid gap-2" aria-label="Open a claim">
      <Field label="What happened">
        <Select {...form.register('reason')}>
          {reasons.map((r) => (
            <option key={r} value={r}>
              {CLAIM_REASON_LABELS[r]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Details" error={errors.description?.message}>
        <Input {...form.register('description')} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" busy={open.isPending}>
          Open claim
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Insurance (for the declared value), claims and the storage countdown of one package. */
export function PackageCoverPanel({ packageId, customer, canEdit }: { packageId: number; customer: boolean; canEdit: boolean }) {
  const cover = usePackageCover(packageId, customer);
  const setInsurance = useSetInsurance(packageId, customer);
  const [claiming, setClaiming] = useState(false);
  if (cover.isPending) return null;
  if (cover.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(cover.error, 'Could not load the insurance and storage of this package')}{' '}
        <button type="button" className="underline" onClick={() => cover.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const c = cover.data;
  const mayAct = customer || canEdit;
  const hasLiveClaim = c.claims.some((cl) => cl.status !== 'declined');
  // Offered only for what the API would accept: damage once the parcel has arrived in Jamaica.
  const reasons = claimReasonsOpen({ status: c.packageStatus, heldFrom: c.heldFrom, insured: c.insured, hasLiveClaim });
  return (
    <section aria-label="Insurance and storage" className="space-y-3 rounded-md border border-slate-200 p-3 text-sm">
      {c.storage && (
        <p role="status" className={c.storage.started ? 'text-amber-800' : 'text-slate-700'}>
          Storage: {c.storage.text}
        </p>
      )}
      {c.insuranceOffered && (
        <div className="space-y-1">
          <Checkbox
            label={`Insure for its declared value${c.premiumCents !== null ? ` (premium ${formatMoney(c.premiumCents)})` : ''}`}
            checked={c.insured}
            disabled={!mayAct || !c.canChange || setInsurance.isPending}
            onChange={async (e) => {
              try {
                await setInsurance.mutateAsync(e.currentTarget.checked);
              } catch (error) {
                toast.error(errorMessage(error, 'The insurance could not be changed'));
              }
            }}
          />
          {c.insuranceRule && <p className="text-xs text-slate-500">Rate: {c.insuranceRule}</p>}
        </div>
      )}
      {c.claims.length > 0 && (
        <ul className="space-y-2">
          {c.claims.map((claim) => (
            <li key={claim.id} className="rounded border border-slate-100 p-2">
              <p className="font-medium">
                Claim {claim.claimNo}: {CLAIM_REASON_LABELS[claim.reason]} · {CLAIM_STATUS_LABELS[claim.status]}
                {claim.approvedUsdCents !== null ? ` · ${formatMoney(claim.approvedUsdCents, 'USD')}` : ''}
              </p>
              {claim.payout && claim.payoutCents !== null && (
                <p className="text-slate-700">
                  Paid: {formatMoney(claim.payoutCents)} by {CLAIM_PAYOUT_LABELS[claim.payout].toLowerCase()}
                </p>
              )}
              <p className="text-slate-600">{claim.description}</p>
              {claim.decisionReason && <p className="text-slate-600">Reason: {claim.decisionReason}</p>}
              <ClaimPhotos claim={claim} mayAdd={mayAct} />
              {!customer && canEdit && claim.status === 'open' && <DecideClaim claim={claim} />}
            </li>
          ))}
        </ul>
      )}
      {mayAct &&
        reasons.length > 0 &&
        (claiming ? (
          <OpenClaim packageId={packageId} reasons={reasons} onDone={() => setClaiming(false)} />
        ) : (
          <div className="space-y-1">
            <Button size="sm" variant="secondary" onClick={() => setClaiming(true)}>
              {`Open a claim (${reasons.map((r) => CLAIM_REASON_LABELS[r].toLowerCase()).join(' or ')})`}
            </Button>
            {!reasons.includes('damaged') && <p className="text-xs text-slate-500">{INSURANCE_MESSAGES.notArrived}.</p>}
          </div>
        ))}
    </section>
  );
}

/** The customer's "insure every package": new packages are insured for their declared value unless set otherwise. */
export function InsureByDefaultToggle() {
  const current = useInsureByDefault();
  const save = useSetInsureByDefault();
  // Nothing to choose where the courier offers no insurance.
  if (current.isPending || current.isError || !current.data.offered) return null;
  return (
    <Checkbox
      label="Insure every package for its declared value"
      checked={current.data.insureByDefault}
      disabled={save.isPending}
      onChange={async (e) => {
        try {
          await save.mutateAsync(e.currentTarget.checked);
          await current.refetch();
        } catch (error) {
          toast.error(errorMessage(error, 'The setting could not be saved'));
        }
      }}
    />
  );
}
