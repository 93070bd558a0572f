// What the rest of the server may use of pre-alerts: the writers of the pre_alerts table, which this
// module alone writes (scripts/table-writers.mjs); its routes are registered by app.ts.
export { insertPreAlert, markPreAlertsReceived, reopenPreAlert, setPreAlertInvoice } from './pre-alert-records.service';
