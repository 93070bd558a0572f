import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { tokenStore } from '@/lib/storage';

/**
 * Shown across the courier admin's portal while a super admin impersonates: who they are acting
 * as, and a way out. Ending it revokes the impersonated session and drops this tab's token, which
 * brings back the super admin's own session (it was never touched); with none, the tab closes or
 * goes to the super admin's sign-in.
 */
export function ImpersonationBanner({ name }: { name: string }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const [ending, setEnding] = useState(false);
  const end = async () => {
    setEnding(true);
    await navigate(paths.home);
    await logout();
    if (tokenStore.get()) {
      await navigate(paths.superadmin.dashboard);
      return;
    }
    window.close();
    await navigate(paths.superadminLogin);
  };
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 border-b border-amber-200 bg-amber-50 px-6 py-2 text-sm text-amber-900"
      role="status"
    >
      <p>You are signed in as {name} by impersonation.</p>
      <Button size="sm" variant="secondary" busy={ending} onClick={() => void end()}>
        <LogOut className="h-4 w-4" aria-hidden="true" />
        End impersonation
      </Button>
    </div>
  );
}
