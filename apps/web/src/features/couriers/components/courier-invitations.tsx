import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  type CourierInvitation,
  INVITATION_MESSAGES,
  INVITATION_STATUS_LABELS,
  type InvitationStatus,
  courierInvitationInputSchema,
} from '@courier/shared/schemas/courier-invitations';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useInvitations, useInviteCourier, useRevokeInvitation } from '../api/invitations';
import { useDateFormat } from '@/lib/format-date';
import { PageError } from '@/components/layout/page-header';
import { softBreaks } from '@/lib/soft-breaks';

type InviteIn = z.input<typeof courierInvitationInputSchema>;
type InviteOut = z.output<typeof courierInvitationInputSchema>;

/** "Invite a courier": an e-mail address; the invitee gets a link valid 7 days to set the courier up. */
export function InviteCourierDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const invite = useInviteCourier();
  const form = useForm<InviteIn, unknown, InviteOut>({ resolver: zodResolver(courierInvitationInputSchema) });
  const { register, handleSubmit, reset, setError, formState } = form;
  useEffect(() => {
    if (open) reset({ email: '' });
  }, [open, reset]);
  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await invite.mutateAsync(email);
      toast.success(`${INVITATION_MESSAGES.invitationSent} to ${email}`);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors?.email?.[0]) setError('email', { message: error.fieldErrors.email[0] });
      else toast.error(errorMessage(error, 'Failed to send the invitation'));
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite a courier"
      description="We e-mail a link, valid 7 days and usable once, to set up the courier and its admin account."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <Field label="Invitee email" error={formState.errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={invite.isPending}>
            Send invitation
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const TONE: Record<InvitationStatus, BadgeTone> = { pending: 'blue', used: 'green', expired: 'neutral', revoked: 'red' };

/** The invitations sent, newest first: status, the courier an accepted one created, Revoke (asks first). */
export function CourierInvitationsCard() {
  const dates = useDateFormat();
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<CourierInvitation | null>(null);
  const rows = invitations.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invitations</CardTitle>
      </CardHeader>
      <CardContent>
        {invitations.isError && <PageError message={errorMessage(invitations.error, 'Failed to load the invitations')} />}
        {invitations.isSuccess && rows.length === 0 && <p className="text-sm text-slate-600">No invitation sent yet.</p>}
        {rows.length > 0 && (
          <ScrollRegion label="Invitations">
            <table className="w-full text-left text-sm" aria-label="Invitations">
              <thead className="border-b border-slate-200 text-xs text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Email
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Sent
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Expires
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Courier
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((i) => (
                  <tr key={i.id}>
                    <td className="py-2 pr-4 break-words text-slate-900">{softBreaks(i.email)}</td>
                    <td className="py-2 pr-4">
                      <Badge tone={TONE[i.status]}>{INVITATION_STATUS_LABELS[i.status]}</Badge>
                    </td>
                    <td className="py-2 pr-4 text-slate-700">{dates.date(i.createdAt)}</td>
                    <td className="py-2 pr-4 text-slate-700">{dates.date(i.expiresAt)}</td>
                    <td className="py-2 pr-4">
                      {i.courier ? (
                        <Link to={`/superadmin/couriers/${i.courier.id}`} className="font-medium text-brand-700 hover:underline">
                          {i.courier.name}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="py-2 text-right">
                      {i.status === 'pending' && (
                        <Button variant="ghost" size="sm" aria-label={`Revoke the invitation to ${i.email}`} onClick={() => setRevoking(i)}>
                          Revoke
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title="Revoke invitation"
        message={`Revoke the invitation to ${revoking?.email ?? ''}? Its link stops working at once.`}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync(revoking.id);
            toast.success(INVITATION_MESSAGES.invitationRevoked);
            setRevoking(null);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to revoke the invitation'));
          }
        }}
      />
    </Card>
  );
}
