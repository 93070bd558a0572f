import { Navigate } from 'react-router';
import { hasPermission } from '@courier/shared/domain/permissions';
import { staffLandingPath } from '@courier/shared/domain/redirects';
import { DashboardPage } from '@/app/routes/organisation/dashboard-page';
import { useSession } from '@/lib/session';

/**
 * /staff and /staff/dashboard: the dashboard for those whose role grants `dashboard_view`; anyone
 * else goes to their first permitted screen instead of a page that says they may not see it.
 */
export default function StaffHome() {
  const { user } = useSession();
  if (user && !hasPermission(user, 'dashboard_view')) return <Navigate to={staffLandingPath(user)} replace />;
  return <DashboardPage />;
}
