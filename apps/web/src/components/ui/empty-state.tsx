import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { Button } from './button';

/** The first thing to do on an empty list: a button, or a link when `to` is given. */
export interface EmptyAction {
  label: string;
  onClick?: () => void;
  /** Where the link leads; relative paths count URL segments ("../scan" from /admin/packages is /admin/scan). */
  to?: string;
  icon?: LucideIcon;
  variant?: 'primary' | 'secondary';
}

/**
 * An empty list or panel: what it is for, and the first action when there is one. The one empty
 * state of the app; DataTable shows it inside its box (`framed={false}`).
 */
export function EmptyState({
  title,
  children,
  action,
  icon: Icon = Inbox,
  framed = true,
}: {
  title: string;
  /** What the list is for, or why nothing shows. */
  children?: ReactNode;
  action?: EmptyAction;
  icon?: LucideIcon;
  /** A dashed box of its own (standalone), or bare (inside a table's box). */
  framed?: boolean;
}) {
  const ActionIcon = action?.icon;
  const actionBody = (
    <>
      {ActionIcon && <ActionIcon className="h-4 w-4" aria-hidden="true" />}
      {action?.label}
    </>
  );
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-2 px-6 py-10 text-center',
        framed && 'rounded-lg border border-dashed border-slate-300 py-12',
      )}
      data-testid="empty-state"
    >
      <span className="mb-1 flex h-12 w-12 items-center justify-center rounded-full bg-slate-100" aria-hidden="true">
        <Icon className="h-6 w-6 text-slate-400" />
      </span>
      <p className="text-sm font-medium text-slate-800">{title}</p>
      {children && <div className="max-w-md text-sm text-pretty text-slate-600">{children}</div>}
      {action && (
        <div className="mt-2">
          {action.to ? (
            <Button asChild variant={action.variant ?? 'primary'}>
              <Link to={action.to} relative="path">
                {actionBody}
              </Link>
            </Button>
          ) : (
            <Button variant={action.variant ?? 'primary'} onClick={action.onClick}>
              {actionBody}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
