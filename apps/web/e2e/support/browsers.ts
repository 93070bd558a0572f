import { existsSync } from 'node:fs';

/**
 * The browsers of the journeys. Journeys run in Chromium's headless shell, the headless build
 * Playwright itself uses by default: the same Blink, without the full browser around it, which
 * took about a quarter less CPU than full Chromium's headless mode on the same journeys
 * (docs/performance.md "CI time"). A journey about what only the full browser does (push and
 * notification permissions, refusing a cross-site frame its storage) runs in full Chromium
 * (`test.use(FULL_CHROMIUM)`); without a headless shell every journey runs in full Chromium.
 */

/** Full Chromium (CHROMIUM_PATH, else Debian's). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The headless shell (CHROMIUM_HEADLESS_SHELL_PATH, else Debian's `chromium-headless-shell`), else full Chromium. */
export const HEADLESS_SHELL =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM);

/** Every journey browser's switches. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A journey's page lives seconds: V8's optimising compilers (Maglev, TurboFan) and its helper
  // threads cost more than they save there. The interpreter and Sparkplug run the same code.
  '--js-flags=--single-threaded,--no-opt,--no-maglev',
  ...(process.env.E2E_EXTRA_ARGS ? process.env.E2E_EXTRA_ARGS.split(' ') : []),
];

/** For `test.use`: a file whose journeys need full Chromium (they run in a worker of their own). */
export const FULL_CHROMIUM = { launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } };
