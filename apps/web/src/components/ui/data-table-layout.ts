import { type RefObject, useEffect, useState } from 'react';

/** Under this container width rows render as cards (title, status, primary action). */
export const CARD_BREAKPOINT = 640;
/** Width a column is counted at when it names none (the drawn table is measured after, see DataTable). */
export const DEFAULT_COLUMN_WIDTH = 130;
export const MIN_COLUMN_WIDTH = 20;
/** Room for the Actions column (about three small buttons) unless the page says otherwise. */
export const ACTIONS_COLUMN_WIDTH = 170;
/** The row-detail toggle's column. */
export const EXPANDER_WIDTH = 44;

/**
 * A column's priority: 1 stays visible at every table width (what identifies the row, its
 * status), 2 is important, 3 and higher fold first. Columns without one count as 2.
 */
export const DEFAULT_PRIORITY = 2;

export interface FoldableColumn {
  field: string;
  width?: number;
  priority?: number;
}

/**
 * Which columns fit a table `available` px wide: every column when all fit; otherwise the columns
 * in priority order (1 first; ties by position) while they fit beside the Actions column and the
 * row-detail toggle, priority-1 columns always. `extraFolds` folds that many more (lowest
 * priority, rightmost first) when the rendered table still came out wider than its box.
 * Answers the folded fields, in column order.
 */
export function foldColumns(columns: FoldableColumn[], available: number, actionsWidth: number, extraFolds = 0): string[] {
  if (!(available > 0)) return [];
  const width = (c: FoldableColumn) => Math.max(c.width ?? DEFAULT_COLUMN_WIDTH, MIN_COLUMN_WIDTH);
  const all = columns.reduce((sum, c) => sum + width(c), 0);
  const ranked = columns
    .map((c, index) => ({ c, index, priority: c.priority ?? DEFAULT_PRIORITY }))
    .sort((a, b) => a.priority - b.priority || a.index - b.index);
  const folded = new Set<string>();
  if (all + actionsWidth > available) {
    let used = actionsWidth + EXPANDER_WIDTH;
    // Once a column does not fit, every less important one folds too (a narrow priority-4
    // column never stays while a priority-3 one is folded).
    let cutoff = Number.POSITIVE_INFINITY;
    for (const { c, priority } of ranked) {
      if (priority <= 1 || (priority <= cutoff && used + width(c) <= available)) used += width(c);
      else {
        folded.add(c.field);
        cutoff = Math.min(cutoff, priority);
      }
    }
  }
  // Still too wide when drawn: fold further, least important first, never a priority-1 column.
  for (const { c, priority } of [...ranked].reverse()) {
    if (extraFolds <= 0) break;
    if (priority <= 1 || folded.has(c.field)) continue;
    folded.add(c.field);
    extraFolds--;
  }
  return columns.filter((c) => folded.has(c.field)).map((c) => c.field);
}

/** The element's content width, kept current by a ResizeObserver; 0 until measured (or in jsdom). */
export function useContainerWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The observer reports the first width itself, after the browser's own layout: reading
    // clientWidth here would force a layout of its own in the middle of the first render.
    if (typeof ResizeObserver === 'undefined') {
      setWidth(el.clientWidth);
      return;
    }
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
