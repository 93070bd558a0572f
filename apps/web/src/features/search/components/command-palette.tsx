import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { NavItem } from '@/components/layout/sidebar-nav';

const PaletteDialog = lazy(() => import('./palette-dialog'));

/**
 * The command palette of the signed-in portals: Ctrl+K or Cmd+K anywhere, or the header's
 * Search button, opens it; it jumps to any screen of the person's sidebar, or to a package, customer
 * or invoice by its number. The dialog itself (cmdk, Radix's dialog) loads at the first opening.
 */
export function CommandPalette({ nav }: { nav: NavItem[] }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing runs the dialog's own closing (focus back here).
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const show = (next: boolean) => {
    if (next) setWanted(true);
    setOpen(next);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setWanted(true);
        setOpen((o) => !o);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => show(true)}
        className="flex items-center gap-2 rounded-md border border-slate-200 px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:px-3"
      >
        <Search className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Search</span>
        <kbd className="hidden rounded border border-slate-200 bg-slate-50 px-1.5 text-xs text-slate-500 md:inline">Ctrl K</kbd>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <PaletteDialog nav={nav} open={open} onOpenChange={show} onClosed={() => trigger.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
