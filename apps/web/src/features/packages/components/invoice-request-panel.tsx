import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import type { PackageDetail } from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';
import { packageKeys } from '../api/keys';

/** The customer's own package held for its merchant invoice: why, and the upload that releases it. */
export function InvoiceRequestPanel({ pkg }: { pkg: PackageDetail }) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const send = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('invoice', file);
      return uploadForm<PackageDetail>(`/customer/packages/${pkg.id}/invoice`, form);
    },
    onSuccess: () => {
      toast.success('Invoice uploaded: your package is released to ship');
      void qc.invalidateQueries({ queryKey: packageKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not upload the invoice')),
  });
  if (pkg.status !== 'on_hold' || pkg.hasInvoice) return null;
  return (
    <div role="alert" className="space-y-2 rounded-md border-2 border-red-600 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">On hold: {pkg.holdReason ?? 'see the timeline'}</p>
      <p>Upload the merchant invoice (PDF or a photo of it). The package ships as soon as it is here.</p>
      <input
        ref={input}
        type="file"
        accept="application/pdf,image/jpeg,image/png"
        className="sr-only"
        tabIndex={-1}
        aria-label="Invoice file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) send.mutate(file);
        }}
      />
      <Button size="sm" busy={send.isPending} onClick={() => input.current?.click()}>
        <FileUp className="size-4" aria-hidden="true" />
        Upload invoice
      </Button>
    </div>
  );
}
