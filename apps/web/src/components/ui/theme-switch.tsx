import { Check } from 'lucide-react';
import { DropdownMenu as M } from 'radix-ui';
import { THEME_CHOICES, type ThemeChoice, useTheme } from '@/lib/theme';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuTrigger } from './dropdown-menu';
import { THEME_BUTTON, THEME_ICONS } from './theme-switch-look';

/**
 * The colour mode switch of the header: System, Light or Dark, remembered in this browser. The
 * header shows `ThemeSwitchButton` (theme-switch-button.tsx), which loads this on first use, open.
 */
export function ThemeSwitch({ defaultOpen }: { defaultOpen?: boolean }) {
  const [choice, setChoice] = useTheme();
  const Icon = THEME_ICONS[choice];
  const label = THEME_CHOICES.find((c) => c.value === choice)?.label ?? 'System';
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={THEME_BUTTON} aria-label={`Colour mode: ${label}`}>
        <Icon className="h-5 w-5" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-40">
        <DropdownMenuLabel>Colour mode</DropdownMenuLabel>
        <M.RadioGroup value={choice} onValueChange={(value) => setChoice(value as ThemeChoice)}>
          {THEME_CHOICES.map((option) => {
            const ItemIcon = THEME_ICONS[option.value];
            return (
              <M.RadioItem
                key={option.value}
                value={option.value}
                className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
              >
                <ItemIcon className="h-4 w-4" aria-hidden="true" />
                <span className="flex-1">{option.label}</span>
                <M.ItemIndicator>
                  <Check className="h-4 w-4 text-brand-700" aria-hidden="true" />
                </M.ItemIndicator>
              </M.RadioItem>
            );
          })}
        </M.RadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
