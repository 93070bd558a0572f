import type { RouteObject } from 'react-router';
import { withSignedInRedirect } from './signed-in-redirect';

/** Sign-in, registration and password reset pages, each loaded on demand. */
export const authRoutes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: withSignedInRedirect((await import('./customer-login-page')).CustomerLoginPage) }) },
  {
    path: '/admin/login',
    lazy: async () => ({ Component: withSignedInRedirect((await import('./staff-side-login-page')).AdminLoginPage) }),
  },
  {
    path: '/staff/login',
    lazy: async () => ({ Component: withSignedInRedirect((await import('./staff-side-login-page')).StaffLoginPage) }),
  },
  {
    path: '/superadmin/login',
    lazy: async () => ({ Component: withSignedInRedirect((await import('./staff-side-login-page')).SuperAdminLoginPage) }),
  },
  { path: '/reset-password', lazy: async () => ({ Component: (await import('./reset-password-page')).ResetPasswordPage }) },
  { path: '/open-portal', lazy: async () => ({ Component: (await import('./open-portal-page')).OpenPortalPage }) },
  { path: '/register', lazy: async () => ({ Component: withSignedInRedirect((await import('./register-page')).RegisterPage) }) },
];
