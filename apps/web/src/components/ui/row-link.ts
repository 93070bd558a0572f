import type { MouseEvent } from 'react';

/** What a click already means by itself: a link, a button, a field, a label. */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"], [role="checkbox"], [role="menuitem"]';

/**
 * The whole row opens its item: a click on a row (or a phone's card) outside any control follows
 * the first link of its cells, the one that names the item (not the Actions column). Keyboard and
 * screen reader users reach that same link; a click that ends a text selection does nothing.
 */
export function openRowLink(event: MouseEvent<HTMLElement>): void {
  if (event.defaultPrevented || event.button !== 0) return;
  const target = event.target as Element;
  if (target.closest(INTERACTIVE)) return;
  if ((window.getSelection?.()?.toString() ?? '') !== '') return;
  const link = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a[href]')].find((a) => !a.closest('[data-row-actions]'));
  if (!link) return;
  // The same click on the link: the router's Link handles it, a modifier opens a new tab.
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

/** The pointer over a row that opens its item (one with a link outside its actions). */
export const ROW_LINK_CURSOR = '[&:has(a[href]:not([data-row-actions]_*))]:cursor-pointer';
