import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCENT_MIN_CONTRAST, ACCENT_SURFACES, contrastRatio } from '@courier/shared/domain/accent';
import { THEME_STORAGE_KEY, applyAccent, setTheme } from '@/lib/theme';
import { ThemeSwitch } from './theme-switch';
import { ThemeSwitchButton } from './theme-switch-button';

afterEach(() => {
  setTheme('system');
  applyAccent(null);
});

describe('ThemeSwitch', () => {
  it('follows the system until a mode is chosen, then pins it on <html> and remembers it', async () => {
    const user = userEvent.setup();
    render(<ThemeSwitch />);
    expect(document.documentElement).not.toHaveAttribute('data-theme');

    await user.click(screen.getByRole('button', { name: 'Colour mode: System' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Colour mode: Dark' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Colour mode: Dark' }));
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'System' }));
    expect(document.documentElement).not.toHaveAttribute('data-theme');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('works by keyboard', async () => {
    const user = userEvent.setup();
    render(<ThemeSwitch />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Colour mode: System' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Light' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
  });
});

describe('the courier accent on the page', () => {
  it('sets each mode a shade that text reaches 4.5:1 against, and goes back to the default without one', () => {
    applyAccent('#fde047');
    const style = document.documentElement.style;
    const light = style.getPropertyValue('--accent-l');
    const dark = style.getPropertyValue('--accent-d');
    expect(light).not.toBe('#fde047');
    expect(contrastRatio(light, ACCENT_SURFACES.light)).toBeGreaterThanOrEqual(ACCENT_MIN_CONTRAST);
    expect(dark).toBe('#fde047');
    expect(contrastRatio(dark, ACCENT_SURFACES.dark)).toBeGreaterThanOrEqual(ACCENT_MIN_CONTRAST);
    applyAccent(null);
    expect(style.getPropertyValue('--accent-l')).toBe('');
  });
});

describe('ThemeSwitchButton', () => {
  it('loads the menu on first use and opens it, by pointer or keyboard', async () => {
    const user = userEvent.setup();
    render(<ThemeSwitchButton />);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Colour mode: System' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  });
});
