// Before the first paint: the colour mode this browser remembers (lib/theme.ts), so a page pinned
// dark never flashes light. The system's mode needs nothing: tokens.css follows it.
(() => {
  try {
    const theme = localStorage.getItem('theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  } catch {}
})();
