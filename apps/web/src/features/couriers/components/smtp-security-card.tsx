import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { type CourierDetail, PLATFORM_MESSAGES } from '@courier/shared/schemas/platform';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useSetCourierSmtpSecurity } from '../api/couriers';

/**
 * The super admin's per-courier exception to "SMTP over verified TLS only": for an old server on a
 * private network. The courier's own admins cannot change it.
 */
export function SmtpSecurityCard({ courier }: { courier: CourierDetail }) {
  const setSecurity = useSetCourierSmtpSecurity();
  const [confirming, setConfirming] = useState(false);
  const insecure = courier.allowInsecureSmtp;
  const change = async () => {
    try {
      await setSecurity.mutateAsync({ id: courier.id, allowInsecureSmtp: !insecure });
      toast.success(insecure ? PLATFORM_MESSAGES.smtpTlsRequired : PLATFORM_MESSAGES.smtpInsecureAllowed);
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to change the e-mail security'));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail security</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="flex items-start gap-2 text-sm text-slate-700">
          {insecure ? (
            <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden="true" />
          ) : (
            <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
          )}
          {insecure
            ? 'This courier’s SMTP server may be used without TLS and without checking its certificate: its password and mail can be read on the network.'
            : 'This courier’s SMTP server must use TLS (SSL on port 465, STARTTLS otherwise) with a valid certificate.'}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => (insecure ? void change() : setConfirming(true))}
          disabled={setSecurity.isPending}
        >
          {insecure ? 'Require TLS' : 'Allow sending without TLS'}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Allow sending without TLS"
        message={`Let ${courier.name} send e-mail without TLS and without checking the server's certificate? Only do this for an SMTP server on a private network that cannot use TLS.`}
        confirmLabel="Allow without TLS"
        busy={setSecurity.isPending}
        onConfirm={change}
      />
    </Card>
  );
}
