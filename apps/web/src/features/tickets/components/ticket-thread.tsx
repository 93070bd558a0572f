import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCheck, Paperclip } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  TICKET_MESSAGES,
  TICKET_STATUSES,
  type TicketStatus,
  type TicketWithMessages,
  replyTicketSchema,
} from '@courier/shared/schemas/tickets';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api-client';
import { openFile } from '@/lib/download';
import { cn } from '@/lib/cn';
import { useReplyTicket, useSendTyping, useSetTicketStatus } from '../api/tickets';
import { useSeenUpTo, useTypingIn } from '../api/use-live';
import { AttachmentPicker } from './attachment-picker';
import { useDateFormat } from '@/lib/format-date';
import { StatusBadge } from '@/components/ui/status-badge';

/** One ticket: who wrote what, a reply box, and (for staff with tickets_edit) the status. */
export function TicketThread({ ticket, side, canEdit }: { ticket: TicketWithMessages; side: 'staff' | 'customer'; canEdit: boolean }) {
  const dates = useDateFormat();
  const reply = useReplyTicket(ticket.id);
  const setStatus = useSetTicketStatus(ticket.id);
  const form = useForm<{ message: string }>({ resolver: zodResolver(replyTicketSchema), defaultValues: { message: '' } });
  const typing = useTypingIn(ticket.id);
  const seenUpTo = useSeenUpTo(ticket.id, ticket.seenUpTo);
  const sendTyping = useSendTyping(ticket.id);
  const isMine = (m: TicketWithMessages['messages'][number]) => (side === 'staff') === (m.author.kind === 'staff');
  // "Seen" goes under the newest of my messages the other side has read.
  const seenMessageId = seenUpTo === null ? null : (ticket.messages.filter((m) => isMine(m) && m.id <= seenUpTo).at(-1)?.id ?? null);
  const messageField = form.register('message');
  // A message arriving live scrolls the thread to it (the list scrolls on its own from 640 px).
  const listRef = useRef<HTMLOListElement>(null);
  const count = ticket.messages.length;
  useEffect(() => {
    const list = listRef.current;
    if (list && count > 0) list.scrollTop = list.scrollHeight;
  }, [count]);

  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ message }) => {
    if (filesError) return;
    try {
      await reply.mutateAsync({ message, files });
      form.reset({ message: '' });
      setFiles([]);
      toast.success(TICKET_MESSAGES.replied);
    } catch (error) {
      // Ticket save errors are only logged; a refused file says why, as the API put it.
      console.error(error);
      if (error instanceof ApiError && (error.status === 413 || error.status === 415)) setFilesError(error.message);
    }
  });

  const onStatus = async (status: TicketStatus) => {
    try {
      await setStatus.mutateAsync(status);
      toast.success(TICKET_MESSAGES.statusChanged);
    } catch (error) {
      console.error(error);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="font-mono text-slate-900">{ticket.ticket_no}</span>
        <StatusBadge kind="ticket" status={ticket.status} />
        <span>{ticket.department}</span>
        {side === 'staff' && (
          <span>
            {ticket.customer.firstName} {ticket.customer.lastName} ({ticket.customer.mailboxNumber})
          </span>
        )}
      </div>
      {side === 'staff' && canEdit && (
        <Field label="Status" className="max-w-xs">
          <Select value={ticket.status} disabled={setStatus.isPending} onChange={(e) => void onStatus(e.target.value as TicketStatus)}>
            {TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <ol ref={listRef} className="space-y-3 sm:max-h-[50vh] sm:overflow-y-auto" aria-label="Messages">
        {ticket.messages.map((m) => {
          const mine = isMine(m);
          return (
            <li
              key={m.id}
              className={cn('rounded-lg border p-3', mine ? 'ml-6 border-brand-200 bg-brand-50' : 'mr-6 border-slate-200 bg-white')}
            >
              <p className="text-xs text-slate-600">
                <span className="font-medium text-slate-800">{m.author.name}</span>
                {m.author.kind === 'staff' ? ' · Support' : ' · Customer'} ·{' '}
                <time dateTime={m.createdAt}>{dates.dateTime(m.createdAt, ticket.timeZone)}</time>
              </p>
              <p className="mt-1 text-sm whitespace-pre-wrap text-slate-900">{m.message}</p>
              {m.attachments.length > 0 && (
                <ul className="mt-2 space-y-1">
                  {m.attachments.map((a) => (
                    <li key={a.url}>
                      <button
                        type="button"
                        onClick={() =>
                          void openFile(a.url).catch((error: unknown) => toast.error(errorMessage(error, `Could not open ${a.name}`)))
                        }
                        className="inline-flex max-w-full items-center gap-1 text-left text-sm break-all text-brand-700 underline hover:text-brand-900"
                      >
                        <Paperclip className="h-3 w-3 shrink-0" aria-hidden="true" />
                        {a.name}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {m.id === seenMessageId && (
                <p className="mt-1 flex items-center justify-end gap-1 text-xs text-slate-600">
                  <CheckCheck className="h-3.5 w-3.5" aria-hidden="true" /> Seen
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {/* Read out politely, as a chat does; empty while nobody is typing. */}
      <p className="min-h-5 text-sm text-slate-600 italic" aria-live="polite" data-testid="typing-mark">
        {typing ? `${typing} is typing…` : ''}
      </p>
      {(side === 'customer' || canEdit) && (
        <form onSubmit={onSubmit} className="space-y-2" noValidate>
          <Field label="Reply" error={form.formState.errors.message?.message}>
            <Textarea
              rows={3}
              {...messageField}
              onChange={(e) => {
                void messageField.onChange(e);
                if (e.target.value.trim() !== '') sendTyping();
              }}
            />
          </Field>
          <AttachmentPicker
            files={files}
            error={filesError}
            disabled={reply.isPending}
            onChange={(next, error) => {
              setFiles(next);
              setFilesError(error);
            }}
          />
          <div className="flex justify-end">
            <Button type="submit" busy={reply.isPending}>
              Send reply
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
