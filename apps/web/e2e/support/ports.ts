/**
 * Each Playwright worker has its own server, embedded database and SMTP sink (global-setup starts
 * one set per worker), so journeys that change shared things (settings, rates, the clock of a
 * manifest) never meet. Worker N's ports are the base ports plus 100 × N.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1)));

export interface WorkerPorts {
  /** The built server (web and API). */
  app: number;
  /** The loopback SMTP sink the server sends to. */
  smtp: number;
  /** The sink's HTTP endpoint listing what it received. */
  mailbox: number;
  /** The messaging simulator the phone journey starts: the server's MESSAGING_SIMULATOR_URL. */
  messaging: number;
  /** The tracking-aggregator simulator the carrier-tracking journey starts: the server's TRACKING_SIMULATOR_URL. */
  tracking: number;
}

/** The ports of worker `index` (in a worker: its own, from Playwright's TEST_PARALLEL_INDEX). */
export function workerPorts(index = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): WorkerPorts {
  return {
    app: Number(process.env.E2E_PORT ?? 3199) + 100 * index,
    smtp: Number(process.env.E2E_SMTP_PORT ?? 2599) + 100 * index,
    mailbox: Number(process.env.E2E_MAILBOX_PORT ?? 2598) + 100 * index,
    messaging: Number(process.env.E2E_PORT ?? 3199) + 21 + 100 * index,
    tracking: Number(process.env.E2E_PORT ?? 3199) + 22 + 100 * index,
  };
}

export const workerBaseURL = (index?: number) => `http://127.0.0.1:${workerPorts(index).app}`;
