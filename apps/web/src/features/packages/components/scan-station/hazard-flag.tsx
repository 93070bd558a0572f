import { useState } from 'react';
import { toast } from 'sonner';
import {
  HAZARD_CATEGORIES,
  HAZARD_CATEGORY_LABELS,
  HAZARD_LEVEL_LABELS,
  HAZARD_OUTCOME_LABELS,
  type HazardCategory,
  type HazardLevel,
  type HazardOutcome,
} from '@courier/shared/constants/warehouse';
import type { PackageDto } from '@courier/shared/schemas/packages';
import { WAREHOUSE_MESSAGES } from '@courier/shared/schemas/warehouse';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useFlagHazard } from '../../api/warehouse';

/** The hazard a parcel carries, in words, for staff and the customer. */
export function hazardSummary(pkg: Pick<PackageDto, 'hazardLevel' | 'hazardCategory' | 'hazardOutcome'>): string | null {
  if (!pkg.hazardLevel) return null;
  const what = pkg.hazardCategory ? HAZARD_CATEGORY_LABELS[pkg.hazardCategory] : 'Dangerous goods';
  return `${HAZARD_LEVEL_LABELS[pkg.hazardLevel]}: ${what}${pkg.hazardOutcome ? ` · ${HAZARD_OUTCOME_LABELS[pkg.hazardOutcome]}` : ''}`;
}

/**
 * Flags a parcel hazardous or prohibited (what it is and what happens to it), or clears the flag.
 * The customer is told by e-mail and in their portal; the AIR manifest then refuses the parcel.
 */
export function HazardFlag({ pkg, onChanged }: { pkg: PackageDto; onChanged?: (pkg: PackageDto) => void }) {
  const flag = useFlagHazard();
  const [level, setLevel] = useState<HazardLevel>(pkg.hazardLevel ?? 'hazardous');
  const [category, setCategory] = useState<HazardCategory | ''>(pkg.hazardCategory ?? '');
  const [outcome, setOutcome] = useState<HazardOutcome | ''>(pkg.hazardOutcome ?? '');
  // The answer of the last flag shows at once, whoever holds the package above.
  const [current, setCurrent] = useState(pkg);
  const summary = hazardSummary(current);
  const submit = (clear: boolean) =>
    flag.mutate(
      clear ? { id: pkg.id, level: null } : { id: pkg.id, level, category: category || undefined, outcome: outcome || undefined },
      {
        onSuccess: (updated) => {
          toast.success(clear ? WAREHOUSE_MESSAGES.hazardCleared : WAREHOUSE_MESSAGES.hazardFlagged);
          setCurrent(updated);
          onChanged?.(updated);
        },
        onError: (e) => toast.error(errorMessage(e, 'Could not record the hazard')),
      },
    );
  return (
    <section aria-label="Hazard" className="rounded-md border border-slate-200 p-3">
      {summary && (
        <p role="status" className="mb-2 rounded bg-red-700 px-2 py-1 text-sm font-semibold text-white">
          {summary}
        </p>
      )}
      <form
        className="grid gap-2 sm:grid-cols-4 sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          submit(false);
        }}
      >
        <Field label="Hazard">
          <Select value={level} onChange={(e) => setLevel(e.target.value as HazardLevel)}>
            <option value="hazardous">{HAZARD_LEVEL_LABELS.hazardous}</option>
            <option value="prohibited">{HAZARD_LEVEL_LABELS.prohibited}</option>
          </Select>
        </Field>
        <Field label="What it is">
          <Select value={category} onChange={(e) => setCategory(e.target.value as HazardCategory | '')}>
            <option value="">Choose…</option>
            {HAZARD_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {HAZARD_CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="What happens">
          <Select value={outcome} onChange={(e) => setOutcome(e.target.value as HazardOutcome | '')}>
            <option value="">Decide later</option>
            {level === 'hazardous' && <option value="sea">{HAZARD_OUTCOME_LABELS.sea}</option>}
            <option value="return">{HAZARD_OUTCOME_LABELS.return}</option>
            <option value="dispose">{HAZARD_OUTCOME_LABELS.dispose}</option>
          </Select>
        </Field>
        <div className="flex gap-2 whitespace-nowrap">
          <Button type="submit" size="sm" variant="danger" busy={flag.isPending && flag.variables?.level !== null}>
            Flag parcel
          </Button>
          {current.hazardLevel && (
            <Button type="button" size="sm" variant="ghost" onClick={() => submit(true)}>
              Clear flag
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
