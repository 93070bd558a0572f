import { useId } from 'react';
import { Select } from '@/components/ui/select';
import { useCourierOptions } from '@/hooks/use-options';

/** The super admin's courier filter on the lists that span couriers. */
export function CourierFilter({ value, onChange }: { value: number | undefined; onChange: (courierId: number | undefined) => void }) {
  const id = useId();
  const { data } = useCourierOptions();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-700">
        Courier
      </label>
      <Select id={id} className="w-48" value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}>
        <option value="">All couriers</option>
        {(data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.code})
          </option>
        ))}
      </Select>
    </div>
  );
}
