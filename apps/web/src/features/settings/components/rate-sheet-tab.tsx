import { FileText } from 'lucide-react';
import { toast } from 'sonner';
import { RATE_SHEET_ACCEPT, SETTINGS_MESSAGES, rateSheetFileProblem } from '@courier/shared/schemas/settings';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useRateSheet, useUploadRateSheet } from '../api/email-and-files';
import { FileUpload } from './file-upload';
import { reportFailure } from './report';
import { CourierIdMissing, TabError, TabLoading } from './tab-states';

/** Rate Sheet: a link to the current file, and an upload (PDF, Excel or Word, at most 10MB). */
export function RateSheetTab({ courierId }: { courierId: number | null }) {
  const sheet = useRateSheet();
  const upload = useUploadRateSheet(courierId);
  if (courierId === null) return <CourierIdMissing />;
  if (sheet.isPending) return <TabLoading />;
  if (sheet.isError) return <TabError what="rate sheet" error={sheet.error} onRetry={() => sheet.refetch()} />;
  const url = sheet.data.rate_sheet_url;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Rate Sheet</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700">Current rate sheet</p>
          {url ? (
            <a href={url} className="inline-flex items-center gap-2 text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
              <FileText className="h-4 w-4" aria-hidden="true" />
              View current rate sheet ({url.split('.').pop()?.toUpperCase()})
            </a>
          ) : (
            <p className="text-sm text-slate-500">No rate sheet uploaded yet.</p>
          )}
        </div>
        <FileUpload
          label="Upload a new rate sheet"
          accept={RATE_SHEET_ACCEPT}
          hint="PDF, Excel (xlsx, xls) or Word (doc, docx), at most 10MB."
          validate={(file) => rateSheetFileProblem(file)}
          upload={async (file, onProgress) => {
            try {
              await upload.mutateAsync({ file, onProgress });
              toast.success(SETTINGS_MESSAGES.rateSheetSaved);
            } catch (error) {
              reportFailure('upload rate sheet', error, SETTINGS_MESSAGES.rateSheetFailed);
              throw error;
            }
          }}
        />
      </CardContent>
    </Card>
  );
}
