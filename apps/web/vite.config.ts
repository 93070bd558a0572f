import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** Matches a package under node_modules (the path separator may be / or \). */
const pkg = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);

/**
 * Chunk groups. Every page is its own lazy chunk (app/routes/**), but left to itself the bundler
 * also cuts every small module shared by two pages (an icon, a button) into a chunk of its own, and
 * the home page made ~30 requests, which on a phone's connection cost a round trip per ~6 files.
 * These groups keep the first paint of a public or sign-in page to a handful of files
 * (`npm run bench:web` measures it; the home page must stay under 150 KB of JavaScript, gzip):
 * - preload: Vite's preload helper and the early API requests (lib/early-requests.ts, which the
 *   session also imports), so the entry (main.tsx) can ask for the page's chunks and a signed-in
 *   customer's first answers before React has downloaded (app/page-preload.ts, signed-in-start.ts).
 * - framework: React, React Router, TanStack Query; on every page, and cached across deploys that
 *   do not upgrade them.
 * - zod: only for the pages that validate, and on the public and sign-in forms only from their first
 *   validation (lib/lazy-resolver.ts).
 * - resolvers: react-hook-form's zod resolver, on its own: in zod it would pull react-hook-form into
 *   every page that parses with zod (the dashboards), in forms onto the forms' first paint.
 * - forms: react-hook-form, and the zod-free messages and constants of those forms
 *   (shared schemas/auth-form.ts, schemas/public-form.ts), which they show before zod loads.
 * - kit: the session, API client, small UI parts and shared constants of the public and sign-in
 *   pages (lucide's runtime, not its icons), and what every portal page needs from them too (dates,
 *   money, the colour mode): left to the site group, a portal's first visit fetched the public
 *   site's chunk and react-hook-form with it. Nothing here may import zod.
 * - icons: the icons used by more than one page.
 * - portal: the signed-in portals' frame (sidebar, header, drawer, badges, the live ticket stream's
 *   client) and the small parts of their pages (card, skeleton, page header): on its own, each was a
 *   file of under 1 KB, and a customer's first visit to the dashboard made ~30 requests, a round
 *   trip each on a phone. No public or sign-in page imports any of it.
 * - site: the public layout (header, footer) and the parts the marketing pages share.
 */
const chunkGroups = [
  { name: 'preload', priority: 40, test: /vite[\\/]preload-helper|src[\\/]lib[\\/]early-requests\.ts$/ },
  {
    name: 'framework',
    priority: 30,
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/,
  },
  { name: 'zod', priority: 25, test: pkg('zod') },
  { name: 'resolvers', priority: 20, test: pkg('@hookform[\\\\/]resolvers') },
  {
    name: 'forms',
    priority: 26,
    test: /node_modules[\\/]react-hook-form[\\/]|shared[\\/]src[\\/]schemas[\\/](auth|public)-form\.ts$/,
  },
  {
    name: 'kit',
    // Above forms: a group also takes its modules' dependencies, and forms' shared messages import
    // the shared constants, which belong here (the home page needs them, not react-hook-form).
    priority: 27,
    test: new RegExp(
      [
        'node_modules[\\\\/](lucide-react[\\\\/]dist[\\\\/]esm[\\\\/](?!icons)|clsx[\\\\/]|tailwind-merge[\\\\/])',
        'src[\\\\/]lib[\\\\/](api-client|cn|embedded-site|format-date|hydration|lazy-resolver|lazy-toast|paths|session|storage|theme|when-idle)\\.tsx?$',
        'src[\\\\/]components[\\\\/]ui[\\\\/](button|input|field|select|checkbox|password-input|spinner)\\.tsx$',
        'shared[\\\\/]src[\\\\/](constants[\\\\/]|format[\\\\/]money\\.ts|domain[\\\\/](permissions|redirects|avatar|accent)\\.ts)',
        'features[\\\\/]public[\\\\/](api[\\\\/](get-courier-brand|submit-)|format-money)',
      ].join('|'),
    ),
  },
  { name: 'icons', priority: 8, minShareCount: 2, test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/ },
  {
    name: 'portal',
    priority: 7,
    test: new RegExp(
      [
        'src[\\\\/]components[\\\\/]layout[\\\\/](portal-shell|page-focus|sidebar-nav|page-header)\\.tsx?$',
        'src[\\\\/]components[\\\\/]ui[\\\\/](card|skeleton|badge|courier-filter|table-toggle|data-table-layout)\\.tsx?$',
        'src[\\\\/](lib[\\\\/]soft-breaks|hooks[\\\\/]use-options)\\.tsx?$',
        'features[\\\\/]tickets[\\\\/](api[\\\\/]|hooks[\\\\/]use-ticket-badges|components[\\\\/]ticket-nav-badge)',
        'features[\\\\/]communications[\\\\/](api[\\\\/](keys|communications)|components[\\\\/]notification-badge)\\.tsx?$',
        'features[\\\\/](search[\\\\/]components[\\\\/]command-palette|auth[\\\\/]components[\\\\/]framed-portal)\\.tsx$',
      ].join('|'),
    ),
  },
  {
    name: 'site',
    priority: 5,
    test: /routes[\\/]public[\\/](public-layout|site-header|site-footer|brand-link|nav-items|page-parts|site-info|flows|faq-links|account-links)\.tsx?$|features[\\/]public[\\/]components[\\/]/,
  },
];

