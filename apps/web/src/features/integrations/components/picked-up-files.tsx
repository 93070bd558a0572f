import { toast } from 'sonner';
import type { PickupFileDto } from '@courier/shared/schemas/integrations';
import { PICKUP_MESSAGES } from '@courier/shared/schemas/integrations';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { useDateFormat } from '@/lib/format-date';

const count = (n: number) => n.toLocaleString('en-US');

/** What became of one file: rows imported and refused, or why it failed. */
export function pickupOutcome(f: PickupFileDto): string {
  if (f.error) return f.error;
  if (f.imported === null) return 'Importing';
  return `${count(f.imported)} of ${count(f.totalRows ?? 0)} rows imported${f.refused ? `, ${count(f.refused)} refused` : ''}`;
}

/** The files taken from the agent's folder, newest first, each with its outcome and report. */
export function PickedUpFiles({ files }: { files: PickupFileDto[] }) {
  const dates = useDateFormat();
  if (files.length === 0) return <p className="text-sm text-slate-600">No file has been picked up yet.</p>;
  const needFix = files.some((f) => f.needsFix);
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium text-slate-900">Files picked up</h3>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Files picked up">
        {files.map((f) => (
          <li key={f.name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <div className="min-w-0">
              <p className="break-all font-medium">{f.name}</p>
              <p className={f.needsFix ? 'text-red-700' : 'text-slate-600'}>
                {dates.dateTime(f.takenAt)} · {pickupOutcome(f)}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <Badge tone={f.needsFix ? 'red' : 'green'}>{f.needsFix ? 'Needs a fix' : 'Imported'}</Badge>
              {f.importId !== null && f.imported !== null && (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Report of ${f.name}`}
                  onClick={() =>
                    downloadFile(`/package-imports/${f.importId}/report.csv`, `${f.name.replace(/\.[^.]+$/, '')}-report.csv`).catch((e) =>
                      toast.error(errorMessage(e, 'Could not download the report')),
                    )
                  }
                >
                  {f.refused ? 'Error report' : 'Report'}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {needFix && <p className="text-xs text-slate-600">{PICKUP_MESSAGES.fixHint}</p>}
    </div>
  );
}
