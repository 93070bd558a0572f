import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and during the first client render of a pre-rendered page (hydration),
 * true afterwards and in every render of a page that was not pre-rendered. What only the browser
 * knows (the token in storage) waits for it, so the first client render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