/**
 * The scan station as an installable app: Workbox's generated service worker precaches
 * the built app shell (every chunk, so any staff screen opens offline) and answers a navigation
 * with index.html when the network is gone; the API is never cached. The manifest is the static
 * public/manifest.webmanifest, linked only from the staff and admin portals (lib/station-app.ts),
 * which also register the worker, in production builds only: a customer on the public site never
 * downloads the staff app nor sees an offer to install a scan station.
 */
const stationApp = VitePWA({
  injectRegister: false,
  manifest: false,
  registerType: 'autoUpdate',
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm}'],
    // The camera's barcode reader (ZXing in WebAssembly) is the largest file, about 1 MB.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
});

/**
 * The app's start-up (app/boot.tsx and what it imports: React, the router, the kit), asked for by
 * the page itself: every page needs it, but the entry imports it only once it has run, so without
 * these links a phone waits for the entry's download and run before it starts the largest download.
 */
const preloadBoot: Plugin = {
  name: 'preload-boot',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      const chunks = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk');
      const boot = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith('/src/app/boot.tsx'));
      if (!boot) throw new Error('preload-boot: no chunk for src/app/boot.tsx');
      const files = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visit(imported);
      };
      visit(boot.fileName);
      return [...files]
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
    },
  },
};

/**
 * Each script, stylesheet and other text file of the browser's build, also compressed at the
 * highest levels (brotli 11, gzip 9) beside it: the server sends those as they are (plugins/static.ts)
 * instead of compressing on every request at the quick levels, which is ~15 % smaller (a customer's
 * first visit: 199 KB of JavaScript) and costs the server no CPU while the first page loads.
 */
const precompressed = compression({
  algorithms: ['brotliCompress', 'gzip'],
  include: /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt)$/,
  threshold: 1024,
  skipIfLargerOrEqual: true,
  logLevel: 'silent',
});

/**
 * `vite build` makes the browser's app in dist/; `vite build --ssr` (npm run build) the server-side
 * render of the public and sign-in pages in dist/_ssr, one self-contained module that
 * scripts/prerender.mjs runs at build time and the API at request time. The service
 * worker belongs to the browser's build only.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [stationApp, preloadBoot, precompressed])],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? { outDir: 'dist/_ssr', sourcemap: false, copyPublicDir: false, emptyOutDir: true, chunkSizeWarningLimit: 2000 }
    : {
        outDir: 'dist',
        sourcemap: false,
        chunkSizeWarningLimit: 600,
        rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
      },
}));
