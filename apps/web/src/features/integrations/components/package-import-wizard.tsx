import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { IMPORT_FIELDS, IMPORT_FIELD_LABELS, type ImportMapping } from '@courier/shared/domain/package-import';
import {
  IMPORT_OUTCOME_LABELS,
  type ImportCounts,
  type ImportOutcome,
  type ImportPreviewDto,
  type ImportRowResult,
  type ImportUploadDto,
  importMappingFormSchema,
} from '@courier/shared/schemas/package-imports';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { usePackageImport, usePreviewImport, useRefreshWhenFinished, useStartImport, useUploadImport } from '../api/package-imports';

const TONES: Record<ImportOutcome, BadgeTone> = {
  received: 'green',
  unknown: 'yellow',
  already_received: 'neutral',
  duplicate_in_file: 'neutral',
  invalid: 'red',
};
/** Problem rows worst first: errors, then rows skipped, then those going to Unknown Packages. */
const ORDER: Record<ImportOutcome, number> = { invalid: 0, duplicate_in_file: 1, already_received: 2, unknown: 3, received: 4 };
/** Rows drawn at once: a 5,000-row file is checked in full, its problem rows shown first. */
const SHOWN = 300;

type FormIn = z.input<typeof importMappingFormSchema>;
type FormOut = z.output<typeof importMappingFormSchema>;

