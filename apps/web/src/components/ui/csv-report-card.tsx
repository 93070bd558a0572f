import { FileDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/** A report card with its CSV download for the chosen dates (the one download helper, behind the token). */
export function CsvReportCard({
  title,
  csvPath,
  fileName,
  range,
  children,
}: {
  title: string;
  csvPath: string;
  fileName: string;
  range: { from: string; to: string };
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{title}</CardTitle>
        <Button
          size="sm"
          variant="secondary"
          busy={busy}
          aria-label={`Export ${title} as CSV`}
          onClick={async () => {
            setBusy(true);
            try {
              await downloadFile(csvPath, `${fileName}-${range.from}-to-${range.to}.csv`, { ...range });
            } catch (error) {
              toast.error(errorMessage(error, 'Could not export the CSV'));
            } finally {
              setBusy(false);
            }
          }}
        >
          <FileDown className="size-4" aria-hidden /> CSV
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}
