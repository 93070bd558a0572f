import type { FastifyBaseLogger } from 'fastify';
import { countJobRun } from '../lib/metrics';
import { type TrackingDeps, alertUnreceivedDeliveries, registerDueTrackings } from '../modules/carrier-tracking/index';
import { runExclusive } from './job-lock';
import { repeatEvery } from './repeat';

const HOUR = 3_600_000;

/**
 * Carrier tracking's two rounds: queued tracking numbers go to the aggregator every few seconds
 * (each row claimed in one statement, so replicas share the work), and once an hour, under an
 * advisory lock, parcels the carrier delivered to the warehouse a day ago and nobody received
 * become a warehouse alert for staff.
 */
export async function runWarehouseAlerts(db: TrackingDeps['db'], now = new Date()) {
  const outcome = await runExclusive(db, 'carrier_alerts', (tx) => alertUnreceivedDeliveries(tx, now));
  countJobRun('carrier_alerts', outcome.ran ? 'ran' : 'skipped');
  return outcome;
}

export function startCarrierTrackingJob(deps: TrackingDeps, log: FastifyBaseLogger, registerEveryMs = 10_000, alertEveryMs = HOUR) {
  const register = repeatEvery('carrier_tracking', registerEveryMs, log, async () => {
    const registered = await registerDueTrackings(deps);
    if (registered > 0) log.info({ registered }, 'carrier trackings registered');
  });
  const alerts = repeatEvery('carrier_alerts', alertEveryMs, log, async () => {
    const outcome = await runWarehouseAlerts(deps.db);
    if (outcome.ran && outcome.result > 0) log.info({ alerted: outcome.result }, 'warehouse alerts raised');
  });
  return {
    stop: () => {
      register.stop();
      alerts.stop();
    },
  };
}
