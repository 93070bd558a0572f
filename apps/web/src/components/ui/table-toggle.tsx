import { type ReactNode, useId, useState } from 'react';
import { Button } from './button';

/**
 * A chart's figures as a table, folded behind "Show table": the chart says the shape, the table
 * the exact figures for whoever asks. The table stays in the page, hidden, so the button's
 * aria-controls always names it.
 */
export function TableToggle({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="space-y-2">
      <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide table' : 'Show table'}
      </Button>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
