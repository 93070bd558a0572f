import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ImportReport, ManifestDetail } from '@courier/shared/schemas/manifests';
import { BulkProgress } from '@/components/ui/bulk-progress';
import { Button } from '@/components/ui/button';
import { downloadFile, openFile } from '@/lib/download';
import { useImportManifest } from '../api/manifests';
import { errorMessage } from '@/lib/api-client';

/** The manifest as CSV, Excel and PDF (the customs broker's columns). */
export function ManifestExports({ m }: { m: ManifestDetail }) {
  const download = (ext: 'csv' | 'xlsx') =>
    downloadFile(`/manifests/${m.id}/export.${ext}`, `${m.manifestNumber}.${ext}`).catch((e) =>
      toast.error(errorMessage(e, 'Could not export')),
    );
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => download('csv')}>
        Export CSV
      </Button>
      <Button size="sm" variant="secondary" onClick={() => download('xlsx')}>
        Export Excel
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => openFile(`/manifests/${m.id}/manifest.pdf`).catch((e) => toast.error(errorMessage(e, 'Could not open the PDF')))}
      >
        Print PDF
      </Button>
    </>
  );
}

/** The warehouse's own manifest (CSV or Excel) imported onto an open manifest; the report goes up. */
export function ManifestImports({ id, onReport }: { id: number; onReport: (report: ImportReport) => void }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const xlsxRef = useRef<HTMLInputElement>(null);
  // The file goes up (its share known), then the server adds its rows (a bar that moves).
  const [sent, setSent] = useState(0);
  const importCsv = useImportManifest(id, 'csv', setSent);
  const importXlsx = useImportManifest(id, 'xlsx', setSent);
  const busy = importCsv.isPending || importXlsx.isPending;
  const start = () => setSent(0);
  return (
    <>
      {busy &&
        (sent < 100 ? (
          <BulkProgress key="sending" label="Sending the manifest file" percent={sent} />
        ) : (
          <BulkProgress key="adding" label="Adding the file's packages to the manifest" />
        ))}
      <input
        ref={fileRef}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        aria-label="Warehouse manifest CSV"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          start();
          importCsv.mutate(file, {
            onSuccess: (r) => onReport(r as ImportReport),
            onError: (error) => toast.error(errorMessage(error, 'Could not import the CSV')),
          });
        }}
      />
      <Button size="sm" variant="secondary" busy={importCsv.isPending} onClick={() => fileRef.current?.click()}>
        Import CSV
      </Button>
      <input
        ref={xlsxRef}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="sr-only"
        aria-label="Warehouse manifest Excel workbook"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          start();
          importXlsx.mutate(file, {
            onSuccess: (r) => onReport(r as ImportReport),
            onError: (error) => toast.error(errorMessage(error, 'Could not import the Excel file')),
          });
        }}
      />
      <Button size="sm" variant="secondary" busy={importXlsx.isPending} onClick={() => xlsxRef.current?.click()}>
        Import Excel
      </Button>
    </>
  );
}

/** What an import accepted and refused, row by row. */
export function ImportReportPanel({ report }: { report: ImportReport }) {
  return (
    <div className="rounded-md border border-slate-200 p-3 text-sm" role="status">
      <p className="font-medium">
        Import: {report.accepted} accepted, {report.refused} refused
      </p>
      <ul className="mt-2 max-h-40 space-y-1 overflow-y-auto" aria-label="Rows of the import" tabIndex={0}>
        {report.rows.map((r) => (
          <li key={r.row} className={r.accepted ? 'text-green-800' : 'text-red-700'}>
            Row {r.row}: {r.trackingNumber || '(empty)'} {r.accepted ? `added as ${r.packageNumber}` : `refused: ${r.reason}`}
          </li>
        ))}
      </ul>
    </div>
  );
}
