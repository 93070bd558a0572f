// What the rest of the server may use of pre-alerts: the writers of the pre_alerts table, which this
// module alone writes (scripts/table-writers.mjs), and the one place a pre-alert is made, which
// announces it; its routes are registered by app.ts.
export { markPreAlertsReceived, reopenPreAlert, setPreAlertInvoice } from './pre-alert-records.service';
export { type NewPreAlert, recordPreAlert } from './pre-alerts.service';
