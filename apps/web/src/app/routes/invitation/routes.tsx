import type { RouteObject } from 'react-router';

/** The courier invitation link: public, the invitee has no account yet. */
export const invitationRoutes: RouteObject[] = [
  {
    path: '/courier-invitation/:token',
    lazy: async () => ({ Component: (await import('./courier-invitation-page')).CourierInvitationPage }),
  },
];
