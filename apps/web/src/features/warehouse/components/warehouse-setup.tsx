import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  type CreateLabelPrinterInput,
  type CreateShelfInput,
  type LabelPrinter,
  type Shelf,
  createLabelPrinterSchema,
  createShelfSchema,
} from '@courier/shared/schemas/warehouse';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
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
} from '../api/warehouse';
import { BranchField, WarehouseListCard, useAddToBranch } from './warehouse-list-card';
import { StationForm } from '@/components/scan-station/station-form';

/** The courier's shelves (codes, hold shelves, labels and lists to print), per branch. */
export function ShelvesCard({ courierId, canEdit }: { courierId?: number; canEdit: boolean }) {
  const create = useCreateShelf();
  const { form, submit } = useAddToBranch<CreateShelfInput, Shelf>({
    resolver: zodResolver(createShelfSchema),
    blank: { code: '', isHold: false },
    create,
    added: (s) => `Shelf ${s.code} added`,
    failed: 'Could not add the shelf',
  });
  return (
    <WarehouseListCard
      title="Shelves"
      items={useShelves()}
      loadError="Could not load the shelves"
      empty="No shelves yet: add one below, print its label and stick it on the shelf."
      listLabel="Shelves"
      row={(s) => (
        <>
          <span className="font-mono font-semibold">{s.code}</span>
          {s.isHold && <span className="rounded bg-red-700 px-1.5 text-xs font-semibold text-white">HOLD</span>}
          <span className="text-slate-600">
            {s.branchName} · {s.parcelCount} parcel(s)
          </span>
        </>
      )}
      actions={(s) => (
        <>
          <Button size="sm" variant="ghost" onClick={() => openFile(`/shelves/${s.id}/label.pdf`)}>
            Label
          </Button>
          <Button size="sm" variant="ghost" onClick={() => openFile(`/shelves/${s.id}/list.pdf`)}>
            Print list
          </Button>
        </>
      )}
      canEdit={canEdit}
      remove={useDeleteShelf()}
      removeQuestion={(s) => `Remove shelf ${s.code}?`}
      removeError="Could not remove the shelf"
    >
      <StationForm aria-label="Add a shelf" className="grid gap-2 sm:grid-cols-4 sm:items-end" onSubmit={submit}>
        <BranchField
          courierId={courierId}
          error={form.formState.errors.branchId?.message}
          field={form.register('branchId', { valueAsNumber: true })}
        />
        <Field label="Shelf code" error={form.formState.errors.code?.message}>
          <Input {...form.register('code')} placeholder="A-01-3" autoComplete="off" />
        </Field>
        <Checkbox label="Hold shelf" {...form.register('isHold')} />
        <Button type="submit" size="sm" busy={create.isPending}>
          Add shelf
        </Button>
      </StationForm>
    </WarehouseListCard>
  );
}

/** Network label printers per branch (ZPL over TCP 9100), each with a test print. */
export function LabelPrintersCard({ courierId, canEdit }: { courierId?: number; canEdit: boolean }) {
  const create = useCreatePrinter();
  const { form, submit } = useAddToBranch<CreateLabelPrinterInput, LabelPrinter>({
    resolver: zodResolver(createLabelPrinterSchema),
    blank: { name: '', host: '', port: 9100 },
    create,
    added: (p) => `Printer ${p.name} added`,
    failed: 'Could not add the printer',
  });
  return (
    <WarehouseListCard
      title="Label printers"
      items={useLabelPrinters()}
      loadError="Could not load the printers"
      empty="No label printer yet: labels open as a PDF. Add a Zebra-type printer by its network address."
      listLabel="Label printers"
      row={(p) => (
        <>
          <span className="font-semibold">{p.name}</span>
          <span className="font-mono text-slate-600">
            {p.host}:{p.port}
          </span>
          <span className="text-slate-600">{p.branchName}</span>
        </>
      )}
      actions={(p) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            testPrint(p.id)
              .then((r) => (r.printed ? toast.success(r.message) : toast.error(r.message.replace(': the PDF label opens instead', ''))))
              .catch((e) => toast.error(errorMessage(e, 'Could not test the printer')))
          }
        >
          Test print
        </Button>
      )}
      canEdit={canEdit}
      remove={useDeletePrinter()}
      removeQuestion={(p) => `Remove printer ${p.name}?`}
      removeError="Could not remove the printer"
    >
      <StationForm aria-label="Add a label printer" className="grid gap-2 sm:grid-cols-5 sm:items-end" onSubmit={submit}>
        <BranchField
          courierId={courierId}
          error={form.formState.errors.branchId?.message}
          field={form.register('branchId', { valueAsNumber: true })}
        />
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
      </StationForm>
    </WarehouseListCard>
  );
}
