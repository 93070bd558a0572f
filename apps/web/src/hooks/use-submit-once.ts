import { useRef } from 'react';

/**
 * A submit handler that ignores a press while its previous run is still going (a double click,
 * Enter pressed twice): one request per submit, whatever the button's state.
 */
export function useSubmitOnce<A extends unknown[]>(run: (...args: A) => Promise<unknown>): (...args: A) => Promise<void> {
  const running = useRef(false);
  return async (...args: A) => {
    if (running.current) return;
    running.current = true;
    try {
      await run(...args);
    } finally {
      running.current = false;
    }
  };
}
