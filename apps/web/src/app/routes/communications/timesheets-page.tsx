import { useState } from 'react';
import { toast } from 'sonner';
import { formatMinutes } from '@courier/shared/schemas/time-tracking';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { downloadTimesheetCsv, useTimesheet } from '@/features/time-tracking/api/time-tracking';
import { ClockWidget } from '@/features/time-tracking/components/clock-widget';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';

/** Admins' timesheets: per person and period, with totals and a CSV export. */
export default function TimesheetsPage() {
  const dates = useDateFormat();
  const time = (iso: string | null) => (iso ? dates.dateTime(iso) : 'Still in');
  const [from, setFrom] = useState(() => dates.today(-6));
  const [to, setTo] = useState(() => dates.today());
  const sheet = useTimesheet({ from, to });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Timesheets</h1>
        <p className="mt-1 text-sm text-slate-600">Shifts that started in the period (in the courier's time zone).</p>
      </div>
      <ClockWidget />
      <div className="flex flex-wrap items-end gap-3">
        <Field label="From">
          <Input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field label="To">
          <Input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <Button
          variant="secondary"
          onClick={() =>
            downloadTimesheetCsv({ from, to }).catch((e: unknown) => toast.error(errorMessage(e, 'Could not export the timesheet')))
          }
        >
          Export CSV
        </Button>
      </div>
      {sheet.isLoading ? (
        <Spinner />
      ) : sheet.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(sheet.error, 'Could not load the timesheet')}
        </p>
      ) : (sheet.data?.people.length ?? 0) === 0 ? (
        <EmptyState title="No shifts in this period" />
      ) : (
        <div className="space-y-4">
          <p className="text-sm font-medium text-slate-900">All staff: {formatMinutes(sheet.data?.totalMinutes ?? 0)}</p>
          {sheet.data?.people.map((p) => (
            <section key={p.userId} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <h2 className="flex justify-between px-4 py-3 text-sm font-semibold text-slate-900">
                <span>{p.name}</span>
                <span>{formatMinutes(p.totalMinutes)}</span>
              </h2>
              <table className="w-full text-left text-sm">
                <thead className="bg-slate-50 text-xs text-slate-600">
                  <tr>
                    <th className="px-4 py-2">Clock in</th>
                    <th className="px-4 py-2">Clock out</th>
                    <th className="px-4 py-2">Worked</th>
                  </tr>
                </thead>
                <tbody>
                  {p.entries.map((e) => (
                    <tr key={e.id} className="border-t border-slate-100">
                      <td className="px-4 py-2">{time(e.clockIn)}</td>
                      <td className="px-4 py-2">{time(e.clockOut)}</td>
                      <td className="px-4 py-2">{formatMinutes(e.minutes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
