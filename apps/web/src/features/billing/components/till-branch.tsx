import { useBranchOptions } from '@/hooks/use-options';
import { useState } from 'react';
import type { BranchOption } from '@courier/shared/schemas/branches';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';

import { useSession } from '@/lib/session';

const storageKey = (userId: number | undefined) => `till-branch:${userId ?? 'anonymous'}`;

function remembered(key: string): number | null {
  try {
    const value = Number(window.localStorage.getItem(key));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export interface Till {
  /** The person has no branch of their own: they choose the till. */
  choosing: boolean;
  /** The till the money goes to (their own branch, or the one chosen), null until chosen. */
  branchId: number | null;
  /** What to send: only the chosen branch (the API takes a person's own branch by itself). */
  requestBranchId: number | undefined;
  choose: (branchId: number | null) => void;
  options: BranchOption[];
  loading: boolean;
}

/**
 * Every payment lands in a till. Someone with a branch takes money into its till; someone without
 * one (a courier admin, a driver from head office) picks the branch, remembered on this device for
 * that person the next time.
 */
export function useTill(courierId?: number): Till {
  const { user } = useSession();
  const choosing = !user?.branch;
  const key = storageKey(user?.id);
  const options = useBranchOptions(courierId, choosing);
  const [picked, setPicked] = useState<number | null>(() => remembered(key));
  const active = (options.data ?? []).filter((b) => b.active || b.id === picked);
  // A remembered branch that is gone (or another courier's) is not offered.
  const chosen = picked !== null && active.some((b) => b.id === picked) ? picked : null;
  const choose = (branchId: number | null) => {
    setPicked(branchId);
    try {
      if (branchId === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, String(branchId));
    } catch {
      // Private mode: the choice still holds for this dialog.
    }
  };
  return {
    choosing,
    branchId: choosing ? chosen : (user?.branch?.id ?? null),
    requestBranchId: choosing ? (chosen ?? undefined) : undefined,
    choose,
    options: active,
    loading: options.isLoading,
  };
}

/** The branch picker, shown only to someone without a branch. */
export function TillField({ till, label = 'Branch (till)', error }: { till: Till; label?: string; error?: string }) {
  if (!till.choosing) return null;
  return (
    // Once a branch is chosen, "choose a branch" no longer applies.
    <Field label={label} error={till.branchId === null ? error : undefined} hint="The cash-up of this branch counts it">
      <Select value={till.branchId ?? ''} onChange={(e) => till.choose(e.target.value ? Number(e.target.value) : null)}>
        <option value="">{till.loading ? 'Loading branches…' : 'Choose a branch'}</option>
        {till.options.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
