import { Tabs as T } from 'radix-ui';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { cn } from '@/lib/cn';

interface TabsProps {
  tabs: Array<{ value: string; label: string; content: ReactNode }>;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  /** Extra classes for the tab bar, e.g. `md:flex-wrap` when many tabs must all stay in view. */
  listClassName?: string;
  /**
   * `side` for many tabs (settings): a menu down the left on a wide screen, a scrolling bar on a
   * tablet and a select on a phone, labelled with `selectLabel`.
   */
  layout?: 'bar' | 'side';
  selectLabel?: string;
}

const WIDE = '(min-width: 1024px)';

/** Whether the screen is at least the `lg` breakpoint (the side menu's arrow keys go up and down there). */
function useWide(): boolean {
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia?.(WIDE);
    if (!query) return;
    const update = () => setWide(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return wide;
}

/** Keyboard-navigable tabs (arrow keys move between them); the bar scrolls on a phone. */
export function Tabs({ tabs, value, defaultValue, onValueChange, className, listClassName, layout = 'bar', selectLabel }: TabsProps) {
  const side = layout === 'side';
  const wide = useWide();
  const selectId = useId();
  const [own, setOwn] = useState(defaultValue ?? tabs[0]?.value);
  const current = value ?? own;
  const change = (next: string) => {
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <T.Root
      value={current}
      onValueChange={change}
      orientation={side && wide ? 'vertical' : 'horizontal'}
      className={cn(side && 'lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:items-start lg:gap-8', className)}
    >
      {side && (
        <div className="sm:hidden">
          <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-700">
            {selectLabel ?? 'Section'}
          </label>
          <select
            id={selectId}
            value={current}
            onChange={(event) => change(event.target.value)}
            className="h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
          >
            {tabs.map((tab) => (
              <option key={tab.value} value={tab.value}>
                {tab.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <T.List
        className={cn(
          'flex gap-1 overflow-x-auto border-b border-slate-200',
          side && 'hidden sm:flex lg:sticky lg:top-20 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:border-b-0 lg:border-l',
          listClassName,
        )}
      >
        {tabs.map((tab) => (
          <T.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              'shrink-0 border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
              side &&
                'lg:-ml-px lg:border-b-0 lg:border-l-2 lg:py-2.5 lg:text-left lg:whitespace-normal lg:data-[state=active]:bg-brand-50',
            )}
          >
            {tab.label}
          </T.Trigger>
        ))}
      </T.List>
      {tabs.map((tab) => (
        <T.Content key={tab.value} value={tab.value} className={cn('pt-6 focus-visible:outline-none', side && 'lg:pt-0')}>
          {tab.content}
        </T.Content>
      ))}
    </T.Root>
  );
}
