import { Tabs as T } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface TabsProps {
  tabs: Array<{ value: string; label: string; content: ReactNode }>;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  /** Extra classes for the tab bar, e.g. `md:flex-wrap` when many tabs must all stay in view. */
  listClassName?: string;
}

/** Keyboard-navigable tabs (arrow keys move between them); the bar scrolls on a phone. */
export function Tabs({ tabs, value, defaultValue, onValueChange, className, listClassName }: TabsProps) {
  return (
    <T.Root value={value} defaultValue={defaultValue ?? tabs[0]?.value} onValueChange={onValueChange} className={className}>
      <T.List className={cn('flex gap-1 overflow-x-auto border-b border-slate-200', listClassName)}>
        {tabs.map((tab) => (
          <T.Trigger
            key={tab.value}
            value={tab.value}
            className="shrink-0 border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
          >
            {tab.label}
          </T.Trigger>
        ))}
      </T.List>
      {tabs.map((tab) => (
        <T.Content key={tab.value} value={tab.value} className={cn('pt-6 focus-visible:outline-none')}>
          {tab.content}
        </T.Content>
      ))}
    </T.Root>
  );
}
