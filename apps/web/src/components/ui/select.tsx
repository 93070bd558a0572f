import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { inputClasses } from './input';

/** A native select: best on phones, keyboard and screen readers without extra code. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <select className={cn(inputClasses, 'h-10 pr-8', className)} {...props}>
      {children}
    </select>
  );
}
