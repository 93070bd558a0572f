// What the rest of the server may use of payments.
export { sendReceipt } from './receipt.subscriber';
export { recordPayment } from './payments.service';
export { recordRefund } from './refund-records.service';
export { applyPayment, recordPrepayment } from './prepayment-payments.service';
