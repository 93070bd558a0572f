/**
 * Invoices, payments, cash-up, collection, rates and reports, one file each in `billing/`; every
 * name stays importable from here.
 */
export { BILLING_MESSAGES, centsSchema } from './billing/messages';
export * from './billing/invoices';
export * from './billing/payments';
export * from './billing/cash-up';
export * from './billing/collection';
export * from './billing/rates';
export * from './billing/reports';
