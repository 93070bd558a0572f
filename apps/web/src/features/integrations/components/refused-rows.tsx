import { useState } from 'react';
import { toast } from 'sonner';
import { IMPORT_OUTCOME_LABELS } from '@courier/shared/schemas/package-imports';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { usePackageImport, useResendRow } from '../api/package-imports';

/** One refused row: why, and its cells to fix, sent again on its own. */
function RefusedRow({
  importId,
  row,
  headers,
  cells,
  messages,
}: {
  importId: number;
  row: number;
  headers: string[];
  cells: string[];
  messages: string[];
}) {
  const [values, setValues] = useState(cells);
  const resend = useResendRow(importId);
  // Awaited, not callbacks of mutate: a row that passes leaves the list before they would run.
  const send = async () => {
    try {
      const result = await resend.mutateAsync({ row, cells: values });
      if (result.outcome === 'invalid') toast.error(`Row ${row} is still refused: ${result.messages.join('; ')}`);
      else
        toast.success(`Row ${row}: ${IMPORT_OUTCOME_LABELS[result.outcome]}${result.packageNumber ? ` as ${result.packageNumber}` : ''}`);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not send the row again'));
    }
  };
  return (
    <li className="space-y-2 py-3">
      <p className="text-sm font-medium text-slate-900">Row {row}</p>
      <ul className="list-inside list-disc text-sm text-red-700">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
      <div className="grid gap-2 sm:grid-cols-3">
        {headers.map((h, i) => (
          <div key={h}>
            <Label htmlFor={`row-${importId}-${row}-${i}`}>{h}</Label>
            <Input
              id={`row-${importId}-${row}-${i}`}
              aria-label={`Row ${row} ${h}`}
              value={values[i] ?? ''}
              maxLength={500}
              onChange={(e) => setValues((v) => v.map((c, j) => (j === i ? e.target.value : c)))}
            />
          </div>
        ))}
      </div>
      <Button size="sm" busy={resend.isPending} onClick={() => void send()}>
        Send row {row} again
      </Button>
    </li>
  );
}

/** The refused rows of a finished import, each fixed and sent again on its own. */
export function RefusedRows({ importId }: { importId: number }) {
  const detail = usePackageImport(importId);
  if (detail.isPending) return <Skeleton className="h-16 w-full" />;
  if (detail.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(detail.error, 'Could not load the rows')}
      </p>
    );
  const refused = detail.data.refused ?? [];
  const headers = detail.data.headers ?? [];
  if (refused.length === 0) return <p className="text-sm text-slate-600">Every row of this file is in.</p>;
  return (
    <ul aria-label="Refused rows" className="divide-y divide-slate-100">
      {refused.map((r) => (
        <RefusedRow
          key={r.row}
          importId={importId}
          row={r.row}
          headers={headers}
          cells={r.cells}
          messages={detail.data.rows.find((x) => x.row === r.row)?.messages ?? []}
        />
      ))}
    </ul>
  );
}
