import { useState } from 'react';
import { formatMoney } from '@courier/shared/format/money';
import { CLAIM_REASON_LABELS, CLAIM_STATUSES, CLAIM_STATUS_LABELS, type Claim, type ClaimStatus } from '@courier/shared/schemas/insurance';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useInsuranceClaims } from '../api/cover';
import { DecideClaim } from './package-cover-panel';

const TONE: Record<ClaimStatus, 'yellow' | 'green' | 'red'> = { open: 'yellow', approved: 'green', declined: 'red' };

function ClaimItem({ claim, opened, onToggle }: { claim: Claim; opened: boolean; onToggle: () => void }) {
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {claim.claimNo} · {claim.packageNumber}
          </p>
          <p className="text-sm text-slate-600">
            {claim.customerName} · {CLAIM_REASON_LABELS[claim.reason]} · insured for {formatMoney(claim.insuredValueUsdCents, 'USD')}
          </p>
          <p className="text-sm text-slate-600 break-words">{claim.description}</p>
          {claim.decisionReason && <p className="text-sm text-slate-600">Outcome: {claim.decisionReason}</p>}
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={TONE[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</Badge>
          {claim.status === 'open' && (
            <Button size="sm" variant="secondary" aria-expanded={opened} onClick={onToggle}>
              {opened ? 'Close' : 'Decide'}
            </Button>
          )}
        </div>
      </div>
      {opened && claim.status === 'open' && <DecideClaim claim={claim} />}
    </li>
  );
}

/** The courier's insurance claims, filtered by status; an open claim is approved or declined here. */
export function InsuranceClaimsList({ initialClaim }: { initialClaim?: string | null }) {
  const [status, setStatus] = useState<ClaimStatus | ''>('open');
  const [opened, setOpened] = useState<string | null>(initialClaim ?? null);
  const claims = useInsuranceClaims(status);
  return (
    <div className="space-y-4">
      <Field label="Status" className="max-w-xs">
        <Select value={status} onChange={(e) => setStatus(e.target.value as ClaimStatus | '')}>
          <option value="">All</option>
          {CLAIM_STATUSES.map((s) => (
            <option key={s} value={s}>
              {CLAIM_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </Field>
      {claims.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : claims.isError ? (
        <div className="space-y-2">
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(claims.error, 'The claims could not be loaded')}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void claims.refetch()}>
            Try again
          </Button>
        </div>
      ) : claims.data.data.length === 0 ? (
        <div className="space-y-2 text-sm text-slate-600">
          <p>No {status ? CLAIM_STATUS_LABELS[status].toLowerCase() : ''} claims.</p>
          {status && (
            <Button size="sm" variant="secondary" onClick={() => setStatus('')}>
              Show all claims
            </Button>
          )}
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {claims.data.data.map((claim) => (
            <ClaimItem
              key={claim.id}
              claim={claim}
              opened={opened === claim.claimNo}
              onToggle={() => setOpened(opened === claim.claimNo ? null : claim.claimNo)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
