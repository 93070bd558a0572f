import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type AnnouncementInput, NOTIFICATION_MESSAGES, announcementSchema } from '@courier/shared/schemas/notifications';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useAnnouncements, useSendAnnouncement } from '@/features/communications/api/communications';
import { useCourierOptions } from '@/hooks/use-options';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';

/** The super admin's Notifications page: announcements to every courier or to chosen ones, and those sent so far. */
export default function AnnouncementsPage() {
  const dates = useDateFormat();
  const list = useAnnouncements();
  const send = useSendAnnouncement();
  const form = useForm<AnnouncementInput, unknown, AnnouncementInput>({
    resolver: zodResolver(announcementSchema) as never,
    defaultValues: { title: '', body: '', target: 'all', courierIds: [] },
  });
  const target = form.watch('target');
  const couriers = useCourierOptions(target === 'chosen');
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await send.mutateAsync(input);
      toast.success(NOTIFICATION_MESSAGES.sent);
      form.reset();
    } catch (e) {
      toast.error(errorMessage(e, 'Could not send the announcement'));
    }
  });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Notifications</h1>
      <form onSubmit={onSubmit} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" noValidate>
        <Field label="Title" error={errors.title?.message}>
          <Input {...form.register('title')} />
        </Field>
        <Field label="Message" error={errors.body?.message}>
          <Textarea rows={4} {...form.register('body')} />
        </Field>
        <Field label="Send to">
          <Select {...form.register('target')}>
            <option value="all">All couriers</option>
            <option value="chosen">Chosen couriers</option>
          </Select>
        </Field>
        {target === 'chosen' && (
          <Controller
            control={form.control}
            name="courierIds"
            render={({ field }) => {
              const chosen = field.value ?? [];
              return (
                <fieldset className="space-y-2" aria-describedby={errors.courierIds ? 'courier-ids-error' : undefined}>
                  <legend className="text-sm font-medium text-slate-700">Couriers</legend>
                  {couriers.isLoading ? (
                    <Spinner />
                  ) : couriers.isError ? (
                    <p className="text-sm text-red-700" role="alert">
                      {errorMessage(couriers.error, 'Could not load the couriers')}
                    </p>
                  ) : (couriers.data?.length ?? 0) === 0 ? (
                    <p className="text-sm text-slate-500">No couriers yet</p>
                  ) : (
                    <div className="grid max-h-64 gap-2 overflow-y-auto rounded-md border border-slate-200 p-3 sm:grid-cols-2">
                      {couriers.data?.map((c) => (
                        <Checkbox
                          key={c.id}
                          label={`${c.name} (${c.code})`}
                          checked={chosen.includes(c.id)}
                          onChange={(e) => field.onChange(e.target.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id))}
                        />
                      ))}
                    </div>
                  )}
                  {errors.courierIds?.message && (
                    <p id="courier-ids-error" className="text-sm text-red-600" role="alert">
                      {errors.courierIds.message}
                    </p>
                  )}
                </fieldset>
              );
            }}
          />
        )}
        <div className="flex justify-end">
          <Button type="submit" busy={send.isPending}>
            Send announcement
          </Button>
        </div>
      </form>
      {list.isLoading ? (
        <Spinner />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {(list.data?.data.length ?? 0) === 0 && <li className="p-4 text-sm text-slate-500">No announcements yet</li>}
          {list.data?.data.map((a) => (
            <li key={a.id} className="px-4 py-3 text-sm">
              <p className="font-medium text-slate-900">{a.title}</p>
              <p className="text-slate-700">{a.body}</p>
              <p className="text-xs text-slate-500">
                {a.courier ? a.courier.name : 'All couriers'} · {dates.dateTime(a.createdAt, a.timeZone)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
