import { DropdownMenu as M } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A menu button's menu (WAI-ARIA menu button pattern): not modal. A modal Radix menu hides the
 * rest of the page with aria-hidden while it stays focusable (axe `aria-hidden-focus`); a menu
 * needs no trap anyway: the arrow keys move in it, Escape and Tab close it and the focus goes back
 * to its button.
 */
export function DropdownMenu(props: M.DropdownMenuProps) {
  return <M.Root modal={false} {...props} />;
}
export const DropdownMenuTrigger = M.Trigger;

export function DropdownMenuContent({
  children,
  className,
  align = 'end',
}: {
  children: ReactNode;
  className?: string;
  align?: 'start' | 'end' | 'center';
}) {
  // Beside its button, not portalled to the end of the body: it stays inside the button's landmark
  // (the header), where a screen reader's landmark list finds it (axe `region`).
  return (
    <M.Content
      align={align}
      sideOffset={6}
      // Clear of the window's edges on a phone, where a wide menu would touch them.
      collisionPadding={8}
      className={cn('z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg', className)}
    >
      {children}
    </M.Content>
  );
}

export function DropdownMenuItem({ className, ...props }: M.DropdownMenuItemProps) {
  return (
    <M.Item
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuSeparator() {
  return <M.Separator className="my-1 h-px bg-slate-200" />;
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return <M.Label className="px-3 py-2 text-xs font-medium text-slate-500">{children}</M.Label>;
}
