import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetEarly } from '@/lib/early-requests';
import { setServerPublicSite } from '@/lib/embedded-site';
import { forgetSite } from '@/lib/public-site-store';
import { forgetMemoryStorage } from '@/lib/storage';
import { setTheme } from '@/lib/theme';

// findBy… and waitFor wait for what a screen will show, not how fast: on a loaded 2-core machine a
// role query over a whole form has taken over the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

// Test files share a worker's page (vitest.config.ts): each test starts as a new visit would.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  forgetEarly();
  forgetSite();
  setServerPublicSite(null);
  forgetMemoryStorage();
  setTheme('system');
  document.documentElement.removeAttribute('style');
  document.title = '';
  // The installable portals link their manifest and icon in the head (the customer's replaces the station's).
  for (const link of document.head.querySelectorAll('link[rel="manifest"], link[rel="apple-touch-icon"]')) link.remove();
  window.history.replaceState(null, '', '/');
});
