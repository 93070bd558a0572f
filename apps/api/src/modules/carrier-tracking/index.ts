// What the rest of the server may use of carrier tracking; its routes are registered by app.ts.
export { trackPreAlert, registerDueTrackings } from './carrier-trackings.service';
export { alertUnreceivedDeliveries } from './warehouse-alerts.service';
export type { TrackingDeps } from './tracking-accounts.service';
