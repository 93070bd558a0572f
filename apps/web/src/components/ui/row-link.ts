import type { MouseEvent } from 'react';

/** What a click already means by itself: a link, a button, a field, a label. */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"], [role="checkbox"], [role="menuitem"]';

/**
 * What opens a row's item: the control marked `data-row-open` (e.g. a Timeline button), else the
 * first link of its cells to one of our pages (not the Actions column, not a carrier's site).
 */
function rowOpener(row: HTMLElement): HTMLElement | undefined {
  const marked = row.querySelector<HTMLElement>('[data-row-open]');
  if (marked) return marked;
  return [...row.querySelectorAll<HTMLAnchorElement>('a[href]:not([target])')].find(
    (a) => !a.closest('[data-row-actions]') && a.origin === window.location.origin,
  );
}

/**
 * The whole row opens its item: a click on a row (or a phone's card) outside any control does
 * what its opener does. Keyboard and screen reader users reach that same control; a click that
 * ends a text selection does nothing.
 */
export function openRowLink(event: MouseEvent<HTMLElement>): void {
  if (event.defaultPrevented || event.button !== 0) return;
  const target = event.target as Element;
  if (target.closest(INTERACTIVE)) return;
  if ((window.getSelection?.()?.toString() ?? '') !== '') return;
  const link = rowOpener(event.currentTarget);
  if (!link) return;
  // The same click on the opener: the router's Link handles it, a modifier opens a new tab.
  link.dispatchEvent(
    new globalThis.MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
    }),
  );
}

/** The pointer over a row that opens its item (approximately rowOpener: external links are rare in first cells). */
export const ROW_LINK_CURSOR = '[&:has([data-row-open],a[href]:not([target]):not([data-row-actions]_*))]:cursor-pointer';
