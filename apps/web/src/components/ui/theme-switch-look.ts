import { Monitor, Moon, Sun } from 'lucide-react';

/** The colour mode button's icon per choice and its look, shared by the button and its menu. */
export const THEME_ICONS = { system: Monitor, light: Sun, dark: Moon } as const;
export const THEME_BUTTON = 'rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900';
