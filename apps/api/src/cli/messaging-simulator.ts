import { startMessagingSimulator } from '../modules/messaging/simulator';

/**
 * The local Twilio Messages API simulator on its own: SIMULATOR_PORT (default 4020) on 127.0.0.1.
 * The demo courier's messaging provider points at it (MESSAGING_SIMULATOR_URL); its inbox is at /.
 */
const sim = await startMessagingSimulator(Number(process.env.SIMULATOR_PORT ?? 4020));
console.log(`Messaging simulator (TEST) on ${sim.origin}: inbox at ${sim.origin}/, JSON at ${sim.origin}/inbox.json`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void sim.close().then(() => process.exit(0)));