function CountsLine({ counts }: { counts: ImportCounts }) {
  const items: Array<[string, number, BadgeTone]> = [
    ['Received', counts.received, 'green'],
    ['To Unknown Packages', counts.unknown, 'yellow'],
    ['Pre-alerts matched', counts.preAlertsMatched, 'blue'],
    ['Already received', counts.alreadyReceived, 'neutral'],
    ['Duplicates in file', counts.duplicates, 'neutral'],
    ['Not imported (errors)', counts.invalid, 'red'],
  ];
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Summary">
      {items.map(([label, n, tone]) => (
        <li key={label}>
          <Badge tone={tone}>
            {label}: {n.toLocaleString('en-US')}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** The checked rows: problems first, at most SHOWN drawn. */
export function RowResults({ rows, caption }: { rows: ImportRowResult[]; caption: string }) {
  const [all, setAll] = useState(false);
  // A row kept with a warning (a field left empty) is one to look at too.
  const problems = rows
    .filter((r) => r.outcome !== 'received' || r.messages.length > 0)
    .sort((a, b) => ORDER[a.outcome] - ORDER[b.outcome] || a.row - b.row);
  const list = all ? rows : problems;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
          Show every row ({rows.length.toLocaleString('en-US')}), not only the {problems.length.toLocaleString('en-US')} to look at
        </label>
      </div>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">Every row is fine.</p>
      ) : (
        // A named tab stop: the rows scroll with the arrow keys too.
        <div className="max-h-[28rem] overflow-auto rounded-md border border-slate-200" tabIndex={0} role="region" aria-label={caption}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500">
              <tr>
                <th className="px-3 py-2">Row</th>
                <th className="px-3 py-2">Tracking number</th>
                <th className="px-3 py-2">Result</th>
                <th className="px-3 py-2">Customer</th>
                <th className="px-3 py-2">Package</th>
                <th className="px-3 py-2">Why</th>
              </tr>
            </thead>
            <tbody>
              {list.slice(0, SHOWN).map((r) => (
                <tr key={r.row} className="border-t border-slate-100 align-top">
                  <td className="px-3 py-2 tabular-nums">{r.row}</td>
                  <td className="px-3 py-2 font-mono text-xs">{r.trackingNumber ?? '—'}</td>
                  <td className="px-3 py-2">
                    <Badge tone={TONES[r.outcome]}>{IMPORT_OUTCOME_LABELS[r.outcome]}</Badge>
                    {r.preAlertMatched && <span className="ml-1 text-xs text-blue-700">pre-alert</span>}
                  </td>
                  <td className="px-3 py-2">{r.customer ?? '—'}</td>
                  <td className="px-3 py-2">{r.packageNumber ?? '—'}</td>
                  <td className="px-3 py-2 text-slate-700">{r.messages.join('; ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.length > SHOWN && (
            <p className="border-t border-slate-200 px-3 py-2 text-xs text-slate-500">
              The first {SHOWN} of {list.length.toLocaleString('en-US')} rows; the report CSV has them all.
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function MappingForm({
  upload,
  onPreview,
}: {
  upload: ImportUploadDto;
  onPreview: (preview: ImportPreviewDto, mapping: ImportMapping) => void;
}) {
  const preview = usePreviewImport();
  const defaults = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, upload.mapping[f] ?? ''])) as FormIn['mapping'];
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(importMappingFormSchema), defaultValues: { mapping: defaults } });
  const [problems, setProblems] = useState<string[]>([]);
  const submit = form.handleSubmit(({ mapping }) =>
    preview.mutate(
      { id: upload.id, mapping },
      {
        onSuccess: (result) => {
          setProblems(result.mappingProblems);
          if (result.mappingProblems.length === 0) onPreview(result, mapping);
        },
        onError: (e) => toast.error(errorMessage(e, 'Could not check the file')),
      },
    ),
  );
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Column mapping">
      <p className="text-sm text-slate-600">
        {upload.fileName}: {upload.totalRows.toLocaleString('en-US')} rows. Choose the column of the file for each field; your choice is
        remembered for the next file.
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {IMPORT_FIELDS.map((field) => (
          <Field
            key={field}
            label={IMPORT_FIELD_LABELS[field]}
            hint={field === 'trackingNumber' || field === 'weightLb' ? 'Required' : undefined}
          >
            <Select {...form.register(`mapping.${field}`)}>
              <option value="">Not in the file</option>
              {upload.headers.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </div>
      {problems.length > 0 && (
        <ul className="space-y-1 text-sm text-red-700" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {upload.sample.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700">The first rows of the file</summary>
          <div
            className="mt-2 overflow-auto rounded-md border border-slate-200"
            tabIndex={0}
            role="region"
            aria-label="The first rows of the file"
          >
            <table className="text-xs">
              <thead className="bg-slate-50">
                <tr>
                  {upload.headers.map((h) => (
                    <th key={h} className="px-2 py-1 text-left">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {upload.sample.map((cells, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity but their place
                  <tr key={i} className="border-t border-slate-100">
                    {upload.headers.map((h, j) => (
                      <td key={h} className="px-2 py-1">
                        {cells[j] ?? ''}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
      <Button type="submit" busy={preview.isPending}>
        Check every row
      </Button>
    </form>
  );
}

function Progress({ id, onDone }: { id: number; onDone: () => void }) {
  const imp = usePackageImport(id);
  const data = imp.data;
  useRefreshWhenFinished(data?.status);
  if (imp.isError) return <p className="text-sm text-red-700">{errorMessage(imp.error, 'Could not load the import')}</p>;
  if (!data) return <p className="text-sm text-slate-600">Starting…</p>;
  const percent = data.totalRows === 0 ? 100 : Math.round((data.processedRows / data.totalRows) * 100);
  if (data.status === 'importing') {
    return (
      <div className="space-y-2" aria-live="polite">
        <p className="text-sm text-slate-700">
          Importing… {data.processedRows.toLocaleString('en-US')} of {data.totalRows.toLocaleString('en-US')} rows
        </p>
        <div
          className="h-2 w-full overflow-hidden rounded bg-slate-200"
          role="progressbar"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {data.status === 'failed' ? (
        <p className="text-sm text-red-700" role="alert">
          {data.error}
        </p>
      ) : (
        <p className="text-sm font-medium text-green-800" role="status">
          Import finished: {data.fileName}
        </p>
      )}
      {data.counts && <CountsLine counts={data.counts} />}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            downloadFile(`/package-imports/${id}/report.csv`, `${data.fileName.replace(/\.[^.]+$/, '')}-report.csv`).catch((e) =>
              toast.error(errorMessage(e, 'Could not download the report')),
            )
          }
        >
          Download report (CSV)
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Import another file
        </Button>
      </div>
      <RowResults rows={data.rows} caption="What became of each row" />
    </div>
  );
}

/** Upload, map and check, import with progress, report: the admin's way to receive an agent's file. */
export function PackageImportWizard() {
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<ImportUploadDto | null>(null);
  const [checked, setChecked] = useState<{ preview: ImportPreviewDto; mapping: ImportMapping } | null>(null);
  const [running, setRunning] = useState<number | null>(null);
  const [percent, setPercent] = useState(0);
  const send = useUploadImport();
  const start = useStartImport();
  const reset = () => {
    setFile(null);
    setUpload(null);
    setChecked(null);
    setRunning(null);
  };
  const step = useMemo(() => (running ? 3 : checked ? 2 : upload ? 1 : 0), [running, checked, upload]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{['1. Choose the file', '2. Match the columns', '3. Check and import', '4. Report'][step]}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {step === 0 && (
          <form
            className="space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (!file) return toast.error('Choose the CSV or Excel file to import');
              send.mutate(
                { file, onProgress: setPercent },
                { onSuccess: setUpload, onError: (err) => toast.error(errorMessage(err, 'Could not read the file')) },
              );
            }}
          >
            <Field
              label="The warehouse agent’s file (CSV or Excel .xlsx)"
              hint="Tracking number, mailbox or consignee, weight; dimensions, pieces, merchant, description, value and date when the agent sends them."
            >
              <FilePicker
                file={file}
                onChange={setFile}
                accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              />
            </Field>
            <Button type="submit" busy={send.isPending} disabled={!file}>
              {send.isPending ? `Uploading ${percent}%` : 'Read the file'}
            </Button>
          </form>
        )}
        {step === 1 && upload && <MappingForm upload={upload} onPreview={(preview, mapping) => setChecked({ preview, mapping })} />}
        {step === 2 && upload && checked && (
          <div className="space-y-4">
            <CountsLine counts={checked.preview.counts} />
            <div className="flex flex-wrap gap-2">
              <Button
                busy={start.isPending}
                disabled={checked.preview.counts.received + checked.preview.counts.unknown === 0}
                onClick={() =>
                  start.mutate(
                    { id: upload.id, mapping: checked.mapping },
                    { onSuccess: (r) => setRunning(r.id), onError: (e) => toast.error(errorMessage(e, 'Could not start the import')) },
                  )
                }
              >
                Import {(checked.preview.counts.received + checked.preview.counts.unknown).toLocaleString('en-US')} packages
              </Button>
              <Button variant="secondary" onClick={() => setChecked(null)}>
                Change the columns
              </Button>
              <Button variant="secondary" onClick={reset}>
                Cancel
              </Button>
            </div>
            <RowResults rows={checked.preview.rows} caption="What the import will do with each row" />
          </div>
        )}
        {step === 3 && running && <Progress id={running} onDone={reset} />}
      </CardContent>
    </Card>
  );
}
