import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { RouteError } from './route-error';
import { adminRoutes, courierAdminAliasRoutes } from './routes/admin/routes';
import { authRoutes } from './routes/auth/routes';
import { customerRoutes } from './routes/customer/routes';
import { invitationRoutes } from './routes/invitation/routes';
import { publicRoutes } from './routes/public/routes';
import { staffRoutes } from './routes/staff/routes';
import { superadminRoutes } from './routes/superadmin/routes';

/**
 * All routes. Each area exports its own route objects with lazy pages, so a visitor of the public
 * site never downloads the portals' code. Unknown paths go to /.
 */
export const routes: RouteObject[] = [
  {
    // The first page's lazy code is loading: one spinner (and no React Router warning about a
    // missing HydrateFallback on every first load).
    HydrateFallback: FullScreenSpinner,
    // A screen that fails to load or crashes shows our error page, not the router's developer page.
    ErrorBoundary: RouteError,
    children: [
      ...publicRoutes,
      ...authRoutes,
      ...invitationRoutes,
      ...customerRoutes,
      ...superadminRoutes,
      ...adminRoutes,
      ...courierAdminAliasRoutes,
      ...staffRoutes,
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
