import { RELEASE_MESSAGES } from '@courier/shared/domain/release';
import type { ReleaseOverrideInput } from '@courier/shared/schemas/release';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';

/**
 * The release rule's override, the same on every screen a package leaves from (counter, home
 * delivery, status change): shown only to someone holding `release_override`; a reason is required.
 */
export function ReleaseOverrideFields({
  value,
  onChange,
  error,
}: {
  value: ReleaseOverrideInput;
  onChange: (next: ReleaseOverrideInput) => void;
  error?: string;
}) {
  return (
    <div className="space-y-2">
      <Checkbox
        label={RELEASE_MESSAGES.overrideLabel}
        checked={value.allowUnpaid === true}
        onChange={(e) => onChange({ ...value, allowUnpaid: e.target.checked || undefined })}
      />
      {value.allowUnpaid && (
        <Field label={RELEASE_MESSAGES.reasonLabel} error={error} hint="Written to the audit log with your name">
          <Textarea
            rows={2}
            maxLength={300}
            value={value.overrideReason ?? ''}
            onChange={(e) => onChange({ ...value, overrideReason: e.target.value })}
          />
        </Field>
      )}
    </div>
  );
}

/** The override fields to send: nothing unless the override is asked for. */
export const overridePayload = (value: ReleaseOverrideInput): ReleaseOverrideInput =>
  value.allowUnpaid ? { allowUnpaid: true, overrideReason: value.overrideReason?.trim() ?? '' } : {};
