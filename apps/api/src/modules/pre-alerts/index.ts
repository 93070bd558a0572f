// What the rest of the server may use of pre-alerts (its routes are registered by app.ts): the one
// place a pre-alert is made, which announces it.
export { type NewPreAlert, recordPreAlert } from './pre-alerts.service';
