import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { accentPair } from '@courier/shared/domain/accent';

/**
 * The colour mode: the system's (prefers-color-scheme) unless the person pins light or dark with
 * the theme switch; remembered in this browser. `data-theme` on <html> pins it for tokens.css; the
 * inline script in index.html applies the remembered choice before the first paint.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: ReadonlyArray<{ value: ThemeChoice; label: string }> = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Kept equal to the key index.html's script reads. */
export const THEME_STORAGE_KEY = 'theme';

const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

let current: ThemeChoice = typeof window === 'undefined' ? 'system' : readChoice();

/**
 * A change of mode recolours the page at once: otherwise every element with a transition (hundreds
 * on a table) fades on its own, the page shows both modes' colours for a moment, and a phone spends
 * the frames. Transitions are off while the new colours are computed, and back right after.
 */
function recolourAtOnce(change?: () => void): void {
  const style = document.createElement('style');
  style.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.append(style);
  change?.();
  void document.body?.offsetHeight;
  setTimeout(() => style.remove(), 1);
}

// The system's mode changing while a page is open (tokens.css follows it by itself).
if (typeof window !== 'undefined') window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', () => recolourAtOnce());

/** Pins (or, with 'system', unpins) the mode on the page. */
export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  recolourAtOnce(() => {
    if (choice === 'system') delete root.dataset.theme;
    else root.dataset.theme = choice;
  });
}

export function setTheme(choice: ThemeChoice): void {
  current = choice;
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused: the choice lasts until the page is left.
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remembered choice and its setter. */
export function useTheme(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(
    subscribe,
    () => current,
    () => 'system' as const,
  );
  return [choice, useCallback((next: ThemeChoice) => setTheme(next), [])];
}

/**
 * Paints the portal or storefront in the courier's accent: the colour shaded for each mode so
 * text in it and on it reaches 4.5:1 (shared/domain/accent.ts). Null keeps the default accent.
 */
export function applyAccent(hex: string | null | undefined): void {
  const style = document.documentElement.style;
  if (!hex) {
    style.removeProperty('--accent-l');
    style.removeProperty('--accent-d');
    return;
  }
  const pair = accentPair(hex);
  style.setProperty('--accent-l', pair.light);
  style.setProperty('--accent-d', pair.dark);
}

/** Applies the courier's accent while the calling layout is shown. */
export function useAccent(hex: string | null | undefined): void {
  useEffect(() => {
    applyAccent(hex);
    return () => applyAccent(null);
  }, [hex]);
}
