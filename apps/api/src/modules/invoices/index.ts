// What the rest of the server may use of invoices; everything else in the folder is its own.
export { invoiceReadyPackages, packagesOnLiveInvoice, willBeInvoicedWhenReady } from './automatic-billing.service';
export { chargeDueFees, chargePackageFee, releaseDeliveryFee } from './due-fees.service';
export { applyPaymentToInvoice } from './invoice-balance.service';
export { invoiceScope, lockInvoiceForChange, type InvoiceScope } from './invoice-access.service';
export { liveInvoiceOfPackage, recomputeInvoice, refuseIfPaid, removePackageFromInvoice } from './invoice-corrections.service';
export { addCouponLine } from './invoice-discounts.service';
export { issueServiceInvoice } from './invoice-issuing.service';
export { invoicePackageRows } from './invoice-package-rows.service';
export { getInvoiceDetail } from './invoice-queries.service';
export { estimatePackage } from './package-estimate.service';
export { accrueStorageOnInvoice, chargeLeavingStorage, storageDaysOnLeaving } from './storage-accrual.service';
export { accrueStorageAfterPayment } from './storage-accrual.service';
