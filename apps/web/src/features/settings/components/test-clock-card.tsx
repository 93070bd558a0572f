import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { formatCalendarDay } from '@courier/shared/domain/datetime';
import { TEST_CLOCK_MESSAGES, type TestClockAdvance, testClockAdvanceSchema } from '@courier/shared/schemas/test-clock';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { TestBadge } from '@/components/ui/test-badge';
import { errorMessage } from '@/lib/api-client';
import { useAdvanceTestClock, useTestClock } from '../api/test-clock';

const TEST_CLOCK_NOTE = 'Test clock: this courier’s dates run ahead of real time';

/**
 * A courier in test mode moves its clock ahead by whole days, to see storage, free days, reminders
 * and fees fall due without waiting. A live courier's clock is real time: the card is not shown.
 */
export function TestClockCard({ canEdit = true }: { canEdit?: boolean }) {
  const clock = useTestClock();
  const advance = useAdvanceTestClock();
  const form = useForm<TestClockAdvance>({ resolver: zodResolver(testClockAdvanceSchema), defaultValues: { days: 1 } });
  if (!clock.data?.testMode) return null;
  const { daysAhead, today } = clock.data;
  const submit = form.handleSubmit(async ({ days }) => {
    try {
      await advance.mutateAsync(days);
      toast.success(TEST_CLOCK_MESSAGES.advanced(days));
    } catch (error) {
      toast.error(errorMessage(error, 'The test clock could not be moved'));
    }
  });
  return (
    <Card className="mt-6" data-testid="test-clock">
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Test clock</CardTitle>
        <TestBadge title={TEST_CLOCK_NOTE} />
      </CardHeader>
      <CardContent className="space-y-4">
        <p data-testid="test-clock-today" className="text-sm text-slate-700">
          TEST: your clock says <strong>{formatCalendarDay(today)}</strong>
          {daysAhead > 0 ? `, ${daysAhead} ${daysAhead === 1 ? 'day' : 'days'} ahead of real time` : ', real time'}.
        </p>
        <p className="text-sm text-slate-600">
          While you are in test mode, storage, free days, storage reminders and the uncollected fee follow this clock, so you can see them
          fall due. It only moves forward; it goes back to real time when test mode ends.
        </p>
        {canEdit && (
          <form onSubmit={submit} noValidate aria-label="Move the test clock" className="flex flex-wrap items-end gap-3">
            <Field label="Days to move ahead" error={form.formState.errors.days?.message}>
              <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('days', { valueAsNumber: true })} />
            </Field>
            <Button type="submit" busy={advance.isPending}>
              Move the clock ahead
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
