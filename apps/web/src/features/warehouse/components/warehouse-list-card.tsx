import { type ReactNode, useState } from 'react';
import { type DefaultValues, type Resolver, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useBranchOptions } from '@/hooks/use-options';
import { errorMessage } from '@/lib/api-client';

interface WarehouseListCardProps<T extends { id: number }> {
  title: string;
  /** The list query of the card's things. */
  items: { isLoading: boolean; error: unknown; data?: T[] };
  loadError: string;
  empty: string;
  /** The list's accessible name. */
  listLabel: string;
  /** A row's text, before its buttons. */
  row: (item: T) => ReactNode;
  /** A row's buttons before Remove. */
  actions: (item: T) => ReactNode;
  canEdit: boolean;
  /** Removing a row: asked first in a ConfirmDialog (`Remove shelf A-01?`). */
  remove: { mutate: (id: number, options: { onError: (error: unknown) => void; onSettled: () => void }) => void; isPending: boolean };
  removeQuestion: (item: T) => string;
  removeError: string;
  /** The add form, shown to those who may edit. */
  children: ReactNode;
}

/** A warehouse list per branch (shelves, label printers): its rows, their buttons, removal asked first, and the add form. */
export function WarehouseListCard<T extends { id: number }>(props: WarehouseListCardProps<T>) {
  const { items, remove } = props;
  const [removing, setRemoving] = useState<T | null>(null);
  const list = items.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{props.title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {items.isLoading ? (
          <Spinner />
        ) : items.error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(items.error, props.loadError)}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-600">{props.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label={props.listLabel}>
            {list.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-2 py-1.5">
                {props.row(item)}
                <span className="ml-auto flex gap-1">
                  {props.actions(item)}
                  {props.canEdit && (
                    <Button size="sm" variant="ghost" onClick={() => setRemoving(item)}>
                      Remove
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        {props.canEdit && props.children}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        message={removing ? props.removeQuestion(removing) : ''}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onError: (error) => toast.error(errorMessage(error, props.removeError)),
            onSettled: () => setRemoving(null),
          })
        }
      />
    </Card>
  );
}

/** The branch a new shelf or printer belongs to. */
export function BranchField({ courierId, error, field }: { courierId?: number; error?: string; field: UseFormRegisterReturn }) {
  const branches = useBranchOptions(courierId);
  return (
    <Field label="Branch" error={error}>
      <Select {...field}>
        <option value="">Choose…</option>
        {(branches.data ?? []).map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/**
 * The add form of a warehouse list: on success it says so and empties itself for the next one,
 * keeping the branch; a refusal is said in a toast.
 */
export function useAddToBranch<TInput extends { branchId: number }, TResult>({
  resolver,
  blank,
  create,
  added,
  failed,
}: {
  resolver: Resolver<TInput>;
  blank: DefaultValues<TInput>;
  create: { mutate: (input: TInput, options: { onSuccess: (result: TResult) => void; onError: (error: unknown) => void }) => void };
  added: (result: TResult) => string;
  failed: string;
}) {
  const form = useForm<TInput>({ resolver, defaultValues: blank });
  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (result) => {
        toast.success(added(result));
        form.reset({ ...blank, branchId: input.branchId } as DefaultValues<TInput>);
      },
      onError: (error) => toast.error(errorMessage(error, failed)),
    }),
  );
  return { form, submit };
}
