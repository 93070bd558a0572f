import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormActions } from '@/components/ui/form-actions';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { useLocalTable } from '@/hooks/use-local-table';
import { reportFailure } from './report';
import { TabError } from './tab-states';

/** What the add/edit dialog of a list tab receives: the row being edited, or null to add one. */
export interface EditDialogProps<T> {
  item: T | null;
  open: boolean;
  onClose: () => void;
}

interface EditableListTabProps<T extends { id: number }> {
  /** The row's name in messages, e.g. 'shipping rate', and its short form on buttons, e.g. 'rate'. */
  noun: { one: string; short: string };
  /** What the list is for, shown while it is empty. */
  purpose: string;
  query: { data: T[] | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  remove: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };
  columns: Array<DataTableColumn<T>>;
  /** Both must keep their identity between renders (module-level functions), for the table's memo. */
  search: (row: T) => string;
  value: (row: T, field: string) => unknown;
  /** How a row is named in its Edit/Delete buttons' accessible names. */
  rowName: (row: T) => string;
  deleteMessage: string;
  dialog: ComponentType<EditDialogProps<T>>;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A settings list kept whole in memory (shipping rates, processing fees): the table with Add,
 * Edit and Delete, the add/edit dialog, and the confirmation before a delete.
 */
export function EditableListTab<T extends { id: number }>({
  noun,
  purpose,
  query,
  remove,
  columns,
  search,
  value,
  rowName,
  deleteMessage,
  dialog: EditDialog,
}: EditableListTabProps<T>) {
  const [editing, setEditing] = useState<T | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const table = useLocalTable(query.data, { search, value });
  const plural = `${noun.one}s`;

  if (query.isError) return <TabError what={plural} error={query.error} onRetry={() => query.refetch()} />;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`${capitalise(noun.one)} deleted`);
    } catch (error) {
      reportFailure(`delete ${noun.one}`, error);
    } finally {
      setDeleting(null);
    }
  };

  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };

  return (
    <>
      <DataTable
        {...table}
        label={capitalise(plural)}
        columns={columns}
        loading={query.isPending}
        getRowId={(row) => row.id}
        searchPlaceholder={`Search ${noun.short}s...`}
        empty={{ description: purpose, action: { label: `Add the first ${noun.short}`, icon: Plus, onClick: openAdd } }}
        toolbar={
          <Button onClick={openAdd}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add {capitalise(noun.short)}
          </Button>
        }
        actions={(row) => (
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setEditing(row);
                setDialogOpen(true);
              }}
              aria-label={`Edit ${noun.short} for ${rowName(row)}`}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700"
              onClick={() => setDeleting(row)}
              aria-label={`Delete ${noun.short} for ${rowName(row)}`}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Delete
            </Button>
          </div>
        )}
      />
      <EditDialog key={editing?.id ?? 'new'} item={editing} open={dialogOpen} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete ${noun.one}`}
        message={deleteMessage}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}

/** The foot of an add/edit dialog's form: the save failure, if any, then Cancel and the submit button. */
export function DialogFormFooter({
  failure,
  onCancel,
  busy,
  submitLabel,
}: {
  failure: string | null;
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
}) {
  return (
    <>
      {failure && (
        <p role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      )}
      <FormActions onCancel={onCancel} busy={busy} submitLabel={submitLabel} />
    </>
  );
}
