// What the rest of the server may use of notifications; everything else in the folder is its own.
export { customerWants, emailPreferences, saveEmailPreferences, tellCustomer } from './customer-notices.service';
export { messageOf, notify, notifyCustomer, notifyCustomers, queueCustomerNotices, type NotifyCustomerInput } from './notify.service';
export { enqueueWelcomeEmail } from './welcome-email.service';
