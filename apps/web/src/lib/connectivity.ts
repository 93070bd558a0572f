/**
 * Whether the API can be reached, as the app last saw it: a call that could not reach the server
 * (network error, time-out) marks it offline, any answer marks it online again (unless the browser
 * itself says it is offline), and so do the browser's own online/offline events. Screens read it
 * to show one offline banner instead of signing anyone out or showing empty lists.
 */
type Listener = () => void;

let offline = typeof navigator !== 'undefined' && navigator.onLine === false;
/** When the oldest copy on screen was kept, while the customer app shows kept answers (its worker's X-Offline-Copy). */
let copyAsOf: string | null = null;
const listeners = new Set<Listener>();

function set(next: boolean): void {
  if (next === offline) return;
  offline = next;
  if (!next) copyAsOf = null;
  for (const l of listeners) l();
}

export const connectivity = {
  isOffline: (): boolean => offline,
  markOffline: (): void => set(true),
  markOnline: (): void => {
    // An answer sent before the connection dropped can arrive after the browser said it is offline:
    // while the browser says so, only its online event ends it.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    set(false);
  },
  /** An answer came from the device's kept copy, kept at `at`: offline, showing data as of then. */
  servedCopy(at: string): void {
    const older = copyAsOf === null || at < copyAsOf;
    if (older) copyAsOf = at;
    if (!offline) set(true);
    else if (older) for (const l of listeners) l();
  },
  copyAsOf: (): string | null => copyAsOf,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => set(true));
  window.addEventListener('online', () => set(false));
}
