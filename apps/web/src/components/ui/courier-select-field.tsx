import type { UseFormRegisterReturn } from 'react-hook-form';
import type { CourierOption } from '@courier/shared/schemas/platform';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';

/** The super admin's choice of courier when creating a record that belongs to one (branch, staff member). */
export function CourierSelectField({
  couriers,
  error,
  registration,
}: {
  couriers: CourierOption[] | undefined;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label="Courier" error={error}>
      <Select {...registration}>
        <option value="">Choose a courier</option>
        {(couriers ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
