import type { ComponentProps } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { TRANSFER_MESSAGES, createTransferFormSchema } from '@courier/shared/schemas/transfers';
import { type CreateDialogProps, Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useBranchOptions } from '@/hooks/use-options';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useCreateTransfer } from '../api/transfers';

/** A branch to choose among the active ones (none chosen at first). */
function BranchOptions({ branches, ...props }: { branches: Array<{ id: number; name: string }> } & ComponentProps<typeof Select>) {
  return (
    <Select {...props}>
      <option value="">Choose a branch</option>
      {branches.map((b) => (
        <option key={b.id} value={b.id}>
          {b.name}
        </option>
      ))}
    </Select>
  );
}

/** A new transfer between two branches; it leaves from the person's own branch unless they choose another. */
export function CreateTransferDialog({ open, onClose, onCreated }: CreateDialogProps) {
  const { user } = useSession();
  const branches = useBranchOptions(undefined, open);
  const form = useForm<z.input<typeof createTransferFormSchema>, unknown, z.output<typeof createTransferFormSchema>>({
    resolver: zodResolver(createTransferFormSchema),
    defaultValues: { fromBranchId: user?.branch?.id ? String(user.branch.id) : '', toBranchId: '', note: '' },
  });
  const { register, handleSubmit, formState, reset } = form;
  const create = useCreateTransfer();
  const active = (branches.data ?? []).filter((b) => b.active);
  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (detail) => {
        toast.success(`${TRANSFER_MESSAGES.created}: ${detail.transfer.transferNumber}`);
        reset();
        onCreated(detail.transfer.id);
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not create the transfer')),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="New transfer">
      {branches.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(branches.error, 'Could not load the branches')}
        </p>
      ) : null}
      {/* The selects wait for the branches, so the person's own branch is chosen once they are there. */}
      {branches.isLoading ? <Spinner /> : null}
      {branches.data ? (
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label="From branch" error={formState.errors.fromBranchId?.message}>
            <BranchOptions branches={active} {...register('fromBranchId')} />
          </Field>
          <Field label="To branch" error={formState.errors.toBranchId?.message}>
            <BranchOptions branches={active} {...register('toBranchId')} />
          </Field>
          <Field label="Note (optional)" error={formState.errors.note?.message} className="sm:col-span-2">
            <Input maxLength={500} {...register('note')} placeholder="Driver, van" />
          </Field>
          <FormActions onCancel={onClose} busy={create.isPending} submitLabel="Create" className="sm:col-span-2" />
        </form>
      ) : null}
    </Dialog>
  );
}
