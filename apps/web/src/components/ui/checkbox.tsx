import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Checkbox({ className, label, ...props }: Omit<ComponentProps<'input'>, 'type'> & { label: string }) {
  return (
    <label className={cn('inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700', className)}>
      <input type="checkbox" className="h-4 w-4 rounded border-slate-300 accent-brand-700" {...props} />
      {label}
    </label>
  );
}
