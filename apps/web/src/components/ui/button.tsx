import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/hydration';
import { Spinner } from './spinner';

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60',
  secondary: 'bg-white text-slate-900 border border-slate-300 hover:bg-slate-50',
  accent: 'bg-highlight-400 text-slate-900 hover:bg-highlight-500',
  danger: 'bg-red-600 text-white hover:bg-red-700',
  ghost: 'text-slate-700 hover:bg-slate-100',
  link: 'text-brand-700 underline-offset-4 hover:underline px-0',
} as const;

const SIZES = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Shows a spinner and disables the button; the label stays so the busy text can be passed. */
  busy?: boolean;
  asChild?: boolean;
  /** Submits a form that works as plain HTML (a GET that the server answers): usable before hydration too. */
  worksWithoutScripts?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  busy,
  asChild,
  worksWithoutScripts,
  className,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  // On a pre-rendered page a click before React has hydrated would be lost (or submit the form to
  // the server): the button waits for it. Elsewhere `hydrated` is true from the first render.
  const hydrated = useHydrated();
  const classes = cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-70',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || busy || (!hydrated && !worksWithoutScripts)}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy && <Spinner className="h-4 w-4" label="" />}
      {children}
    </button>
  );
}
