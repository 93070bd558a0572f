import { Suspense, lazy, useEffect, useState } from 'react';
import { TOAST_WANTED_EVENT, toastWanted } from '@/lib/lazy-toast';
import { useWhenIdle } from '@/lib/when-idle';
import { authRoutes } from './routes/auth/routes';
import { publicRoutes } from './routes/public/routes';

const AppToaster = lazy(() => import('./app-toaster'));

/**
 * The marketing pages (the public layout's children) and the sign-in pages: there a toast follows the
 * visitor's action, or comes from lazyToast (lib/lazy-toast.ts), which asks for the Toaster first.
 */
const QUIET_PATHS = new Set([
  ...publicRoutes.flatMap((layout) => layout.children ?? []).map((route) => (route.index ? '/' : `/${route.path}`)),
  ...authRoutes.map((route) => route.path),
]);

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'click'] as const;

/**
 * Mounts the Toaster without putting sonner (~10 KB gzip) on the first paint's path: on a marketing
 * or sign-in page at the visitor's first interaction or at the first lazyToast (a sign-in page may
 * toast from an effect, e.g. when the courier of the link cannot be loaded), so nothing of it runs
 * while the page loads; on any other page once the page has settled (lib/when-idle.ts). A toast raised before the
 * Toaster subscribes is not lost: sonner replays the active toasts to a new subscriber.
 */
export function DeferredToaster() {
  const [asked, setWanted] = useState(toastWanted);
  const [quiet] = useState(() => typeof window === 'undefined' || QUIET_PATHS.has(window.location.pathname));
  const settled = useWhenIdle();
  const wanted = asked || (settled && !quiet);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    for (const type of INTERACTIONS) window.addEventListener(type, want, { capture: true, passive: true });
    window.addEventListener(TOAST_WANTED_EVENT, want);
    // A page's effects run before this one: a toast it raised at its first render was missed above.
    if (toastWanted()) want();
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, want, { capture: true });
      window.removeEventListener(TOAST_WANTED_EVENT, want);
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
