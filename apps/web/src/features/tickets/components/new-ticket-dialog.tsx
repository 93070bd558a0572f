import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type CreateTicketInput, TICKET_DEPARTMENTS, TICKET_MESSAGES, createTicketSchema } from '@courier/shared/schemas/tickets';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { useCreateTicket } from '../api/tickets';
import { AttachmentPicker } from './attachment-picker';

/** A customer opens a ticket: subject, department, message and up to three files. */
export function NewTicketDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onCreated: (id: number) => void;
}) {
  const create = useCreateTicket();
  const form = useForm<CreateTicketInput>({
    resolver: zodResolver(createTicketSchema),
    defaultValues: { subject: '', department: TICKET_DEPARTMENTS[0], message: '' },
  });
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    if (filesError) return;
    try {
      const ticket = await create.mutateAsync({ input, files });
      toast.success(TICKET_MESSAGES.created);
      form.reset();
      setFiles([]);
      onCreated(ticket.id);
    } catch (error) {
      console.error(error);
      // The API's word on a refused file (type by content, size, count) is worth showing.
      toast.error(error instanceof ApiError && (error.status === 413 || error.status === 415) ? error.message : 'Failed to create ticket');
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New support ticket" description="Tell us what you need; our team answers here.">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field label="Subject" error={errors.subject?.message}>
          <Input {...form.register('subject')} />
        </Field>
        <Field label="Department" error={errors.department?.message}>
          <Select {...form.register('department')}>
            {TICKET_DEPARTMENTS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Message" error={errors.message?.message}>
          <Textarea rows={5} {...form.register('message')} />
        </Field>
        <AttachmentPicker
          files={files}
          error={filesError}
          disabled={create.isPending}
          onChange={(next, error) => {
            setFiles(next);
            setFilesError(error);
          }}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Create ticket
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
