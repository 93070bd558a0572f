import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { HAZARD_CATEGORIES, HAZARD_CATEGORY_LABELS, HAZARD_LEVEL_LABELS, HAZARD_OUTCOME_LABELS } from '@courier/shared/constants/warehouse';
import type { PackageDto } from '@courier/shared/schemas/packages';
import { type HazardFlagForm, WAREHOUSE_MESSAGES, hazardFlagFormSchema } from '@courier/shared/schemas/warehouse';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useFlagHazard } from '../api/warehouse';
import { StationForm } from '@/components/scan-station/station-form';

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
  const { register, handleSubmit, watch } = useForm<HazardFlagForm>({
    resolver: zodResolver(hazardFlagFormSchema),
    defaultValues: { level: pkg.hazardLevel ?? 'hazardous', category: pkg.hazardCategory ?? '', outcome: pkg.hazardOutcome ?? '' },
  });
  const level = watch('level');
  // The answer of the last flag shows at once, whoever holds the package above.
  const [current, setCurrent] = useState(pkg);
  const summary = hazardSummary(current);
  const submit = (form: HazardFlagForm | null) =>
    flag.mutate(
      form === null
        ? { id: pkg.id, level: null }
        : { id: pkg.id, level: form.level, category: form.category || undefined, outcome: form.outcome || undefined },
      {
        onSuccess: (updated) => {
          toast.success(form === null ? WAREHOUSE_MESSAGES.hazardCleared : WAREHOUSE_MESSAGES.hazardFlagged);
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
      <StationForm className="grid gap-2 sm:grid-cols-4 sm:items-end" onSubmit={handleSubmit((form) => submit(form))}>
        <Field label="Hazard">
          <Select {...register('level')}>
            <option value="hazardous">{HAZARD_LEVEL_LABELS.hazardous}</option>
            <option value="prohibited">{HAZARD_LEVEL_LABELS.prohibited}</option>
          </Select>
        </Field>
        <Field label="What it is">
          <Select {...register('category')}>
            <option value="">Choose…</option>
            {HAZARD_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {HAZARD_CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="What happens">
          <Select {...register('outcome')}>
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
            <Button type="button" size="sm" variant="ghost" onClick={() => submit(null)}>
              Clear flag
            </Button>
          )}
        </div>
      </StationForm>
    </section>
  );
}
