import { type RefObject, useLayoutEffect } from 'react';

/** The CSS variable that holds how far from the top toasts sit (app-toaster.tsx reads it). */
export const TOAST_TOP_VAR = '--toast-top';
/** Below the 64 px header, with 8 px to spare. */
export const TOAST_TOP_DEFAULT = 72;

/**
 * Keeps toasts below a note shown under the header (the impersonation banner): a toast over the
 * note's button would hide it for seconds, and for as long as the pointer rests on the toast.
 */
export function useToastsBelow(note: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = note.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const place = () => root.style.setProperty(TOAST_TOP_VAR, `${TOAST_TOP_DEFAULT + element.getBoundingClientRect().height}px`);
    place();
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place);
    resized?.observe(element);
    return () => {
      resized?.disconnect();
      root.style.removeProperty(TOAST_TOP_VAR);
    };
  }, [note, shown]);
}
