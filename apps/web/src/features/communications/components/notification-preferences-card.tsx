import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  NOTICE_CHANNEL_LABELS,
  NOTICE_CHANNELS,
  NOTICE_CHANNELS_SAVED,
  type NoticeChannel,
  type NoticeChannels,
  type SaveNoticeChannels,
  saveNoticeChannelsSchema,
} from '@courier/shared/schemas/notice-channels';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useNoticeChannels, useSaveNoticeChannels } from '../api/messaging';

type Form = SaveNoticeChannels;

function ChannelTable({ data, form }: { data: NoticeChannels; form: ReturnType<typeof useForm<Form>> }) {
  return (
    <ul className="divide-y divide-slate-100">
      {data.kinds.map((kind) => (
        <li key={kind.event} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
          <span className="text-sm font-medium text-slate-900">{kind.label}</span>
          <Controller
            control={form.control}
            name={`chosen.${kind.event}`}
            render={({ field }) => {
              const value = (field.value ?? []) as NoticeChannel[];
              return (
                <span className="flex flex-wrap gap-x-4">
                  {NOTICE_CHANNELS.filter((c) => kind.channels.includes(c)).map((c) => (
                    <label key={c} className="flex min-h-11 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="h-5 w-5"
                        checked={value.includes(c)}
                        onChange={(e) => field.onChange(e.target.checked ? [...value, c] : value.filter((v) => v !== c))}
                        aria-label={`${kind.label} by ${NOTICE_CHANNEL_LABELS[c]}`}
                      />
                      {NOTICE_CHANNEL_LABELS[c]}
                    </label>
                  ))}
                </span>
              );
            }}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * How each kind of notice reaches the customer: e-mail and push for every kind, SMS and WhatsApp
 * once their number is confirmed and the courier sends them. Welcome, password and security
 * e-mails always go, and the in-app notifications stay whatever is chosen here.
 */
export function NotificationPreferencesCard() {
  const channels = useNoticeChannels();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notification preferences</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Choose how each kind of news reaches you. When many packages move together you get one message for all of them. Welcome, password
          and security e-mails are always sent.
        </p>
      </CardHeader>
      <CardContent>
        {channels.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : channels.isError ? (
          <div className="space-y-2">
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(channels.error, 'Your preferences could not be loaded.')}
            </p>
            <Button size="sm" variant="secondary" onClick={() => void channels.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <PreferencesForm data={channels.data} />
        )}
      </CardContent>
    </Card>
  );
}

/** The form starts from the saved choice (no render with every box empty), and follows it after a save. */
function PreferencesForm({ data }: { data: NoticeChannels }) {
  const save = useSaveNoticeChannels();
  const form = useForm<Form>({
    resolver: zodResolver(saveNoticeChannelsSchema),
    defaultValues: { chosen: data.chosen as Form['chosen'] },
  });
  useEffect(() => {
    form.reset({ chosen: data.chosen as Form['chosen'] });
  }, [data, form]);
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={form.handleSubmit((v) =>
        save.mutate(v.chosen, {
          onSuccess: () => toast.success(NOTICE_CHANNELS_SAVED),
          onError: (e) => toast.error(errorMessage(e, 'Your preferences could not be saved.')),
        }),
      )}
    >
      <ChannelTable data={data} form={form} />
      <Button type="submit" busy={save.isPending} disabled={!form.formState.isDirty}>
        Save preferences
      </Button>
    </form>
  );
}
