import { type RefObject, useEffect, useRef, useState } from 'react';

/** How long a page may take to show its heading (its chunk and first data) before the region itself takes the focus. */
const HEADING_WAIT_MS = 2000;

/**
 * After a move to another page (not the first load), the focus goes to the new page's main heading,
 * else its main region, and the page's title is announced politely: a keyboard or screen reader
 * user starts at the top of what changed instead of on the sidebar link.
 */
export function usePageFocus(path: string, title: string, main: RefObject<HTMLElement | null>): string {
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  const titleRef = useRef(title);
  titleRef.current = title;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is what moves the focus.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setAnnouncement(titleRef.current);
    const started = Date.now();
    let timer: number | undefined;
    const place = () => {
      const region = main.current;
      if (!region) return;
      const heading = region.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      } else if (Date.now() - started < HEADING_WAIT_MS) {
        timer = window.setTimeout(place, 50);
      } else {
        region.focus({ preventScroll: true });
      }
    };
    place();
    return () => window.clearTimeout(timer);
  }, [path, main]);

  return announcement;
}
