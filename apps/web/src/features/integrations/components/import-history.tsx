import { useState } from 'react';
import { toast } from 'sonner';
import type { PackageImportDto } from '@courier/shared/schemas/package-imports';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { useDateFormat } from '@/lib/format-date';
import { usePackageImports } from '../api/package-imports';
import { RefusedRows } from './refused-rows';

const STATUS: Record<PackageImportDto['status'], { label: string; tone: 'neutral' | 'blue' | 'green' | 'red' }> = {
  uploaded: { label: 'Not imported', tone: 'neutral' },
  importing: { label: 'Importing', tone: 'blue' },
  done: { label: 'Imported', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

/** The courier's latest files, each with its report. */
export function ImportHistory() {
  const list = usePackageImports();
  const dates = useDateFormat();
  const [fixing, setFixing] = useState<number | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Earlier files</CardTitle>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : list.isError ? (
          <div className="space-y-2 text-sm text-red-700">
            <p>{errorMessage(list.error, 'Could not load the imports')}</p>
            <Button size="sm" variant="secondary" onClick={() => list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.length === 0 ? (
          <EmptyState title="No file imported yet" framed={false}>
            Files you import, and those picked up from the agent's folder, are listed here with their reports.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.data.map((imp) => (
              <li key={imp.id} className="py-2 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-medium">{imp.fileName}</p>
                    <p className="text-xs text-slate-500">
                      {dates.dateTime(imp.createdAt)} ·{' '}
                      {imp.source === 'pickup' ? 'picked up from the agent' : (imp.createdByName ?? 'uploaded')} ·{' '}
                      {imp.totalRows.toLocaleString('en-US')} rows
                      {imp.counts
                        ? ` · ${imp.counts.received} received, ${imp.counts.unknown} unknown, ${imp.counts.invalid} not imported`
                        : ''}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge tone={STATUS[imp.status].tone}>{STATUS[imp.status].label}</Badge>
                    {imp.status === 'done' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Report of ${imp.fileName}`}
                        onClick={() =>
                          downloadFile(`/package-imports/${imp.id}/report.csv`, `${imp.fileName.replace(/\.[^.]+$/, '')}-report.csv`).catch(
                            (e) => toast.error(errorMessage(e, 'Could not download the report')),
                          )
                        }
                      >
                        Report
                      </Button>
                    )}
                    {imp.status === 'done' && (imp.counts?.invalid ?? 0) > 0 && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-expanded={fixing === imp.id}
                        onClick={() => setFixing(fixing === imp.id ? null : imp.id)}
                      >
                        {fixing === imp.id ? 'Close' : 'Fix refused rows'}
                      </Button>
                    )}
                  </div>
                </div>
                {fixing === imp.id && <RefusedRows importId={imp.id} />}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
