import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { type ConsolidationDto, SERVICE_MESSAGES } from '@courier/shared/schemas/services';
import { PageError } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { openFile } from '@/lib/download';
import { printLabel, printLabels } from '@/lib/package-label';
import { useCompleteConsolidation, useConsolidations } from '../api/forwarding';
import { CancelConsolidationDialog } from './cancel-consolidation-dialog';
import { ConsolidationCard } from './consolidation-card';
import { StationForm } from '@/components/scan-station/station-form';

const measure = (required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .regex(/^\d+(\.\d{1,2})?$/, PACKAGE_MESSAGES.twoDecimals)
    .refine((v) => Number(v) > 0, PACKAGE_MESSAGES.weightPositive);
const repackSchema = z.object({
  weightLb: measure(PACKAGE_MESSAGES.weightRequired),
  lengthIn: measure('Please enter the length'),
  widthIn: measure('Please enter the width'),
  heightIn: measure('Please enter the height'),
});
type RepackValues = z.infer<typeof repackSchema>;

/** The repack: weigh and measure the new parcel; its label prints at once, as a receive's does. */
export function RepackDialog({ request, onClose }: { request: ConsolidationDto; onClose: () => void }) {
  const form = useForm<RepackValues>({
    resolver: zodResolver(repackSchema),
    defaultValues: { weightLb: '', lengthIn: '', widthIn: '', heightIn: '' },
  });
  const complete = useCompleteConsolidation();
  const [done, setDone] = useState<ConsolidationDto | null>(null);
  const submit = form.handleSubmit(async (v) => {
    try {
      const result = await complete.mutateAsync({
        id: request.id,
        weightLb: Number(v.weightLb),
        lengthIn: Number(v.lengthIn),
        widthIn: Number(v.widthIn),
        heightIn: Number(v.heightIn),
      });
      toast.success(SERVICE_MESSAGES.completed(result.newPackage?.packageNumber ?? ''));
      setDone(result);
      // The new box needs its label before it leaves the bench: the label printer, else the PDF.
      const parcel = result.newPackage;
      if (parcel) void printLabel(parcel, () => printLabels([parcel.id]));
    } catch (error) {
      toast.error(errorMessage(error, 'Could not record the repack'));
    }
  });
  const { errors } = form.formState;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Repack ${request.requestNo}`} className="max-w-lg">
      {done?.newPackage ? (
        <div className="space-y-4">
          <p className="text-slate-800" role="status">
            New parcel <strong data-testid="repacked-parcel">{done.newPackage.packageNumber}</strong> recorded; the {done.packages.length}{' '}
            old packages are closed as consolidated into it.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => {
                const parcel = done.newPackage;
                if (parcel) void printLabel(parcel, () => openFile(`/packages/${parcel.id}/label`));
              }}
            >
              Print label
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <StationForm onSubmit={submit} className="space-y-4" noValidate aria-label="Weigh and measure the new parcel">
          <p className="text-sm text-slate-600">
            Put {request.packages.map((p) => p.packageNumber).join(', ')} in one box, then weigh and measure it.
          </p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Field label="Weight (lb)" error={errors.weightLb?.message}>
              <Input inputMode="decimal" autoFocus {...form.register('weightLb')} />
            </Field>
            <Field label="Length (in)" error={errors.lengthIn?.message}>
              <Input inputMode="decimal" {...form.register('lengthIn')} />
            </Field>
            <Field label="Width (in)" error={errors.widthIn?.message}>
              <Input inputMode="decimal" {...form.register('widthIn')} />
            </Field>
            <Field label="Height (in)" error={errors.heightIn?.message}>
              <Input inputMode="decimal" {...form.register('heightIn')} />
            </Field>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" busy={complete.isPending}>
              Record new parcel
            </Button>
          </div>
        </StationForm>
      )}
    </Dialog>
  );
}

/**
 * The consolidation station: scan any package of a request to find it, or pick one from the open
 * requests; repack it into a new parcel, or cancel it for the customer.
 */
export function ConsolidationStation() {
  const [scan, setScan] = useState('');
  const [ref, setRef] = useState<string | undefined>();
  const open = useConsolidations('staff', { status: 'requested' });
  const found = useConsolidations('staff', { packageRef: ref }, ref !== undefined);
  const [repacking, setRepacking] = useState<ConsolidationDto | null>(null);
  const [cancelling, setCancelling] = useState<ConsolidationDto | null>(null);
  const onScan = (e: FormEvent) => {
    e.preventDefault();
    setRef(scan.trim() || undefined);
  };
  const actions = (r: ConsolidationDto) =>
    r.status === 'requested' ? (
      <>
        <Button onClick={() => setRepacking(r)}>Repack</Button>
        <Button variant="secondary" onClick={() => setCancelling(r)}>
          Cancel request
        </Button>
      </>
    ) : null;
  return (
    <div className="space-y-6">
      <StationForm onSubmit={onScan} role="search" aria-label="Find a consolidation by package" className="max-w-xl">
        <Label htmlFor="consolidation-scan">Scan a package of the request</Label>
        <div className="mt-1 flex gap-2">
          <Input
            id="consolidation-scan"
            value={scan}
            onChange={(e) => setScan(e.target.value)}
            placeholder="PKG-000123 or the carrier's number"
            autoComplete="off"
          />
          <Button type="submit">Find</Button>
        </div>
      </StationForm>
      {ref !== undefined && (
        <section aria-label="Scanned" className="space-y-3">
          {found.isPending ? (
            <Spinner />
          ) : found.isError ? (
            <PageError message={errorMessage(found.error, 'Could not look the package up')} />
          ) : found.data.data.length === 0 ? (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">No consolidation holds {ref}.</p>
          ) : (
            found.data.data.map((r) => <ConsolidationCard key={r.id} request={r} showCustomer actions={actions(r)} />)
          )}
        </section>
      )}
      <section aria-labelledby="open-consolidations" className="space-y-3">
        <h2 id="open-consolidations" className="text-lg font-semibold text-slate-900">
          Open requests
        </h2>
        {open.isPending ? (
          <Spinner />
        ) : open.isError ? (
          <PageError message={errorMessage(open.error, 'Could not load the requests')} />
        ) : open.data.data.length === 0 ? (
          <EmptyState title="No consolidation waiting">Requests customers make to repack their packages show here.</EmptyState>
        ) : (
          <div className="grid gap-3 lg:grid-cols-2">
            {open.data.data.map((r) => (
              <ConsolidationCard key={r.id} request={r} showCustomer actions={actions(r)} />
            ))}
          </div>
        )}
      </section>
      {repacking && <RepackDialog request={repacking} onClose={() => setRepacking(null)} />}
      <CancelConsolidationDialog request={cancelling} scope="staff" confirmLabel="Cancel request" onClose={() => setCancelling(null)} />
    </div>
  );
}
