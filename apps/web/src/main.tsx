// First: configures zod before any of its code runs (see the module).
import './lib/zod-jitless';
import { preloadPage } from './app/page-preload';
import '@fontsource-variable/inter/wght.css';
import './index.css';

// The page's own chunks first, then React, the router and the app shell, all downloading together.
preloadPage(window.location.pathname);
void import('./app/boot').then(({ boot }) => boot());
