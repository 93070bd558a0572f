import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADMIN_NAV } from './admin-layout';
import { adminRoutes } from './routes';

/** The courier admin sees the floor (manifests, reconciliation, uncollected). */

/** The paths inside the layout, through its pathless routes (the screens' error boundary). */
function layoutPaths(): string[] {
  const layout = adminRoutes[0]?.children?.[0] as RouteObject | undefined;
  const paths = (routes: RouteObject[]): string[] => routes.flatMap((r) => (r.path ? [r.path] : paths(r.children ?? [])));
  return paths(layout?.children ?? []);
}

describe('the admin portal has the floor screens', () => {
  it('routes /admin/maniefest, /admin/manifests, /admin/reconciliation and /admin/uncollected inside the layout', () => {
    expect(layoutPaths()).toEqual(expect.arrayContaining(['maniefest', 'manifests', 'reconciliation', 'uncollected']));
  });

  it('lists them in the sidebar with the staff sidebar labels, and each sidebar link has a route', () => {
    const byLabel = Object.fromEntries(ADMIN_NAV.map((i) => [i.label, i.to]));
    expect(byLabel).toMatchObject({
      Maniefest: '/admin/maniefest',
      Reconciliation: '/admin/reconciliation',
      Uncollected: '/admin/uncollected',
    });
    const paths = layoutPaths();
    for (const item of ADMIN_NAV) {
      const path = item.to.replace('/admin/', '');
      if (path === 'sign-signature') continue;
      expect(paths, item.label).toContain(path);
    }
  });

  it('resolves the "manifest arrived" notification link to a route', async () => {
    // The API writes the link relative to the portal: reconciliation?manifest={id}.
    const link = 'reconciliation?manifest=7';
    expect(layoutPaths()).toContain(link.split('?')[0]);
  });
});
