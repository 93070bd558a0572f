import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { type PackageDto, voidPackageSchema } from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useVoidPackage } from '../api/packages';

type FormIn = z.input<typeof voidPackageSchema>;
type FormOut = z.output<typeof voidPackageSchema>;

/** Voids a package received by mistake, with the reason; it is kept for the record, never deleted. */
export function PackageVoidDialog({
  pkg,
  open,
  onOpenChange,
  onVoided,
}: {
  pkg: PackageDto;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onVoided?: () => void;
}) {
  const voidIt = useVoidPackage();
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(voidPackageSchema) });
  useEffect(() => {
    if (open) form.reset({ reason: '' });
  }, [open, form]);
  const onSubmit = form.handleSubmit(({ reason }) =>
    voidIt.mutate(
      { id: pkg.id, reason },
      {
        onSuccess: () => {
          onOpenChange(false);
          onVoided?.();
        },
        onError: (error) => toast.error(errorMessage(error, 'Could not void the package')),
      },
    ),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Void ${pkg.packageNumber}`}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">
          A voided package leaves the lists and manifests, and an unpaid invoice no longer charges it. It is kept for the record with its
          timeline.
        </p>
        <Field label="Reason" error={form.formState.errors.reason?.message}>
          <Input maxLength={500} autoFocus {...form.register('reason')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={voidIt.isPending}>
            Void package
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
