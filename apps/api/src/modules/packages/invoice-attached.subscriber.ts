import { subscriber } from '../../lib/domain-events';
import { releaseForPreAlertInvoice } from './package-holds.service';

/** The merchant invoice is on the pre-alert: its package held for it is released, by the customer. */
export const releaseForAttachedInvoice = subscriber({
  name: 'packages.release-for-invoice',
  on: 'pre_alert.invoice_attached',
  async handle({ db, mailer }, { data }) {
    await releaseForPreAlertInvoice(db, mailer, data.preAlertId, { userId: null, branchId: data.branchId });
  },
});
