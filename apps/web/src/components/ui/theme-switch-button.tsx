import { Suspense, lazy, useState } from 'react';
import { THEME_CHOICES, useTheme } from '@/lib/theme';
import { THEME_BUTTON, THEME_ICONS } from './theme-switch-look';

const loadSwitch = () => import('./theme-switch');
const ThemeSwitch = lazy(async () => ({ default: (await loadSwitch()).ThemeSwitch }));

/**
 * The header's colour mode button. Its menu (Radix's dropdown and positioning, about 19 KB) is not
 * part of a portal's first visit: the code loads when the pointer or the focus comes to the button,
 * and the first press opens the menu once it is in. The button looks and reads the same throughout.
 */
export function ThemeSwitchButton() {
  const [used, setUsed] = useState(false);
  const [choice] = useTheme();
  const Icon = THEME_ICONS[choice];
  const label = THEME_CHOICES.find((c) => c.value === choice)?.label ?? 'System';
  const button = (
    <button
      type="button"
      className={THEME_BUTTON}
      aria-label={`Colour mode: ${label}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadSwitch()}
      onFocus={() => void loadSwitch()}
      onClick={() => setUsed(true)}
    >
      <Icon className="h-5 w-5" aria-hidden="true" />
    </button>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <ThemeSwitch defaultOpen />
    </Suspense>
  );
}
