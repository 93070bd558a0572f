import { z } from 'zod';

/**
 * Invoices, payments, collection and reports (DOMAIN.md, Charges). No fixed wording covers these
 * screens, so the wording is ours; it lives here so the forms and the API say the same thing.
 */
export const BILLING_MESSAGES = {
  invoiceNotFound: 'Invoice not found',
  paymentNotFound: 'Payment not found',
  customerNotFound: 'Customer not found',
  branchNotFound: 'Branch not found',
  chooseBranch: 'Choose a branch',
  choosePackages: 'Choose at least one package',
  choosePackage: 'Choose the package customs assessed',
  packagesNotReady: 'Only packages ready for pickup can be invoiced',
  packagesNotCustomers: 'Every package must belong to the chosen customer',
  packageAlreadyInvoiced: (pkg: string, invoiceNo: string) => `Package ${pkg} is already on invoice ${invoiceNo}`,
  invoiceVoid: 'This invoice is void',
  invoiceNotVoid: 'Only a void invoice can be re-issued',
  voidHasPayments: 'This invoice has payments; it cannot be voided',
  voidReasonRequired: 'Please give a reason for voiding the invoice',
  customsBelowPaid: 'The new total would be less than what has already been paid',
  packageNotOnInvoice: 'That package is not on this invoice',
  amountRequired: 'Please enter an amount',
  amountPositive: 'The amount must be greater than 0',
  moneyStep: 'Use at most two decimal places',
  chooseInvoice: 'Choose at least one invoice',
  duplicateInvoice: 'An invoice appears twice in this payment',
  invoiceCourierAmbiguous: 'These invoice numbers exist at more than one courier; open the invoice from its courier',
  invoicesOneCustomer: 'All invoices of one payment must belong to the same customer',
  referenceRequired: 'Please enter the bank transfer reference',
  tenderedCashOnly: 'Amount tendered applies to cash payments only',
  tenderedTooLow: (total: string) => `The amount tendered is less than the payment (JMD ${total})`,
  overpayment: (invoiceNo: string, balance: string) => `The payment is more than the balance of ${invoiceNo} (JMD ${balance})`,
  invoicePaid: (invoiceNo: string) => `Invoice ${invoiceNo} is already paid`,
  collectorRequired: "Please enter the collector's name",
  signatureRequired: 'Please sign in the box',
  signatureInvalid: 'The signature must be a PNG image',
  unpaidCollection: 'This invoice has an unpaid balance. A manager must permit collection.',
  alreadyCollected: 'The packages of this invoice have already been collected',
  nothingToCollect: 'No package of this invoice is ready for pickup',
  cashUpExists: 'The cash-up for this branch and day has already been recorded',
  cashUpMissing: 'No cash-up has been recorded for this branch and day yet',
  correctionReasonRequired: 'Please give a reason for the correction',
  cashUpCorrected: 'Cash-up corrected',
  dateRange: 'The start date must not be after the end date',
  invoiceIssued: 'Invoice issued',
  invoiceVoided: 'Invoice voided',
  invoiceReissued: 'Invoice re-issued',
  customsSaved: 'Customs assessment saved',
  paymentRecorded: 'Payment recorded',
  cashUpRecorded: 'Cash-up recorded',
  collected: 'Collection recorded: the packages are delivered',
  tillRequired: 'Choose the branch whose till takes this payment',
  refundTillRequired: 'Choose the branch whose till the cash is handed back from',
  alreadyOnTill: (branch: string) => `This payment is already on the till of ${branch}`,
  placedOnTill: (receiptNo: string, branch: string) => `${receiptNo} placed on the till of ${branch}`,
  onlineNotOnTill: 'Online payments are not taken at a till',
  creditNotOnTill: 'Account credit is not taken at a till',
} as const;

export const CENTS_MAX = 1_000_000_000_00;
/** Money typed by a person in JMD (12.50) -> integer cents; the API takes cents. */
export const centsSchema = z
  .number({ error: BILLING_MESSAGES.amountRequired })
  .int(BILLING_MESSAGES.moneyStep)
  .positive(BILLING_MESSAGES.amountPositive)
  .max(CENTS_MAX, 'Amount is too large');
