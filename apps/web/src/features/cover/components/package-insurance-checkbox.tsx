import { toast } from 'sonner';
import { formatMoney } from '@courier/shared/format/money';
import { Checkbox } from '@/components/ui/checkbox';
import { errorMessage } from '@/lib/api-client';
import { usePackageCover, useSetInsurance } from '../api/cover';

/**
 * Insure one package for its declared value, right where the package is listed: a customer never
 * has to open its timeline to find it. Shows nothing while loading and a dash where not offered.
 */
export function PackageInsuranceCheckbox({ packageId, packageNumber }: { packageId: number; packageNumber: string }) {
  const cover = usePackageCover(packageId, true);
  const setInsurance = useSetInsurance(packageId, true);
  if (cover.isPending) return null;
  if (cover.isError || !cover.data.insuranceOffered) return <span aria-hidden>-</span>;
  const c = cover.data;
  return (
    <Checkbox
      label={c.premiumCents !== null ? `Insured (${formatMoney(c.premiumCents)})` : 'Insured'}
      aria-label={`Insure ${packageNumber} for its declared value`}
      checked={c.insured}
      disabled={!c.canChange || setInsurance.isPending}
      onChange={async (e) => {
        try {
          await setInsurance.mutateAsync(e.currentTarget.checked);
        } catch (error) {
          toast.error(errorMessage(error, 'The insurance could not be changed'));
        }
      }}
    />
  );
}
