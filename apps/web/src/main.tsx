// First: configures zod before any of its code runs (see the module).
import './lib/zod-jitless';
import { preloadPage } from './app/page-preload';
import { startSignedInPage } from './app/signed-in-start';
import '@fontsource-variable/inter/wght.css';
import './index.css';

// The page's own chunks (and a signed-in customer's first requests) first, then React, the router and the app shell, all downloading together.
const pageStarted = preloadPage(window.location.pathname) || startSignedInPage(window.location.pathname);
void import('./app/boot').then(({ boot }) => boot({ pageStarted }));
