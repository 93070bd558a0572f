import { startTrackingSimulator } from '../modules/carrier-tracking/simulator';

/**
 * The local tracking-aggregator simulator (AfterShip's protocol) on its own: SIMULATOR_PORT
 * (default 4030) on 127.0.0.1. Couriers in test mode follow their pre-alerts through it
 * (TRACKING_SIMULATOR_URL); a carrier's scan is `POST /simulator/checkpoints`.
 */
const sim = await startTrackingSimulator(Number(process.env.SIMULATOR_PORT ?? 4030));
console.log(`Tracking simulator (TEST) on ${sim.origin}: trackings at ${sim.origin}/simulator/trackings`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void sim.close().then(() => process.exit(0)));
