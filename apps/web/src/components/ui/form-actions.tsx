import { Button } from './button';
import { cn } from '@/lib/cn';

/** A dialog form's last row: Cancel, and its submit button, busy while the form is sent. */
export function FormActions({
  onCancel,
  busy,
  submitLabel,
  className,
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
  className?: string;
}) {
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
