import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type CreateLabelPrinterInput,
  type CreateShelfInput,
  createLabelPrinterSchema,
  createShelfSchema,
} from '@courier/shared/schemas/warehouse';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useBranchOptions } from '@/hooks/use-options';
import { errorMessage } from '@/lib/api-client';
import { openFile } from '@/lib/download';
import {
  testPrint,
  useCreatePrinter,
  useCreateShelf,
  useDeletePrinter,
  useDeleteShelf,
  useLabelPrinters,
  useShelves,
} from '../../api/warehouse';

/** The courier's shelves (codes, hold shelves, labels and lists to print), per branch. */
export function ShelvesCard({ courierId, canEdit }: { courierId?: number; canEdit: boolean }) {
  const shelves = useShelves();
  const branches = useBranchOptions(courierId);
  const create = useCreateShelf();
  const remove = useDeleteShelf();
  const form = useForm<CreateShelfInput>({ resolver: zodResolver(createShelfSchema), defaultValues: { code: '', isHold: false } });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Shelves</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {shelves.isLoading ? (
          <Spinner />
        ) : shelves.error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(shelves.error, 'Could not load the shelves')}
          </p>
        ) : (shelves.data ?? []).length === 0 ? (
          <p className="text-sm text-slate-600">No shelves yet: add one below, print its label and stick it on the shelf.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Shelves">
            {(shelves.data ?? []).map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-2 py-1.5">
                <span className="font-mono font-semibold">{s.code}</span>
                {s.isHold && <span className="rounded bg-red-700 px-1.5 text-xs font-semibold text-white">HOLD</span>}
                <span className="text-slate-600">
                  {s.branchName} · {s.parcelCount} parcel(s)
                </span>
                <span className="ml-auto flex gap-1">
                  <Button size="sm" variant="ghost" onClick={() => openFile(`/shelves/${s.id}/label.pdf`)}>
                    Label
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => openFile(`/shelves/${s.id}/list.pdf`)}>
                    Print list
                  </Button>
                  {canEdit && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() =>
                        window.confirm(`Remove shelf ${s.code}?`) &&
                        remove.mutate(s.id, { onError: (e) => toast.error(errorMessage(e, 'Could not remove the shelf')) })
                      }
                    >
                      Remove
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        {canEdit && (
          <form
            aria-label="Add a shelf"
            className="grid gap-2 sm:grid-cols-4 sm:items-end"
            onSubmit={form.handleSubmit((v) =>
              create.mutate(v, {
                onSuccess: (s) => {
                  toast.success(`Shelf ${s.code} added`);
                  form.reset({ code: '', isHold: false, branchId: v.branchId });
                },
                onError: (e) => toast.error(errorMessage(e, 'Could not add the shelf')),
              }),
            )}
          >
            <Field label="Branch" error={form.formState.errors.branchId?.message}>
              <Select {...form.register('branchId', { valueAsNumber: true })}>
                <option value="">Choose…</option>
                {(branches.data ?? []).map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Shelf code" error={form.formState.errors.code?.message}>
              <Input {...form.register('code')} placeholder="A-01-3" autoComplete="off" />
            </Field>
            <Checkbox label="Hold shelf" {...form.register('isHold')} />
            <Button type="submit" size="sm" busy={create.isPending}>
              Add shelf
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** Network label printers per branch (ZPL over TCP 9100), each with a test print. */
export function LabelPrintersCard({ courierId, canEdit }: { courierId?: number; canEdit: boolean }) {
  const printers = useLabelPrinters();
  const branches = useBranchOptions(courierId);
  const create = useCreatePrinter();
  const remove = useDeletePrinter();
  const form = useForm<CreateLabelPrinterInput>({
    resolver: zodResolver(createLabelPrinterSchema),
    defaultValues: { name: '', host: '', port: 9100 },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Label printers</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {printers.isLoading ? (
          <Spinner />
        ) : printers.error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(printers.error, 'Could not load the printers')}
          </p>
        ) : (printers.data ?? []).length === 0 ? (
          <p className="text-sm text-slate-600">
            No label printer yet: labels open as a PDF. Add a Zebra-type printer by its network address.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Label printers">
            {(printers.data ?? []).map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-2 py-1.5">
                <span className="font-semibold">{p.name}</span>
                <span className="font-mono text-slate-600">
                  {p.host}:{p.port}
                </span>
                <span className="text-slate-600">{p.branchName}</span>
                <span className="ml-auto flex gap-1">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      testPrint(p.id)
                        .then((r) =>
                          r.printed ? toast.success(r.message) : toast.error(r.message.replace(': the PDF label opens instead', '')),
                        )
                        .catch((e) => toast.error(errorMessage(e, 'Could not test the printer')))
                    }
                  >
                    Test print
                  </Button>
                  {canEdit && (
                    <Button size="sm" variant="ghost" onClick={() => window.confirm(`Remove printer ${p.name}?`) && remove.mutate(p.id)}>
                      Remove
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        {canEdit && (
          <form
            aria-label="Add a label printer"
            className="grid gap-2 sm:grid-cols-5 sm:items-end"
            onSubmit={form.handleSubmit((v) =>
              create.mutate(v, {
                onSuccess: (p) => {
                  toast.success(`Printer ${p.name} added`);
                  form.reset({ name: '', host: '', port: 9100, branchId: v.branchId });
                },
                onError: (e) => toast.error(errorMessage(e, 'Could not add the printer')),
              }),
            )}
          >
            <Field label="Branch" error={form.formState.errors.branchId?.message}>
              <Select {...form.register('branchId', { valueAsNumber: true })}>
                <option value="">Choose…</option>
                {(branches.data ?? []).map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Name" error={form.formState.errors.name?.message}>
              <Input {...form.register('name')} autoComplete="off" />
            </Field>
            <Field label="Address" error={form.formState.errors.host?.message}>
              <Input {...form.register('host')} placeholder="192.168.1.50" autoComplete="off" />
            </Field>
            <Field label="Port" error={form.formState.errors.port?.message}>
              <Input inputMode="numeric" {...form.register('port', { valueAsNumber: true })} />
            </Field>
            <Button type="submit" size="sm" busy={create.isPending}>
              Add printer
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
