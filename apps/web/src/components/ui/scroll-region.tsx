import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

interface ScrollRegionProps {
  /** What scrolls, e.g. the table's name; read out when the region takes the focus. */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * A box that scrolls sideways when its content is too wide (a table on a phone). While it
 * overflows it joins the tab order as a named region, so it can be scrolled with the arrow keys
 * (WCAG 2.1.1; axe `scrollable-region-focusable`); when everything fits it adds no tab stop.
 * `relative` makes it the containing block of absolutely placed content (a `sr-only` header
 * label): otherwise that content escapes the scrolling and widens the whole page on a phone.
 */
export function ScrollRegion({ label, className, children }: ScrollRegionProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);

  // Re-observed after every render: the content (rows, a new table) may have changed size.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  });

  return (
    <div
      ref={ref}
      className={cn('relative overflow-x-auto', className)}
      {...(overflowing ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}
