import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}

/** A dialog that creates a record: it closes, or hands the new record's id on. */
export interface CreateDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}

/**
 * A modal dialog: focus trapped, Escape and the close icon close it, and the focus goes back to
 * what had it before (the button that opened it). Radix only does that for its own Trigger, which
 * these controlled dialogs do not use, so the opener is remembered here.
 */
export function Dialog({ open, onOpenChange, title, description, children, className }: DialogProps) {
  const openerRef = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves the focus into the dialog (in its own effect).
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      openerRef.current = document.activeElement;
    }
  }, [open]);
  const returnFocus = (event: Event) => {
    const opener = openerRef.current;
    openerRef.current = null;
    // An opener that has gone (a menu item, a row that was deleted) leaves Radix's default.
    if (!opener?.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-scrim data-[state=open]:animate-scrim-in" />
        <D.Content
          onCloseAutoFocus={returnFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl data-[state=open]:animate-dialog-in',
            className,
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <D.Title className="text-lg font-semibold text-slate-900">{title}</D.Title>
              {description ? (
                <D.Description className="mt-1 text-sm text-slate-600">{description}</D.Description>
              ) : (
                <D.Description className="sr-only">{title}</D.Description>
              )}
            </div>
            <D.Close className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900" aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </D.Close>
          </div>
          {children}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
