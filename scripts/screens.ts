/**
 * Screenshots of the ten main screens (customer dashboard, packages, invoices, an invoice, the scan
 * station, the admin dashboard, packages, invoices, customers and settings) in the light and the dark mode at 1366 and 375 px, saved
 * as docs/screens/<screen>-<mode>-<width>.png, plus the home page's store marks.
 *
 *   npm run build && npx tsx scripts/screens.ts
 *
 * It runs the look journey (apps/web/e2e/a11y/look.spec.ts), which also holds every screen to axe,
 * with SCREENS_DIR set; its own server, database and mail sink come from the journeys' set-up. The
 * ports are E2E_PORT, E2E_SMTP_PORT and E2E_MAILBOX_PORT when set. PNGs at the page's
 * own size (the viewport, not the full page), so each stays small.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'docs', 'screens');
const run = spawnSync('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', 'apps/web/e2e/a11y/look.spec.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SCREENS_DIR: out, CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
});
// Smaller files where pngquant is installed (Debian's package): 256 colours are plenty for UI.
const quant = spawnSync(
  'sh',
  ['-c', `command -v pngquant >/dev/null && pngquant --force --ext .png --skip-if-larger 256 "${out}"/*.png || true`],
  {
    stdio: 'inherit',
  },
);
if (quant.error) console.warn('pngquant did not run; the screenshots are kept as they are');
console.log(`Screens in ${path.relative(root, out)}/`);
process.exit(run.status ?? 1);
